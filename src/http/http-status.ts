import {
  AuthenticationError, AuthorizationError, ModelError, ModelRateLimitError, ModelTimeoutError, normalizeError,
  SecurityError, TimeoutError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError, ValidationError,
  type FaultlineError,
} from '../index.js';
import { readProperty } from '../foundation/safe-read.js';

/**
 * The HTTP status a server of ours answers with for an error (normalized first): the `status` its class
 * declares, else the table of docs/http.md (ValidationError 400, ToolNotFoundError 404, any timeout 504,
 * any other model error 502, everything else 500, ...). An error's own `status` counts for nothing: it is
 * what an upstream answered us, which the caller cannot act on.
 *
 * @example
 * ```ts
 * import { toHttpStatus } from 'faultline/http';
 * import { ModelRateLimitError, ToolError } from 'faultline';
 *
 * toHttpStatus(new ModelRateLimitError({ status: 429 })); // 429
 * toHttpStatus(new Error('boom'));                        // 500
 *
 * class PaymentRequiredError extends ToolError.subclass('PaymentRequiredError', { code: 'PAYMENT_REQUIRED', status: 402 }) {}
 * toHttpStatus(new PaymentRequiredError());               // 402
 * ```
 */
export function toHttpStatus(error: unknown): number {
  const value = normalizeError(error);
  const declared = declaredStatus(value);
  if (declared !== undefined) return declared;
  if (value instanceof ValidationError) return 400;
  if (value instanceof AuthenticationError) return 401;
  if (value instanceof AuthorizationError || value instanceof SecurityError || value instanceof ToolPermissionError) return 403;
  if (value instanceof ToolNotFoundError) return 404;
  if (value instanceof ModelRateLimitError) return 429;
  if (value instanceof TimeoutError || value instanceof ModelTimeoutError || value instanceof ToolTimeoutError) return 504;
  if (value instanceof TransientError) return 503;
  if (value instanceof ModelError) return 502;
  return 500;
}

// From the prototype chain, where the declaration wrote it; the instance's own `status` is an upstream's.
function declaredStatus(error: FaultlineError): number | undefined {
  let status: unknown;
  try {
    status = readProperty(Object.getPrototypeOf(error), 'status');
  } catch {
    return undefined; // a Proxy in the prototype chain
  }
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}
