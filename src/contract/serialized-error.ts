import type { BASE_FIELDS, BaseFieldName, CLASS_FIELD_TYPES, FieldsOf } from './class-fields.js';
import type { ErrorCategory } from '../foundation/category.js';

/** A JSON value as the contract writes it: never `null`, never a non-finite number. */
export type SerializedJson = string | number | boolean | readonly SerializedJson[] | { readonly [key: string]: SerializedJson };

/** What was cut from a node, so that a reader can tell a cut error from a whole one. */
export interface Truncation {
  /** The cause was left out: `'depth'` past `maxDepth`, `'circular'` where it was an ancestor. */
  readonly cause?: 'depth' | 'circular' | undefined;
  /** How many entries of `errors` were left out past `maxErrors`. */
  readonly errors?: number | undefined;
  /** The original length of `message`, which was cut to `maxMessageLength`. */
  readonly message?: number | undefined;
  /** The original length of `stack`, which was cut to `maxMessageLength`. */
  readonly stack?: number | undefined;
  /** `details` (or a class's own fields) lost values past `maxDetailsSize` or `maxDepth`, or held a cycle. */
  readonly details?: true | undefined;
  /**
   * A string field other than the message and stack was cut at `MAX_FIELD_LENGTH` characters, or
   * recommendations past `MAX_RECOMMENDATIONS` were left out.
   */
  readonly strings?: true | undefined;
}

type SerializedBaseValue<T> = T extends 'whole' ? number : T extends 'string' ? string : T extends 'recommendations' ? readonly string[] : { readonly [key: string]: SerializedJson };

type SerializedBaseFields = { readonly [K in BaseFieldName]?: SerializedBaseValue<(typeof BASE_FIELDS)[K]> | undefined };

/**
 * A faultline error as JSON: the durable contract. Keys come in a fixed order (name, code, category,
 * message, retryable, the optional fields, the class's own fields sorted, cause, errors, stack, truncated);
 * empty values are omitted, never written as `null`.
 */
export interface SerializedError extends FieldsOf<typeof CLASS_FIELD_TYPES>, SerializedBaseFields {
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly message: string;
  readonly retryable: boolean;
  readonly cause?: SerializedCause | undefined;
  readonly errors?: readonly SerializedCause[] | undefined;
  readonly stack?: string | undefined;
  readonly truncated?: Truncation | undefined;
  /** A user class's own fields. */
  readonly [field: string]: unknown;
}

/** An error that is not a faultline error, as a cause: its name, message and string `code`. */
export interface SerializedForeignError {
  readonly name: string;
  readonly message: string;
  readonly code?: string | undefined;
  readonly cause?: SerializedCause | undefined;
  readonly errors?: readonly SerializedCause[] | undefined;
  readonly stack?: string | undefined;
  readonly truncated?: Truncation | undefined;
}

/** A cause as written: a faultline node, a foreign error, or a JSON-safe copy of any other value. */
export type SerializedCause = SerializedError | SerializedForeignError | SerializedJson;
