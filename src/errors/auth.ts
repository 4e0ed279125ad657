import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { MODEL_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of every auth error: the provider (and model) whose API refused the credentials, if any. */
export interface AuthErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof MODEL_FIELDS> {}

/** What `AuthError.from` may add to the error it builds. */
export type AuthContext = Omit<AuthErrorOptions, 'cause'>;

// The instance fields are declared by MODEL_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface AuthError extends FieldsOf<typeof MODEL_FIELDS> {}

/**
 * Authentication or authorization failed. The family base of AuthenticationError (401) and
 * AuthorizationError (403).
 *
 * @example
 * ```ts
 * if (error instanceof AuthError) promptForCredentials();
 * ```
 */
export class AuthError extends /* @__PURE__ */ builtInClass(FaultlineError, 'AuthError', {
  code: 'AUTH_ERROR',
  category: 'AUTH',
  message: 'Authentication or authorization failed',
  fields: MODEL_FIELDS,
}) {
  /**
   * Maps anything thrown by an authenticated call into the auth family: status 401 becomes
   * AuthenticationError, 403 AuthorizationError, anything else AuthError. A faultline error
   * passes through unchanged.
   *
   * @example
   * ```ts
   * AuthError.from(Object.assign(new Error('Forbidden'), { status: 403 })) instanceof AuthorizationError; // true
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: AuthContext): E;
  static override from(value: unknown, context?: AuthContext): AuthError;
  static override from(value: unknown, context?: AuthContext): FaultlineError {
    return isFaultlineError(value) ? value : authErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function authErrorFor(value: unknown, recognition: Recognition, context: AuthContext | undefined): AuthError {
  const options = mappedOptions(value, recognition, context);
  if (options.status === 401) return new AuthenticationError(recognition.message, options);
  if (options.status === 403) return new AuthorizationError(recognition.message, options);
  return new AuthError(recognition.message, options);
}

/** The caller is not authenticated, or its credentials were rejected. `status` defaults to 401. */
export class AuthenticationError extends /* @__PURE__ */ builtInClass(AuthError, 'AuthenticationError', {
  code: 'AUTH_UNAUTHENTICATED',
  message: 'Authentication is required or failed',
  status: 401,
}) {}

/** The caller is authenticated but not allowed to do this. `status` defaults to 403. */
export class AuthorizationError extends /* @__PURE__ */ builtInClass(AuthError, 'AuthorizationError', {
  code: 'AUTH_FORBIDDEN',
  message: 'The caller is not allowed to do this',
  status: 403,
}) {}
