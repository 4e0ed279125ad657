// The 0.2.1 writer, frozen as the oracle of #29: src/contract/key-order.ts (the writer-side functions only) at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
import { setOwn } from '../../../src/foundation/own-property.js';
import type { SerializedCause, SerializedError, SerializedJson, Truncation } from '../../../src/contract/serialized-error.js';

/*
 * The key order of the contract, decided here and nowhere else: the lists of a node's keys, which
 * the validator and the schema read, and the functions that put a written node, a `truncated`
 * record, a class's own fields and plain data's keys in that order, which the writer calls. The
 * writer computes each value (in the order that charges the budgets: see error-nodes.ts) and hands
 * them here to be placed; a test holds the placed order equal to the lists.
 */

/**
 * Whether an own key of an error is not one of its class's fields: a key of the contract's node
 * (HEAD_KEYS, OPTIONAL_KEYS, TAIL_KEYS) or a reserved one (RESERVED_KEYS). A switch rather than
 * a Set: it runs for every own key of every node, and comparing the interned strings that
 * `Object.keys` returns costs less than hashing them. A test holds it to those lists.
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

/**
 * A faultline node from its written values, in contract order; an undefined value is left out.
 * Positional rather than an object of parts: it runs for every node, and the object would be a
 * fifth more of what serializing allocates.
 */
export function faultlineNodeInOrder(
  name: string, code: string, category: string, message: string, retryable: boolean,
  retryAfterMs: number | undefined, status: number | undefined, requestId: string | undefined,
  recommendations: readonly string[] | undefined, details: SerializedJson | undefined,
  ownKeys: readonly string[], own: readonly (SerializedJson | undefined)[] | undefined,
  cause: SerializedCause | undefined, errors: readonly SerializedCause[] | undefined, stack: string | undefined,
  truncated: Truncation | undefined,
): SerializedError {
  const out: Record<string, unknown> = { name, code, category, message, retryable };
  if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
  if (status !== undefined) out.status = status;
  if (requestId !== undefined) out.requestId = requestId;
  if (recommendations !== undefined) out.recommendations = recommendations;
  if (details !== undefined) out.details = details;
  if (own !== undefined) {
    for (let index = 0; index < ownKeys.length; index++) {
      const value = own[index];
      const key = ownKeys[index] as string;
      // Stored here rather than through a shared helper, so that this store learns the shapes of the
      // class fields alone: one store shared by every key of every object is several times slower.
      if (value === undefined) continue;
      if (key === '__proto__') setOwn(out, key, value);
      else out[key] = value;
    }
  }
  placeTail(out, cause, errors, stack, truncated);
  return out as SerializedError;
}

/** A foreign error's node from its written values, in contract order; an undefined value is left out. */
export function foreignNodeInOrder(
  name: string, message: string, code: string | undefined,
  cause: SerializedCause | undefined, errors: readonly SerializedCause[] | undefined, stack: string | undefined,
  truncated: Truncation | undefined,
): SerializedCause {
  const out: Record<string, unknown> = { name, message };
  if (code !== undefined) out.code = code;
  placeTail(out, cause, errors, stack, truncated);
  return out as SerializedCause;
}

function placeTail(
  out: Record<string, unknown>, cause: SerializedCause | undefined, errors: readonly SerializedCause[] | undefined,
  stack: string | undefined, truncated: Truncation | undefined,
): void {
  if (cause !== undefined) out.cause = cause;
  if (errors !== undefined) out.errors = errors;
  if (stack !== undefined) out.stack = stack;
  if (truncated !== undefined) out.truncated = truncated;
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
