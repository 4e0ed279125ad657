import { readProperty } from './safe-read.js';
import { toWholeNonNegative } from './whole-number.js';

/**
 * The token counts a model call reported, in faultline's names (the contract's `TokenUsage`): each a
 * whole number, absent where nobody reported it.
 */
export type ReportedUsage = { readonly [K in (typeof USAGE_KEYS)[number]]?: number };

/**
 * The counters a provider's usage objects have reported so far, by what each counts. Anthropic's cache
 * counters stay apart from its `input_tokens`, which leaves them out, until {@link usageOfCounts} adds
 * them: a later event may repeat any one of them alone.
 */
export type UsageCounts = { readonly [K in (typeof COUNTERS)[number][0]]?: number };

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'totalTokens', 'cachedInputTokens', 'reasoningTokens'] as const;

// Each counter and where a provider's usage object keeps it: OpenAI's chat completions, its Responses
// API, and Anthropic's Messages API (`cache_*_input_tokens`, `output_tokens_details.thinking_tokens`).
const COUNTERS = [
  ['input', 'prompt_tokens'], ['input', 'input_tokens'],
  ['output', 'completion_tokens'], ['output', 'output_tokens'],
  ['total', 'total_tokens'],
  ['cached', 'prompt_tokens_details', 'cached_tokens'], ['cached', 'input_tokens_details', 'cached_tokens'],
  ['cacheRead', 'cache_read_input_tokens'], ['cacheWrite', 'cache_creation_input_tokens'],
  ['reasoning', 'completion_tokens_details', 'reasoning_tokens'], ['reasoning', 'output_tokens_details', 'reasoning_tokens'],
  ['reasoning', 'output_tokens_details', 'thinking_tokens'],
] as const;

/**
 * `counts` with the counters a provider's usage object reports over them. Each report of a counter is
 * its value so far for the whole call (Anthropic's `message_delta` repeats its counters cumulatively),
 * so the latest wins; a counter it leaves out or sets to null keeps its earlier value. Never throws.
 *
 * @example
 * ```ts
 * const start = withUsageReported({}, { input_tokens: 100, cache_read_input_tokens: 20, output_tokens: 1 });
 * usageOfCounts(withUsageReported(start, { output_tokens: 7 })); // { inputTokens: 120, outputTokens: 7, cachedInputTokens: 20 }
 * ```
 */
export function withUsageReported(counts: UsageCounts, usage: unknown): UsageCounts {
  // Most events of a stream carry none: nothing to copy.
  if (typeof usage !== 'object' || usage === null) return counts;
  const next: Record<string, number> = { ...counts };
  for (const [counter, ...path] of COUNTERS) {
    const value = toWholeNonNegative(path.reduce<unknown>(readProperty, usage));
    if (value !== undefined) next[counter] = value;
  }
  return next;
}

/**
 * The usage object a provider's stream event carries: a chat completion chunk's `usage` (the last one,
 * with `stream_options.include_usage`), Anthropic's `message_delta` `usage` and `message_start`
 * `message.usage`, the Responses API's `response.usage` (on `response.completed`, `response.failed`,
 * `response.incomplete`). Undefined, or the null an event holds in its place, for any other chunk.
 */
export function usageInEvent(chunk: unknown): unknown {
  return readProperty(chunk, 'usage') ?? readProperty(readProperty(chunk, 'message'), 'usage') ?? readProperty(readProperty(chunk, 'response'), 'usage');
}

/**
 * The usage one provider event or response reports on its own, or undefined: {@link usageInEvent}
 * read into faultline's names. For a reader of a single value (a `response.failed` event given to
 * `ModelError.from`); a stream's events are added up with {@link withUsageReported}.
 *
 * @example
 * ```ts
 * usageOfEvent({ type: 'response.failed', response: { usage: { input_tokens: 9, output_tokens: 2, total_tokens: 11 } } }); // { inputTokens: 9, outputTokens: 2, totalTokens: 11 }
 * ```
 */
export function usageOfEvent(event: unknown): ReportedUsage | undefined {
  return usageOfCounts(withUsageReported({}, usageInEvent(event)));
}

/**
 * The usage the counts stand for, or undefined when none was reported. `inputTokens` counts every input
 * token, those read from or written to a cache included (OpenAI's `prompt_tokens` and `input_tokens`
 * do; Anthropic's `input_tokens` does not, so its two cache counters are added); `cachedInputTokens`
 * those read from a cache; `outputTokens` every output token, reasoning included; `reasoningTokens`
 * those spent on reasoning; `totalTokens` only as the provider counted it (Anthropic reports none).
 *
 * @example
 * ```ts
 * usageOfCounts(withUsageReported({}, { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 })); // { inputTokens: 12, outputTokens: 3, totalTokens: 15 }
 * usageOfCounts({}); // undefined
 * ```
 */
export function usageOfCounts(counts: UsageCounts): ReportedUsage | undefined {
  const { input, cacheRead, cacheWrite, cached = cacheRead } = counts;
  return reportedUsage({
    inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: counts.output,
    totalTokens: counts.total,
    cachedInputTokens: cached,
    reasoningTokens: counts.reasoning,
  });
}

/**
 * The five counts as faultline keeps them: each a whole number (a fraction rounded), anything else
 * left out; undefined when none is left. Never throws.
 *
 * @example
 * ```ts
 * reportedUsage({ inputTokens: 10.4, outputTokens: 'many' }); // { inputTokens: 10 }
 * ```
 */
export function reportedUsage(counts: { readonly [K in (typeof USAGE_KEYS)[number]]?: unknown }): ReportedUsage | undefined {
  let usage: Record<string, number> | undefined;
  for (const key of USAGE_KEYS) {
    const value = toWholeNonNegative(counts[key]);
    if (value !== undefined) (usage ??= {})[key] = value;
  }
  return usage;
}
