import { CLASS_FIELD_TYPES } from './class-fields.js';
import { FOREIGN_KEYS, RESERVED_KEYS } from './node-keys.js';
import { isErrorCategory } from '../foundation/category.js';

/*
 * What a node of the contract is, as a JSON value: the tests that decide whether a value in cause
 * position is read back as an error (a faultline node or a foreign one) or stays data. The
 * validator, the rebuilder and the serializer (which must write such data as the error it will be
 * read back as) share them.
 */

// The class fields' types and the reserved keys, in one map: one lookup per key read back.
const OTHER_KEYS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ...Object.entries(CLASS_FIELD_TYPES),
  ...RESERVED_KEYS.map((key) => [key, 'reserved'] as const),
]);
const FOREIGN_KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(FOREIGN_KEYS);

/**
 * Whether a JSON value in cause position (a cause, or an entry of `errors`) is read back as an
 * error: a faultline node whose every field has its type, or a foreign node.
 */
export function readsBackAsError(value: unknown): boolean {
  if (!hasNodeHead(value)) return isForeignNode(value);
  const node = value as Record<string, unknown>;
  for (const key of Object.keys(node)) if (nodeFieldProblem(key, node[key]) !== undefined) return false;
  return true;
}

/**
 * Whether a value (already known to be valid JSON) starts like a faultline node: a record with
 * the five required fields. It is one when, besides, no other field has a problem
 * ({@link nodeFieldProblem}); the rebuilder checks that as it copies the fields.
 */
export function hasNodeHead(value: unknown): boolean {
  return isPlainObject(value) && hasRequired(value as Record<string, unknown>);
}

/** The five required fields, each of its type: the REQUIRED table as straight-line reads, for it runs for every node read back. */
export function hasRequired(node: Record<string, unknown>): boolean {
  return (
    typeof node.name === 'string' &&
    typeof node.code === 'string' &&
    isErrorCategory(node.category) &&
    typeof node.message === 'string' &&
    typeof node.retryable === 'boolean'
  );
}

/** Whether a value (already known to be valid JSON) has the shape of a foreign error: strict. */
export function isForeignNode(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const node = value as Record<string, unknown>;
  if (typeof node.name !== 'string' || typeof node.message !== 'string') return false;
  for (const key of Object.keys(node)) {
    if (!FOREIGN_KEY_SET.has(key)) return false;
    const field = node[key];
    if ((key === 'code' || key === 'stack') && typeof field !== 'string') return false;
    if (key === 'errors' && !Array.isArray(field)) return false;
    if (key === 'truncated' && truncationProblem(field) !== undefined) return false;
  }
  return true;
}

/** What is wrong with one optional field of a node, looking no deeper than the field itself. */
export function nodeFieldProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'name':
    case 'code':
    case 'category':
    case 'message':
    case 'retryable':
    case 'cause':
      return undefined; // hasRequired checks the five above, and runs first; a cause is any JSON value
    case 'retryAfterMs':
    case 'status':
      return isWhole(value) ? undefined : 'Expected a whole number, 0 or more';
    case 'requestId':
    case 'stack':
      return typeof value === 'string' ? undefined : 'Expected a string';
    case 'recommendations':
      return Array.isArray(value) && everyItem(value, (item) => typeof item === 'string') ? undefined : 'Expected an array of strings';
    case 'details':
      return isPlainObject(value) ? undefined : 'Expected an object of JSON values without null';
    case 'errors':
      return Array.isArray(value) ? undefined : 'Expected an array';
    case 'truncated':
      return truncationProblem(value);
  }
  switch (OTHER_KEYS.get(key)) {
    case 'reserved':
      return 'Reserved: a method of every error, or what makes a thenable';
    case 'string':
      return typeof value === 'string' ? undefined : 'Expected a string';
    case 'whole':
      return isWhole(value) ? undefined : 'Expected a whole number, 0 or more';
    case 'stringRecord':
      return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string') ? undefined : 'Expected an object of strings';
    default:
      return undefined; // a class's own field: any JSON value
  }
}

export function truncationProblem(value: unknown): string | undefined {
  const problem = "Expected { cause?: 'depth' | 'circular', errors?, message?, stack?: whole numbers, details?: true }";
  if (!isObject(value)) return problem;
  for (const [key, field] of Object.entries(value)) {
    const ok =
      key === 'cause' ? field === 'depth' || field === 'circular' || field === undefined
      : key === 'errors' || key === 'message' || key === 'stack' ? isWhole(field) || field === undefined
      : key === 'details' ? field === true || field === undefined
      : false;
    if (!ok) return problem;
  }
  return undefined;
}

/** An object as zod's `z.object` takes one: any object but an array. */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record as zod's `z.record` takes one: its prototype is Object.prototype (of any realm) or null. */
export function isPlainObject(value: unknown): value is object {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** `every`, but holes of a sparse array count as `undefined` items, as zod reads them. */
export function everyItem(items: readonly unknown[], test: (item: unknown, index: number) => boolean): boolean {
  for (let index = 0; index < items.length; index++) if (!test(items[index], index)) return false;
  return true;
}

export function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
