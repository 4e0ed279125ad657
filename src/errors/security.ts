import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { SECURITY_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link SecurityError}. */
export interface SecurityErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof SECURITY_FIELDS> {}

/** What `SecurityError.from` may add to the error it builds. */
export type SecurityContext = Omit<SecurityErrorOptions, 'cause'>;

// The instance fields are declared by SECURITY_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface SecurityError extends FieldsOf<typeof SECURITY_FIELDS> {}

/**
 * A guardrail or security policy denied the operation. Never retryable: the same request
 * would be denied again.
 *
 * @example
 * ```ts
 * throw new SecurityError('Prompt injection detected', { policy: 'input-guard' });
 * ```
 */
export class SecurityError extends /* @__PURE__ */ builtInClass(FaultlineError, 'SecurityError', {
  code: 'SECURITY_VIOLATION',
  category: 'SECURITY',
  message: 'A security policy denied the operation',
  fields: SECURITY_FIELDS,
}) {
  /**
   * Wraps anything a guardrail threw as a SecurityError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = SecurityError.from(new Error('blocked'), { policy: 'pii-filter' });
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: SecurityContext): E;
  static override from(value: unknown, context?: SecurityContext): SecurityError;
  static override from(value: unknown, context?: SecurityContext): FaultlineError {
    return isFaultlineError(value) ? value : securityErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function securityErrorFor(value: unknown, recognition: Recognition, context: SecurityContext | undefined): SecurityError {
  return new SecurityError(recognition.message, mappedOptions(value, recognition, context));
}
