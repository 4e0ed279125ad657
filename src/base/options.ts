import { FIELD_TABLE } from './defaults.js';
import type { FieldTable } from '../contract/class-fields.js';
import type { ErrorDetails } from '../foundation/json.js';
import { setOwn } from '../foundation/own-property.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

/**
 * Options every faultline constructor takes, in the ES2022 `new Error(message, { cause })` idiom.
 * Each one overrides the class default; `null` and `undefined` are skipped. A family adds its own
 * fields (`toolName`, `provider`, ...). A key that is neither one of these nor a field the class
 * declares is kept under `details`, never set as a field of its own.
 */
export interface FaultlineErrorOptions {
  /** What caused this error; kept as the standard `cause`. */
  readonly cause?: unknown;
  /** Overrides the class's machine-readable code. */
  readonly code?: string | null | undefined;
  /** Overrides whether callers may retry. Anything but a boolean is dropped, so that the class default stays. */
  readonly retryable?: boolean | null | undefined;
  /** Suggested delay before a retry. Whole milliseconds: NaN, negative or infinite is dropped, a fraction rounded. */
  readonly retryAfterMs?: number | null | undefined;
  /** The upstream HTTP status. Dropped or rounded like `retryAfterMs`. */
  readonly status?: number | null | undefined;
  /** The upstream request or trace id. */
  readonly requestId?: string | null | undefined;
  /** Concrete next steps a model or a person can act on. */
  readonly recommendations?: readonly string[] | null | undefined;
  /** Any further structured context: ids, operation, attempt. */
  readonly details?: ErrorDetails | null | undefined;
}

/** The options given as the only argument: `new ToolNotFoundError({ toolName: 'delete' })`. */
export interface MessageOption {
  /** Human-readable; the class's default message when absent. */
  readonly message?: string | null | undefined;
}

/**
 * Whether a constructor's first argument is its options (`new X({ toolName })`): a plain object,
 * whose prototype is `Object.prototype` or `null`. An Error or any other object given as the
 * message stays the message, as its string form.
 */
export function isOptionsArgument(first: unknown): first is object {
  return isPlainObject(first);
}

/** The message as the constructor keeps it: its string form, or undefined for the class default. */
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

/** The standard `{ cause }` option of `Error`, when the options have one. */
export function causeOf(options: object): { cause: unknown } | undefined {
  try {
    return 'cause' in options ? { cause: (options as { cause?: unknown }).cause } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets each option on the error: the base fields, and the fields the class declares (cleaned by
 * their type). Any other key is kept under `details` (an explicit `details` key of the same name
 * wins), so that a misspelt option is seen, and never becomes a field of its own.
 */
export function assignOptions(error: object, options: object): void {
  const target = error as Record<string, unknown>;
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    return;
  }
  let table: FieldTable | undefined;
  let unknown: Record<string, unknown> | undefined;
  for (const key of keys) {
    const rule = optionRule(key);
    if (rule === 'skip') continue;
    let value: unknown;
    try {
      value = (options as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (value === undefined || value === null) continue;
    if (rule === 'whole') value = toWholeNonNegative(value);
    else if (rule === 'boolean' && typeof value !== 'boolean') continue;
    else if (rule === 'field') {
      table ??= (error as { readonly [FIELD_TABLE]?: FieldTable })[FIELD_TABLE] ?? {};
      const type = Object.hasOwn(table, key) ? table[key] : undefined;
      if (type === undefined) {
        setOwn((unknown ??= {}), key, value);
        continue;
      }
      if (type === 'whole') value = toWholeNonNegative(value);
      else if (type === 'boolean' && typeof value !== 'boolean') continue;
    }
    // A key naming a method (toString, toJSON) would replace it on this error: not a field.
    if (value !== undefined && typeof target[key] !== 'function') target[key] = value;
  }
  if (unknown !== undefined) target.details = withUnknownOptions(unknown, target.details);
}

function withUnknownOptions(unknown: Record<string, unknown>, details: unknown): Record<string, unknown> {
  if (details === undefined) return unknown;
  // A details value that is not an object is written as `{ value }` by the serializer anyway; so
  // is one whose getters throw, which the serializer then reads key by key, guarded.
  try {
    if (typeof details === 'object' && details !== null && !Array.isArray(details)) return { ...unknown, ...details };
  } catch {
    // a revoked Proxy, or a getter that throws: kept whole under `value`
  }
  return { ...unknown, value: details };
}

/**
 * What an options key sets: nothing (`skip`), a whole non-negative number (`whole`), a boolean
 * (`boolean`, anything else dropped), a base field as given (`base`), or a field only if the class
 * declares it (`field`). A switch rather than
 * Sets: it runs for every option of every error built, and comparing the interned strings
 * `Object.keys` returns costs less than hashing them.
 */
function optionRule(key: string): 'skip' | 'whole' | 'boolean' | 'base' | 'field' {
  switch (key) {
    // They belong to the class or to Error itself; `__proto__` and `constructor` would reach past
    // the instance, and `then` would make the error a thenable that `await` unwraps.
    case 'cause': case 'name': case 'category': case 'message': case 'stack':
    case '__proto__': case 'constructor': case 'then':
      return 'skip';
    case 'retryAfterMs': case 'status':
      return 'whole';
    case 'retryable':
      return 'boolean';
    case 'code': case 'requestId': case 'recommendations': case 'details':
      return 'base';
    default:
      return 'field';
  }
}
