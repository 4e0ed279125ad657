import type { FaultlineError } from '../base/faultline-error.js';
import { AuthenticationError, AuthorizationError } from '../errors/auth.js';
import { TimeoutError } from '../errors/timeout.js';
import { TransientError } from '../errors/transient.js';
import { UnknownError } from '../errors/unknown.js';
import { ValidationError } from '../errors/validation.js';
import type { ProviderReading } from '../recognition/provider-error.js';
import type { Recognition } from '../recognition/recognize.js';
import { parseRetryAfter } from '../recognition/retry-after.js';

/** For an error with an HTTP status that is not an LLM SDK's: the generic status table of docs/mapping.md. */
export function statusError(value: unknown, recognition: Recognition, reading: ProviderReading): FaultlineError {
  const status = reading.httpStatus ?? 0;
  const { message, retryable } = recognition;
  const options = { status, requestId: reading.requestId, retryAfterMs: parseRetryAfter(reading.headers), cause: value, ...(retryable !== undefined && { retryable }) };
  if (status === 400 || status === 422) return new ValidationError(message, options);
  if (status === 401) return new AuthenticationError(message, options);
  if (status === 403) return new AuthorizationError(message, options);
  if (status === 408 || status === 504) return new TimeoutError(message, options);
  if (status === 429 || status >= 500) return new TransientError(message, options);
  return new UnknownError(message, options);
}
