import type { FaultlineError } from '../base/faultline-error.js';
import { AuthenticationError, AuthorizationError } from '../errors/auth.js';
import { TimeoutError } from '../errors/timeout.js';
import { TransientError } from '../errors/transient.js';
import { UnknownError } from '../errors/unknown.js';
import { ValidationError } from '../errors/validation.js';
import type { ProviderReading } from '../recognition/provider-error.js';
import type { Recognition } from '../recognition/recognize.js';
import { parseRetryAfter } from '../recognition/retry-after.js';

/**
 * The generic status table, for an error that carries an HTTP status but is not shaped like an LLM
 * SDK's (docs/mapping.md): 400 and 422 ValidationError, 401 AuthenticationError, 403
 * AuthorizationError, 408 and 504 TimeoutError, 429 and any other 5xx TransientError (with the
 * delay its headers ask for), anything else UnknownError keeping its status. LangChain's retryable
 * stamp, where the error carries one, says whether it is retryable.
 */
export function statusError(value: unknown, recognition: Recognition, reading: ProviderReading): FaultlineError {
  // Only an error that is not an SDK's comes here, and such a reading always has its response's status.
  const status = reading.httpStatus ?? 0;
  const { message, retryable } = recognition;
  // LangChain's retryable stamp, where set, decides over the table.
  const options = { status, requestId: reading.requestId, retryAfterMs: parseRetryAfter(reading.headers), cause: value, ...(retryable !== undefined && { retryable }) };
  if (status === 400 || status === 422) return new ValidationError(message, options);
  if (status === 401) return new AuthenticationError(message, options);
  if (status === 403) return new AuthorizationError(message, options);
  if (status === 408 || status === 504) return new TimeoutError(message, options);
  if (status === 429 || status >= 500) return new TransientError(message, options);
  return new UnknownError(message, options);
}
