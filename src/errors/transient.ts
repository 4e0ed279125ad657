import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** What `TransientError.from` may add to the error it builds. */
export type TransientContext = Omit<FaultlineErrorOptions, 'cause'>;

/**
 * A failure that may go away on its own: a reset connection, a refused socket, a DNS hiccup.
 * Retryable.
 *
 * @example
 * ```ts
 * throw new TransientError('Connection reset by peer', { retryAfterMs: 500 });
 * ```
 */
export class TransientError extends /* @__PURE__ */ builtInClass(FaultlineError, 'TransientError', {
  code: 'TRANSIENT',
  category: 'TRANSIENT',
  message: 'A transient failure occurred; retrying may succeed',
  retryable: true,
}) {
  /**
   * Wraps any value as a TransientError. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = TransientError.from(new Error('socket hang up'));
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: TransientContext): E;
  static override from(value: unknown, context?: TransientContext): TransientError;
  static override from(value: unknown, context?: TransientContext): FaultlineError {
    return isFaultlineError(value) ? value : transientErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function transientErrorFor(value: unknown, recognition: Recognition, context: TransientContext | undefined): TransientError {
  return new TransientError(recognition.message, mappedOptions(value, recognition, context));
}
