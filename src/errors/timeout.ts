import { FaultlineError, type FaultlineErrorOptions } from '../base/faultline-error.js';
import type { ErrorDefaults } from '../base/defaults.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link TimeoutError}. */
export interface TimeoutErrorOptions extends FaultlineErrorOptions {
  /** The time limit that was exceeded, in whole milliseconds. */
  readonly timeoutMs?: number;
}

/** What `TimeoutError.from` may add to the error it builds. */
export type TimeoutContext = Omit<TimeoutErrorOptions, 'cause'>;

/**
 * An operation ran out of time (outside a model or tool call, which have their own classes).
 * Retryable.
 *
 * @example
 * ```ts
 * throw new TimeoutError('Embedding batch timed out', { timeoutMs: 30_000 });
 * ```
 */
export class TimeoutError<Options extends TimeoutErrorOptions = TimeoutErrorOptions> extends FaultlineError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'TimeoutError',
    code: 'TIMEOUT',
    category: 'TIMEOUT',
    message: 'The operation timed out',
    retryable: true,
  };

  /** The time limit that was exceeded, in whole milliseconds. */
  declare readonly timeoutMs?: number;


  /**
   * Wraps any value as a TimeoutError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = TimeoutError.from(new DOMException('The operation timed out', 'TimeoutError'), { timeoutMs: 5000 });
   * ```
   */
  static from<E extends FaultlineError>(value: E, context?: TimeoutContext): E;
  static from(value: unknown, context?: TimeoutContext): FaultlineError;
  static from(value: unknown, context?: TimeoutContext): FaultlineError {
    return isFaultlineError(value) ? value : timeoutErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function timeoutErrorFor(value: unknown, recognition: Recognition, context: TimeoutContext | undefined): TimeoutError {
  return new TimeoutError(recognition.message, mappedOptions(value, recognition, context));
}
