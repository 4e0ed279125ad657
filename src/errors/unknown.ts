import { FaultlineError, type FaultlineErrorOptions } from '../base.js';
import type { ErrorDefaults } from '../defaults.js';
import { isFaultlineError } from '../is-faultline-error.js';
import { recognise, type Recognition } from '../mapper/recognise.js';
import { mappedOptions } from '../mapper/scoped.js';

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
export class UnknownError<Options extends FaultlineErrorOptions = FaultlineErrorOptions> extends FaultlineError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'UnknownError',
    code: 'UNKNOWN_ERROR',
    category: 'UNKNOWN',
    message: 'An unknown error occurred',
  };

  /**
   * Wraps any value as an UnknownError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = UnknownError.from({ reason: 'odd' });
   * ```
   */
  static from<E extends FaultlineError>(value: E, context?: UnknownContext): E;
  static from(value: unknown, context?: UnknownContext): FaultlineError;
  static from(value: unknown, context?: UnknownContext): FaultlineError {
    return isFaultlineError(value) ? value : unknownErrorFor(value, recognise(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function unknownErrorFor(value: unknown, recognition: Recognition, context: UnknownContext | undefined): UnknownError {
  return new UnknownError(recognition.message, mappedOptions(value, recognition, context));
}
