import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { TIMEOUT_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link TimeoutError}. */
export interface TimeoutErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof TIMEOUT_FIELDS> {}

/** What `TimeoutError.from` may add to the error it builds. */
export type TimeoutContext = Omit<TimeoutErrorOptions, 'cause'>;

// The instance fields are declared by TIMEOUT_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface TimeoutError extends FieldsOf<typeof TIMEOUT_FIELDS> {}

/**
 * An operation ran out of time (outside a model or tool call, which have their own classes).
 * Retryable.
 *
 * @example
 * ```ts
 * throw new TimeoutError('Embedding batch timed out', { timeoutMs: 30_000 });
 * ```
 */
export class TimeoutError extends /* @__PURE__ */ builtInClass(FaultlineError, 'TimeoutError', {
  code: 'TIMEOUT',
  category: 'TIMEOUT',
  message: 'The operation timed out',
  retryable: true,
  fields: TIMEOUT_FIELDS,
}) {
  /**
   * Wraps any value as a TimeoutError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = TimeoutError.from(new DOMException('The operation timed out', 'TimeoutError'), { timeoutMs: 5000 });
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: TimeoutContext): E;
  static override from(value: unknown, context?: TimeoutContext): TimeoutError;
  static override from(value: unknown, context?: TimeoutContext): FaultlineError {
    return isFaultlineError(value) ? value : timeoutErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function timeoutErrorFor(value: unknown, recognition: Recognition, context: TimeoutContext | undefined): TimeoutError {
  return new TimeoutError(recognition.message, mappedOptions(value, recognition, context));
}
