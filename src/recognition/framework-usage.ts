import type { TokenUsage } from '../contract/token-usage.js';
import { forEachItem } from '../foundation/array-items.js';
import { reportedUsage } from '../foundation/provider-usage.js';
import { readProperty } from '../foundation/safe-read.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

// Past this many per-request entries a sum of their details is left out rather than cut short.
const MAX_REQUESTS = 10_000;

/**
 * The usage a framework's usage object reports, in faultline's names, or undefined when it reports
 * none. The Vercel AI SDK's `LanguageModelUsage` (`inputTokens`, `outputTokens`, `totalTokens`,
 * `inputTokenDetails.cacheReadTokens`, `outputTokenDetails.reasoningTokens`, and the top-level
 * `cachedInputTokens` and `reasoningTokens` of ai 5 and 6); the OpenAI Agents SDK's `Usage` of a run
 * (`inputTokens`, `outputTokens`, `totalTokens`, and `cached_tokens` and `reasoning_tokens` summed over
 * its per-request `inputTokensDetails` and `outputTokensDetails`), none when it made no request, since
 * it starts every count at 0. Both count cached input in `inputTokens` and reasoning in `outputTokens`,
 * as faultline does. Never throws.
 *
 * @example
 * ```ts
 * frameworkUsage({ inputTokens: 7, outputTokens: 5, totalTokens: 12, inputTokenDetails: { cacheReadTokens: 2 } });
 * // { inputTokens: 7, outputTokens: 5, totalTokens: 12, cachedInputTokens: 2 }
 * ```
 */
export function frameworkUsage(usage: unknown): TokenUsage | undefined {
  if (typeof usage !== 'object' || usage === null || readProperty(usage, 'requests') === 0) return undefined;
  return reportedUsage({
    inputTokens: readProperty(usage, 'inputTokens'),
    outputTokens: readProperty(usage, 'outputTokens'),
    totalTokens: readProperty(usage, 'totalTokens'),
    cachedInputTokens: readProperty(readProperty(usage, 'inputTokenDetails'), 'cacheReadTokens')
      ?? readProperty(usage, 'cachedInputTokens') ?? detailsSum(readProperty(usage, 'inputTokensDetails'), 'cached_tokens'),
    reasoningTokens: readProperty(readProperty(usage, 'outputTokenDetails'), 'reasoningTokens')
      ?? readProperty(usage, 'reasoningTokens') ?? detailsSum(readProperty(usage, 'outputTokensDetails'), 'reasoning_tokens'),
  });
}

/**
 * The Agents SDK's details of a run (one record per request) or of one request (a record): the sum of
 * `key` over the records that report it, or undefined when none does or there are too many to add.
 */
function detailsSum(details: unknown, key: string): number | undefined {
  let sum: number | undefined;
  let requests = 0;
  const add = (record: unknown): boolean => {
    const value = toWholeNonNegative(readProperty(record, key));
    if (value !== undefined) sum = (sum ?? 0) + value;
    return ++requests <= MAX_REQUESTS;
  };
  try {
    if (!Array.isArray(details)) add(details);
    else forEachItem(details, add);
  } catch {
    return undefined; // a revoked Proxy
  }
  return requests > MAX_REQUESTS ? undefined : sum;
}
