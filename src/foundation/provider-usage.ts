import { readProperty } from './safe-read.js';
import { toWholeNonNegative } from './whole-number.js';

export type ReportedUsage = { readonly [K in (typeof USAGE_KEYS)[number]]?: number };

/** Anthropic's cache counters stay apart until {@link usageOfCounts} adds them: a later event may repeat one alone. */
export type UsageCounts = { readonly [K in (typeof COUNTERS)[number][0]]?: number };

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'totalTokens', 'cachedInputTokens', 'reasoningTokens'] as const;

// Where OpenAI's chat completions and Responses API, and Anthropic's Messages API, keep each counter.
const COUNTERS = [
  ['input', 'prompt_tokens'], ['input', 'input_tokens'],
  ['output', 'completion_tokens'], ['output', 'output_tokens'],
  ['total', 'total_tokens'],
  ['cached', 'prompt_tokens_details', 'cached_tokens'], ['cached', 'input_tokens_details', 'cached_tokens'],
  ['cacheRead', 'cache_read_input_tokens'], ['cacheWrite', 'cache_creation_input_tokens'],
  ['reasoning', 'completion_tokens_details', 'reasoning_tokens'], ['reasoning', 'output_tokens_details', 'reasoning_tokens'],
  ['reasoning', 'output_tokens_details', 'thinking_tokens'],
] as const;

/** Each report is the counter's value so far (Anthropic repeats them cumulatively): the latest wins, a missing one stays. */
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

/** A chat chunk's `usage`, Anthropic's `message.usage` or the Responses API's `response.usage`; undefined or null otherwise. */
export function usageInEvent(chunk: unknown): unknown {
  return readProperty(chunk, 'usage') ?? readProperty(readProperty(chunk, 'message'), 'usage') ?? readProperty(readProperty(chunk, 'response'), 'usage');
}

/** For a single value (a `response.failed` given to `ModelError.from`); a stream's events add up through {@link withUsageReported}. */
export function usageOfEvent(event: unknown): ReportedUsage | undefined {
  return usageOfCounts(withUsageReported({}, usageInEvent(event)));
}

/**
 * `inputTokens` counts cache reads and writes too (Anthropic's `input_tokens` leaves them out, so that they
 * are added), `outputTokens` reasoning too, and `totalTokens` is only what the provider counted.
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

/** Each a whole number (a fraction rounded), anything else left out; undefined when none is left. Never throws. */
export function reportedUsage(counts: { readonly [K in (typeof USAGE_KEYS)[number]]?: unknown }): ReportedUsage | undefined {
  let usage: Record<string, number> | undefined;
  for (const key of USAGE_KEYS) {
    const value = toWholeNonNegative(counts[key]);
    if (value !== undefined) (usage ??= {})[key] = value;
  }
  return usage;
}
