import { BASE_FIELDS, CLASS_FIELD_TYPES, type BuiltInFieldType } from './class-fields.js';
import { FOREIGN_KEYS, RESERVED_KEYS } from './key-order.js';
import { RATE_LIMIT_DIMENSIONS, RATE_LIMIT_NUMBERS } from './rate-limit.js';
import { TOKEN_USAGE_KEYS } from './token-usage.js';
import { isErrorCategory } from '../foundation/category.js';

// Whether a JSON value in cause position reads back as an error or stays data: the validator, the
// rebuilder and the serializer (which must write such data as what it will read back as) share these.

// Built on first use, so that importing the module does no work.
let otherKeys: ReadonlyMap<string, FieldRule> | undefined;
let foreignKeys: ReadonlySet<string> | undefined;

export function readsBackAsError(value: unknown): boolean {
  if (!hasNodeHead(value)) return isForeignNode(value);
  const node = value as Record<string, unknown>;
  for (const key of Object.keys(node)) if (!fieldFits(key, node[key])) return false;
  return true;
}

/** The five required fields: a node, once every other field fits its rule, which the rebuilder checks as it copies. */
export function hasNodeHead(value: unknown): boolean {
  return isPlainObject(value) && hasRequired(value as Record<string, unknown>);
}

/** Straight-line reads rather than the table: this runs for every node read back. */
export function hasRequired(node: Record<string, unknown>): boolean {
  return (
    typeof node.name === 'string' &&
    typeof node.code === 'string' &&
    isErrorCategory(node.category) &&
    typeof node.message === 'string' &&
    typeof node.retryable === 'boolean'
  );
}

export function isForeignNode(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const node = value as Record<string, unknown>;
  if (typeof node.name !== 'string' || typeof node.message !== 'string') return false;
  for (const key of Object.keys(node)) {
    if (!(foreignKeys ??= new Set(FOREIGN_KEYS)).has(key)) return false;
    const field = node[key];
    if ((key === 'code' || key === 'stack') && typeof field !== 'string') return false;
    if (key === 'errors' && !Array.isArray(field)) return false;
    if (key === 'truncated' && !isTruncation(field)) return false;
  }
  return true;
}

/** `undefined` for a key that may hold any JSON value, or that {@link hasRequired} checks. */
export type FieldRule = 'whole' | 'string' | 'boolean' | 'strings' | 'record' | 'array' | 'truncation' | 'stringRecord' | 'usage' | 'rateLimit' | 'reserved';

const BASE_FIELD_RULES = { whole: 'whole', string: 'string', recommendations: 'strings', details: 'record' } as const;

export function fieldRule(key: string): FieldRule | undefined {
  switch (key) {
    case 'name':
    case 'code':
    case 'category':
    case 'message':
    case 'retryable':
    case 'cause':
      return undefined;
    case 'stack':
      return 'string';
    case 'errors':
      return 'array';
    case 'truncated':
      return 'truncation';
  }
  otherKeys ??= new Map<string, FieldRule>([
    ...Object.entries(BASE_FIELDS).map(([field, type]) => [field, BASE_FIELD_RULES[type]] as const),
    ...Object.entries(CLASS_FIELD_TYPES),
    ...RESERVED_KEYS.map((reserved) => [reserved, 'reserved'] as const),
  ]);
  return otherKeys.get(key);
}

export function fitsRule(rule: FieldRule | undefined, value: unknown): boolean {
  switch (rule) {
    case undefined:
      return true;
    case 'whole':
      return isWhole(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && everyItem(value, (item) => typeof item === 'string');
    case 'record':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'truncation':
      return isTruncation(value);
    case 'stringRecord':
      return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
    case 'usage':
      return isTokenUsage(value);
    case 'rateLimit':
      return isRateLimit(value);
    case 'reserved':
      return false;
  }
}

export function fitsFieldType(type: BuiltInFieldType, value: unknown): boolean {
  if (type === 'json') return true;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return fitsRule(type, value);
}

export function fieldFits(key: string, value: unknown): boolean {
  return fitsRule(fieldRule(key), value);
}

export function isTruncation(value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const [key, field] of Object.entries(value)) {
    const ok =
      key === 'cause' ? field === 'depth' || field === 'circular' || field === undefined
      : key === 'errors' || key === 'message' || key === 'stack' ? isWhole(field) || field === undefined
      : key === 'details' || key === 'strings' ? field === true || field === undefined
      : false;
    if (!ok) return false;
  }
  return true;
}

/** An empty usage says nothing: the writer never writes one, so the reader does not accept one. */
export function isTokenUsage(value: unknown): boolean {
  if (!isObject(value)) return false;
  let counts = 0;
  for (const [key, field] of Object.entries(value)) {
    if (!(TOKEN_USAGE_KEYS as readonly string[]).includes(key) || !(isWhole(field) || field === undefined)) return false;
    if (field !== undefined) counts++;
  }
  return counts > 0;
}

export function isRateLimit(value: unknown): boolean {
  if (!isObject(value) || !RATE_LIMIT_DIMENSIONS.includes((value as { dimension?: never }).dimension as never)) return false;
  for (const [key, field] of Object.entries(value)) {
    const ok = key === 'dimension' || ((RATE_LIMIT_NUMBERS as readonly string[]).includes(key) && (isWhole(field) || field === undefined));
    if (!ok) return false;
  }
  return true;
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
