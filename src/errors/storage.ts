import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { STORAGE_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';

/** Options of {@link StorageError}. */
export interface StorageErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof STORAGE_FIELDS> {}

/** What `StorageError.from` may add to the error it builds. */
export type StorageContext = Omit<StorageErrorOptions, 'cause'>;

// The instance fields are declared by STORAGE_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface StorageError extends FieldsOf<typeof STORAGE_FIELDS> {}

/**
 * A memory store, database or cache failed. `StorageError.from(value, { store })` maps anything a store
 * threw into one, retryable when it was a network failure or a timeout (the `from` every family has).
 *
 * @example
 * ```ts
 * throw new StorageError('Write rejected', { store: 'memory', details: { key: 'session:42' } });
 * ```
 */
export class StorageError extends /* @__PURE__ */ builtInClass(FaultlineError, 'StorageError', {
  code: 'STORAGE_ERROR',
  category: 'STORAGE',
  message: 'The store operation failed',
  fields: STORAGE_FIELDS,
}) {}

