import { readContextTokens } from './context-length.js';
import { readProviderError } from './provider-error.js';
import { readRateLimit } from './rate-limit-headers.js';

/**
 * A framework's rate-limit or context-length error (LangChain's `MODEL_RATE_LIMIT` and
 * `ContextOverflowError`, ...) with the numbers the provider's error beneath it states: `rateLimit`
 * from its headers, and without a Retry-After its reset as `retryAfterMs`; `requestedTokens` and
 * `maxContextTokens` from its wording, or the framework's message where no provider's error is found.
 * `fields` are the options read so far; any other kind gets them unchanged.
 */
export function withFailureNumbers(kind: string, value: unknown, message: string | undefined, fields: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'rate-limit' && kind !== 'context-length') return fields;
  const provider = readProviderError(value);
  const text = `${provider?.text ?? ''} ${(message ?? '').toLowerCase()}`;
  if (kind === 'context-length') return { ...readContextTokens(text), ...fields };
  const rateLimit = readRateLimit(provider?.headers, text);
  return { ...fields, rateLimit, retryAfterMs: fields.retryAfterMs ?? rateLimit?.resetMs };
}
