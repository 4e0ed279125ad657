import type { ErrorCategory } from '../foundation/category.js';

/** A JSON value as the contract writes it: never `null`, never a non-finite number. */
export type SerializedJson = string | number | boolean | readonly SerializedJson[] | { readonly [key: string]: SerializedJson };

/**
 * What was cut from a node, so that a reader can tell a cut error from a whole one.
 * Each key is present only when that part was cut.
 */
export interface Truncation {
  /** The cause was left out: `'depth'` past `maxDepth`, `'circular'` where it was an ancestor. */
  readonly cause?: 'depth' | 'circular';
  /** How many entries of `errors` were left out past `maxErrors`. */
  readonly errors?: number;
  /** The original length of `message`, which was cut to `maxMessageLength`. */
  readonly message?: number;
  /** The original length of `stack`, which was cut to `maxMessageLength`. */
  readonly stack?: number;
  /** `details` (or a class's own fields) lost values past `maxDetailsSize` or `maxDepth`, or held a cycle. */
  readonly details?: true;
}

/**
 * A faultline error as JSON: the durable contract. Keys come in a fixed order (name, code,
 * category, message, retryable, the optional fields, the class's own fields in alphabetical
 * order, cause, errors, stack, truncated); empty values are omitted, never written as `null`.
 */
export interface SerializedError {
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly message: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly status?: number;
  readonly requestId?: string;
  readonly recommendations?: readonly string[];
  readonly details?: { readonly [key: string]: SerializedJson };
  readonly provider?: string;
  readonly model?: string;
  readonly toolName?: string;
  readonly agentId?: string;
  readonly maxIterations?: number;
  readonly currentState?: string;
  readonly targetState?: string;
  readonly store?: string;
  readonly policy?: string;
  readonly timeoutMs?: number;
  readonly fields?: { readonly [path: string]: string };
  readonly cause?: SerializedCause;
  readonly errors?: readonly SerializedCause[];
  readonly stack?: string;
  readonly truncated?: Truncation;
  /** A user class's own fields. */
  readonly [field: string]: unknown;
}

/** An error that is not a faultline error, as a cause: its name, message and string `code`. */
export interface SerializedForeignError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly cause?: SerializedCause;
  readonly errors?: readonly SerializedCause[];
  readonly stack?: string;
  readonly truncated?: Truncation;
}

/** A cause as written: a faultline node, a foreign error, or a JSON-safe copy of any other value. */
export type SerializedCause = SerializedError | SerializedForeignError | SerializedJson;
