import { BASE_FIELDS, type BaseFieldName } from './class-fields.js';
import type { Truncation } from './serialized-error.js';

/*
 * The key order of the contract, decided here: the lists of a node's keys, which the validator and
 * the schema read and the writer writes in (serialization/error-nodes.ts writes each key of a node
 * as it reaches it; a test holds its output to these lists), and the order of a `truncated` record,
 * a class's own fields and plain data's keys, which the writer calls.
 */

/** The keys of a faultline node in contract order, before the class's own fields. */
export const HEAD_KEYS = ['name', 'code', 'category', 'message', 'retryable'] as const;
/** The optional base fields, in contract order: the keys of BASE_FIELDS. */
export const OPTIONAL_KEYS = /* @__PURE__ */ Object.keys(BASE_FIELDS) as readonly BaseFieldName[];
/** The keys after the class's own fields, in contract order. */
export const TAIL_KEYS = ['cause', 'errors', 'stack', 'truncated'] as const;
/** Every key a foreign error node may have, in contract order: its own three, then TAIL_KEYS. */
export const FOREIGN_KEYS = ['name', 'message', 'code', 'cause', 'errors', 'stack', 'truncated'] as const;
/** The keys of a `truncated` record, in contract order. */
export const TRUNCATION_KEYS = ['cause', 'errors', 'message', 'stack', 'details', 'strings'] as const;

/**
 * Keys no node may carry: as an error's own field, each would hide a method every error has
 * (`toJSON` would change what JSON.stringify writes, `toString` would make `${error}` throw) or
 * make the error a thenable that `await` unwraps. The serializer never writes them.
 */
export const RESERVED_KEYS = ['constructor', 'then', 'toJSON', 'toString', 'valueOf'] as const;

/**
 * Whether an own key of an error is not one of its class's fields: a key of the contract's node
 * (HEAD_KEYS, OPTIONAL_KEYS, TAIL_KEYS) or a reserved one (RESERVED_KEYS). A switch rather than
 * a Set, as it runs for every own key of every node (docs/performance.md). A test holds it to those lists.
 */
export function isNodeKey(key: string): boolean {
  switch (key) {
    case 'name': case 'code': case 'category': case 'message': case 'retryable':
    case 'retryAfterMs': case 'status': case 'requestId': case 'recommendations': case 'details':
    case 'cause': case 'errors': case 'stack': case 'truncated':
    case 'constructor': case 'then': case 'toJSON': case 'toString': case 'valueOf':
      return true;
    default:
      return false;
  }
}

/** A class's own field keys, sorted in place into the order they are written (by UTF-16 code units). */
export function inOwnFieldOrder(keys: string[]): string[] {
  return keys.length > 1 ? keys.sort() : keys;
}

/** A key of plain data with how it is written and, when that is an array index, the index. */
export interface CanonicalKey {
  readonly key: string;
  readonly written: string;
  readonly index: number | undefined;
}

/**
 * The order plain data's keys are written in: array indices first, in ascending order (as every
 * JavaScript object lists them, whatever order they were set in), then the other keys by UTF-16 code
 * units (the order of RFC 8785, the JSON Canonicalization Scheme). So data read back from a store that
 * reorders keys (Postgres `jsonb` puts shorter keys first) is written again in the same bytes.
 */
export function compareCanonical(a: CanonicalKey, b: CanonicalKey): number {
  if (a.index !== undefined || b.index !== undefined) return a.index === undefined ? 1 : b.index === undefined ? -1 : a.index - b.index;
  // `<` compares strings by UTF-16 code units.
  return a.written < b.written ? -1 : a.written > b.written ? 1 : 0;
}

/** A `truncated` record from its marks, in contract order; an undefined mark is left out. */
export function truncationInOrder(
  cause: 'depth' | 'circular' | undefined, errors: number | undefined, message: number | undefined,
  stack: number | undefined, details: true | undefined, strings: true | undefined,
): Truncation {
  const merged: { -readonly [K in keyof Truncation]: Truncation[K] } = {};
  if (cause !== undefined) merged.cause = cause;
  if (errors !== undefined) merged.errors = errors;
  if (message !== undefined) merged.message = message;
  if (stack !== undefined) merged.stack = stack;
  if (details !== undefined) merged.details = details;
  if (strings !== undefined) merged.strings = strings;
  return merged;
}
