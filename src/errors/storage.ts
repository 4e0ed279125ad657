import { FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import type { ErrorDefaults } from '../base/defaults.js';
import { STORAGE_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link StorageError}. */
export interface StorageErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof STORAGE_FIELDS> {}

/** What `StorageError.from` may add to the error it builds. */
export type StorageContext = Omit<StorageErrorOptions, 'cause'>;

// The instance fields are declared by STORAGE_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface StorageError<Options extends StorageErrorOptions = StorageErrorOptions> extends FieldsOf<typeof STORAGE_FIELDS> {}

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
    fields: STORAGE_FIELDS,
  };

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
  static from(value: unknown, context?: StorageContext): StorageError;
  static from(value: unknown, context?: StorageContext): FaultlineError {
    return isFaultlineError(value) ? value : storageErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function storageErrorFor(value: unknown, recognition: Recognition, context: StorageContext | undefined): StorageError {
  const options = mappedOptions(value, recognition, context);
  return new StorageError(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}
