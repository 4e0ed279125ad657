import { readContextTokens } from './context-length.js';
import { readProviderError } from './provider-error.js';
import { readRateLimit } from './rate-limit-headers.js';

/**
 * The numbers the provider's error beneath a framework's rate-limit or context-length error states, or
 * the framework's own message where no provider's error is found. Any other kind keeps `fields` unchanged.
 */
export function withFailureNumbers(kind: string, value: unknown, message: string | undefined, fields: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'rate-limit' && kind !== 'context-length') return fields;
  const provider = readProviderError(value);
  const text = `${provider?.text ?? ''} ${(message ?? '').toLowerCase()}`;
  if (kind === 'context-length') return { ...readContextTokens(text), ...fields };
  const rateLimit = readRateLimit(provider?.headers, text);
  return { ...fields, rateLimit, retryAfterMs: fields.retryAfterMs ?? rateLimit?.resetMs };
}
