import { BASE_FIELDS, type BaseFieldName } from './class-fields.js';
import type { Truncation } from './serialized-error.js';

// The contract's key order, decided here: the validator and the schema read these lists, the writer
// writes in them (a test holds its output to them).
export const HEAD_KEYS = ['name', 'code', 'category', 'message', 'retryable'] as const;
export const OPTIONAL_KEYS = /* @__PURE__ */ Object.keys(BASE_FIELDS) as readonly BaseFieldName[];
export const TAIL_KEYS = ['cause', 'errors', 'stack', 'truncated'] as const;
export const FOREIGN_KEYS = ['name', 'message', 'code', 'cause', 'errors', 'stack', 'truncated'] as const;
export const TRUNCATION_KEYS = ['cause', 'errors', 'message', 'stack', 'details', 'strings'] as const;

/**
 * As an error's own field, each would hide a method every error has (`toString` would make `${error}`
 * throw) or make the error a thenable that `await` unwraps. The serializer never writes them.
 */
export const RESERVED_KEYS = ['constructor', 'then', 'toJSON', 'toString', 'valueOf'] as const;

/** A switch rather than a Set: it runs for every own key of every node. A test holds it to the lists above. */
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

export interface CanonicalKey {
  readonly key: string;
  readonly written: string;
  readonly index: number | undefined;
}

/**
 * Array indices first, ascending (as every object lists them), then the other keys by UTF-16 code units
 * (RFC 8785), so that data read back from a store that reorders keys (Postgres `jsonb`) is written again
 * in the same bytes.
 */
export function compareCanonical(a: CanonicalKey, b: CanonicalKey): number {
  if (a.index !== undefined || b.index !== undefined) return a.index === undefined ? 1 : b.index === undefined ? -1 : a.index - b.index;
  // `<` compares strings by UTF-16 code units.
  return a.written < b.written ? -1 : a.written > b.written ? 1 : 0;
}

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
