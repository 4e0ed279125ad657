import { FaultlineError, type FaultlineErrorOptions } from '../base/faultline-error.js';
import type { ErrorDefaults } from '../base/defaults.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link StorageError}. */
export interface StorageErrorOptions extends FaultlineErrorOptions {
  /** The store that failed, e.g. `redis` or `vector-index`. */
  readonly store?: string;
}

/** What `StorageError.from` may add to the error it builds. */
export type StorageContext = Omit<StorageErrorOptions, 'cause'>;

/**
 * A memory store, database or cache failed.
 *
 * @example
 * ```ts
 * throw new StorageError('Write rejected', { store: 'memory', details: { key: 'session:42' } });
 * ```
 */
export class StorageError<Options extends StorageErrorOptions = StorageErrorOptions> extends FaultlineError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'StorageError',
    code: 'STORAGE_ERROR',
    category: 'STORAGE',
    message: 'The store operation failed',
  };

  /** The store that failed. */
  declare readonly store?: string;


  /**
   * Maps anything a store threw into a StorageError, retryable when it was a network failure or
   * a timeout. A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = StorageError.from(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), { store: 'redis' });
   * error.retryable; // true
   * ```
   */
  static from<E extends FaultlineError>(value: E, context?: StorageContext): E;
  static from(value: unknown, context?: StorageContext): FaultlineError;
  static from(value: unknown, context?: StorageContext): FaultlineError {
    return isFaultlineError(value) ? value : storageErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function storageErrorFor(value: unknown, recognition: Recognition, context: StorageContext | undefined): StorageError {
  const options = mappedOptions(value, recognition, context);
  return new StorageError(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}
