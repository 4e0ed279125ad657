import {
  AuthenticationError, AuthorizationError, isFaultlineError, ModelError, ModelRateLimitError, ModelTimeoutError, normalizeError,
  SecurityError, TimeoutError, ToolNotFoundError, ToolTimeoutError, TransientError, ValidationError,
} from '../index.js';

/**
 * The HTTP status a server of ours answers with for an error: ValidationError 400,
 * AuthenticationError 401, AuthorizationError and SecurityError 403, ToolNotFoundError 404,
 * ModelRateLimitError 429, every timeout class 504, TransientError 503, any other model error 502,
 * everything else 500. Any thrown value is normalized first.
 *
 * The error's own `status` counts for nothing: it is the status an upstream answered us with (a
 * provider's 401 means our key is wrong, which is our server's failure, not the caller's), and
 * passing it on would tell the caller something about our upstreams it cannot act on.
 *
 * @example
 * ```ts
 * import { toHttpStatus } from 'faultline/http';
 * import { ModelRateLimitError } from 'faultline';
 *
 * toHttpStatus(new ModelRateLimitError({ status: 429 })); // 429
 * toHttpStatus(new Error('boom'));                        // 500
 * ```
 */
export function toHttpStatus(error: unknown): number {
  const value = isFaultlineError(error) ? error : normalizeError(error);
  if (value instanceof ValidationError) return 400;
  if (value instanceof AuthenticationError) return 401;
  if (value instanceof AuthorizationError || value instanceof SecurityError) return 403;
  if (value instanceof ToolNotFoundError) return 404;
  if (value instanceof ModelRateLimitError) return 429;
  if (value instanceof TimeoutError || value instanceof ModelTimeoutError || value instanceof ToolTimeoutError) return 504;
  if (value instanceof TransientError) return 503;
  if (value instanceof ModelError) return 502;
  return 500;
}
