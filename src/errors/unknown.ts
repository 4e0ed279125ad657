import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** What `UnknownError.from` may add to the error it builds. */
export type UnknownContext = Omit<FaultlineErrorOptions, 'cause'>;

/**
 * What the mapper makes of a value it cannot classify. It fails closed: not retryable, since
 * nothing says a retry is safe. The original value is its `cause`.
 *
 * @example
 * ```ts
 * normalizeError('boom'); // UnknownError { message: 'boom', cause: 'boom' }
 * ```
 */
export class UnknownError extends /* @__PURE__ */ builtInClass(FaultlineError, 'UnknownError', {
  code: 'UNKNOWN_ERROR',
  category: 'UNKNOWN',
  message: 'An unknown error occurred',
}) {
  /**
   * Wraps any value as an UnknownError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = UnknownError.from({ reason: 'odd' });
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: UnknownContext): E;
  static override from(value: unknown, context?: UnknownContext): UnknownError;
  static override from(value: unknown, context?: UnknownContext): FaultlineError {
    return isFaultlineError(value) ? value : unknownErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function unknownErrorFor(value: unknown, recognition: Recognition, context: UnknownContext | undefined): UnknownError {
  return new UnknownError(recognition.message, mappedOptions(value, recognition, context));
}
