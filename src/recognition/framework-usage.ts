import type { TokenUsage } from '../contract/token-usage.js';
import { forEachItem } from '../foundation/array-items.js';
import { reportedUsage } from '../foundation/provider-usage.js';
import { readProperty } from '../foundation/safe-read.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

// Past this many per-request entries a sum of their details is left out rather than cut short.
const MAX_REQUESTS = 10_000;

/**
 * The AI SDK's `LanguageModelUsage` or the OpenAI Agents SDK's `Usage` of a run, in faultline's names
 * (docs/mapping.md#what-a-failed-call-cost); none for a run that made no request, since the Agents SDK
 * starts every count at 0. Never throws.
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

/** Undefined when no record reports `key`, or when there are too many to add. */
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
