import { BASE_FIELDS, FIELD_TABLE, type BaseFieldName, type BaseFieldOptions, type BuiltInFieldTable, type BuiltInFieldType } from '../contract/class-fields.js';
import { RATE_LIMIT_DIMENSIONS, RATE_LIMIT_NUMBERS } from '../contract/rate-limit.js';
import { TOKEN_USAGE_KEYS } from '../contract/token-usage.js';
import { setOwn } from '../foundation/own-property.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

/**
 * Options every faultline constructor takes, in the ES2022 `new Error(message, { cause })` idiom.
 * Each one overrides the class default; `null` and `undefined` are skipped. A family adds its own
 * fields (`toolName`, `provider`, ...). A key that is neither one of these nor a field the class
 * declares is kept under `details`, never set as a field of its own.
 */
export interface FaultlineErrorOptions extends BaseFieldOptions {
  /** What caused this error; kept as the standard `cause`. */
  readonly cause?: unknown;
  /** Overrides the class's machine-readable code. */
  readonly code?: string | null | undefined;
  /** Overrides whether callers may retry. Anything but a boolean is dropped, so that the class default stays. */
  readonly retryable?: boolean | null | undefined;
}

/** The options given as the only argument: `new ToolNotFoundError({ toolName: 'delete' })`. */
export interface MessageOption {
  /** Human-readable; the class's default message when absent. */
  readonly message?: string | null | undefined;
}

/** A plain object only: an Error or any other object given first stays the message, as its string form. */
export function isOptionsArgument(first: unknown): first is object {
  return isPlainObject(first);
}

export function messageString(message: unknown): string | undefined {
  if (message === undefined || message === null) return undefined;
  if (typeof message === 'string') return message;
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value a JavaScript caller passes keeps its string form
    return String(message);
  } catch {
    return undefined; // an object whose toString or Symbol.toPrimitive throws: keep the default
  }
}

export function causeOf(options: object): { cause: unknown } | undefined {
  try {
    return 'cause' in options ? { cause: (options as { cause?: unknown }).cause } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Any key that is neither a base field nor a declared one, and a declared field's value of another type,
 * goes under `details` (an explicit `details` key wins), so that a misspelt option is seen, never a field.
 */
export function assignOptions(error: object, options: object): void {
  const target = error as Record<string, unknown>;
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    return;
  }
  let table: BuiltInFieldTable | undefined;
  let unknown: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (isSkipped(key)) continue;
    let value: unknown;
    try {
      value = (options as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (value === undefined || value === null) continue;
    if (key === 'code') {
      target.code = value;
      continue;
    }
    if (key === 'retryable') {
      if (typeof value === 'boolean') target.retryable = value;
      continue;
    }
    if (Object.hasOwn(BASE_FIELDS, key)) {
      const kept = key === 'retryAfterMs' ? delayKept(value) : BASE_FIELDS[key as BaseFieldName] === 'whole' ? toWholeNonNegative(value) : value;
      if (kept !== undefined) target[key] = kept;
      continue;
    }
    table ??= (error as { readonly [FIELD_TABLE]?: BuiltInFieldTable })[FIELD_TABLE] ?? {};
    const type = Object.hasOwn(table, key) ? table[key] : undefined;
    const kept = type === undefined ? undefined : fieldValue(type, value);
    // A shape with nothing in it (`usage: {}`) says nothing: no field, and nothing lost.
    if (kept === NOTHING) continue;
    // A key naming a method (toString, toJSON) would replace it on this error: not a field.
    if (kept !== undefined && typeof target[key] !== 'function') target[key] = kept;
    else setOwn((unknown ??= {}), key, value);
  }
  if (unknown !== undefined) target.details = withUnknownOptions(unknown, target.details);
}

/** A delay past what a number holds exactly (`1e308`, `Infinity`) is kept as the largest, so that a retry gives up, not waits 0. */
function delayKept(value: unknown): number | undefined {
  return typeof value === 'number' && value > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : toWholeNonNegative(value);
}

function fieldValue(type: BuiltInFieldType, value: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'whole':
      return toWholeNonNegative(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'stringRecord':
      return isStringRecord(value) ? value : undefined;
    case 'json':
      return value;
    case 'usage':
      return shapeKept(value, TOKEN_USAGE_KEYS, undefined);
    case 'rateLimit':
      return shapeKept(value, RATE_LIMIT_NUMBERS, 'dimension');
  }
}

const NOTHING: unique symbol = Symbol('nothing');

/**
 * Any unknown key or value of another type gives undefined, so that the whole value goes under `details`
 * rather than cut down to a part that would look like what the provider said.
 */
function shapeKept(value: unknown, numbers: readonly string[], dimensionKey: 'dimension' | undefined): object | typeof NOTHING | undefined {
  if (!isPlainObject(value)) return undefined;
  const kept: Record<string, unknown> = {};
  try {
    for (const [key, given] of Object.entries(value)) {
      if (given === undefined) continue;
      const field: unknown = key === dimensionKey ? (RATE_LIMIT_DIMENSIONS.includes(given as never) ? given : undefined) : numbers.includes(key) ? toWholeNonNegative(given) : undefined;
      if (field === undefined) return undefined;
      kept[key] = field;
    }
  } catch {
    return undefined; // a getter that throws: kept under details, where the serializer reads it guarded
  }
  if (Object.keys(kept).length === 0) return NOTHING;
  // A rate limit says which limit, or it is not one.
  return dimensionKey === undefined || kept[dimensionKey] !== undefined ? kept : undefined;
}

function isStringRecord(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  try {
    return Object.values(value).every((entry) => typeof entry === 'string');
  } catch {
    return false; // a getter that throws: kept under details, where the serializer reads it guarded
  }
}

function withUnknownOptions(unknown: Record<string, unknown>, details: unknown): Record<string, unknown> {
  if (details === undefined) return unknown;
  // Not an object: the serializer writes it as `{ value }` anyway, as it reads throwing getters key by key.
  try {
    if (typeof details === 'object' && details !== null && !Array.isArray(details)) return { ...unknown, ...details };
  } catch {
    // a revoked Proxy, or a getter that throws: kept whole under `value`
  }
  return { ...unknown, value: details };
}

/** `__proto__` and `constructor` would reach past the instance, and `then` would make the error a thenable `await` unwraps. */
function isSkipped(key: string): boolean {
  switch (key) {
    case 'cause': case 'name': case 'category': case 'message': case 'stack':
    case '__proto__': case 'constructor': case 'then':
      return true;
    default:
      return false;
  }
}
