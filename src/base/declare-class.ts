import { classFieldType, FIELD_TABLE, type BuiltInFieldTable, type FieldType } from '../contract/class-fields.js';
import { HEAD_KEYS, OPTIONAL_KEYS, RESERVED_KEYS, TAIL_KEYS } from '../contract/key-order.js';
import { CLASS_NAME, ERROR_BRAND } from '../foundation/brand.js';
import { ErrorCategory, isErrorCategory } from '../foundation/category.js';
import { describeValue } from '../foundation/option-checks.js';
import { defineField } from '../foundation/own-property.js';
import { forEachItem } from '../foundation/array-items.js';
import { MAX_FIELD_LENGTH } from '../foundation/field-text.js';
import { nearestName } from './nearest-name.js';
import type { ErrorFields } from './error-fields.js';

// A class is declared once, when `subclass` makes it, so that constructing one only sets its options.
interface Declaration {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly retryable?: unknown;
  readonly status?: unknown;
  readonly category?: unknown;
  readonly fields?: unknown;
  readonly required?: unknown;
}

type Constructor = abstract new (...args: never) => object;

const FIELD_TYPES: readonly FieldType[] = ['string', 'number', 'whole', 'boolean', 'stringRecord', 'json'];
const SPEC_KEYS = ['code', 'message', 'retryable', 'status', 'category', 'fields', 'required'];

function isReservedField(field: string): boolean {
  const reserved: readonly (readonly string[])[] = [HEAD_KEYS, OPTIONAL_KEYS, TAIL_KEYS, RESERVED_KEYS, ['__proto__']];
  return reserved.some((keys) => keys.includes(field));
}

/** The declared name of the abstract base and of every built-in class: a class of yours may take none of them. */
export const BUILT_IN_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'FaultlineError', 'ModelError', 'ModelRateLimitError', 'ModelTimeoutError', 'ModelApiError', 'ModelContextLengthError',
  'ModelQuotaExceededError', 'ModelContentFilterError', 'ModelOutputError', 'ToolError', 'ToolNotFoundError', 'ToolPermissionError',
  'ToolExecutionError', 'ToolTimeoutError', 'AgentError', 'AgentMaxIterationsError', 'AgentStateError', 'AgentAbortedError',
  'StorageError', 'SecurityError', 'AuthError', 'AuthenticationError', 'AuthorizationError', 'ValidationError', 'TransientError',
  'TimeoutError', 'UnknownError',
]);

/**
 * The spec, its `fields` and its `required` are each read once into a plain copy, so that a getter that
 * throws or changes, or a revoked Proxy, cannot make what is declared differ from what was checked.
 */
export function checkDeclaration(parentName: string, parentPrototype: object, name: unknown, spec: unknown, family: boolean): Declaration {
  const call = `${parentName}.subclass`;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new TypeError(`${call}: the first argument is the class's name, a non-empty string such as 'PaymentDeclinedError'; got ${describeValue(name)}.`);
  }
  if (name.length > MAX_FIELD_LENGTH) {
    throw new TypeError(
      `${call}: a class's name is written to the JSON whole only up to ${MAX_FIELD_LENGTH} characters, and a longer one could never be read back as it; ` +
        `got one of ${name.length}. Give it a shorter name that says what failed, such as 'PaymentDeclinedError'.`,
    );
  }
  if (BUILT_IN_NAMES.has(name)) {
    throw new TypeError(
      `${call}('${name}', ...): '${name}' is the name of faultline's own ${name}, and deserializeError would rebuild one as the other. ` +
        `Give your class a name of its own that says what failed, such as 'Payment${name}'.`,
    );
  }
  const where = `${call}('${name}', spec)`;
  if (!isObjectLiteral(spec)) throw specError(where, 'spec', "an object literal such as { code: 'PAYMENT_DECLINED' }", spec);
  const given = plainCopy(where, 'spec', spec);
  for (const key of Object.keys(given)) {
    if (!SPEC_KEYS.includes(key)) {
      const type = FIELD_TYPES.includes(given[key] as FieldType) ? (given[key] as FieldType) : 'string';
      throw new TypeError(`${where}: unknown key '${key}'. A spec takes ${SPEC_KEYS.join(', ')}; put a field of your own under fields: { ${key}: '${type}' }.`);
    }
  }
  const { code, message, retryable, status, category } = given;
  if (code !== undefined && (typeof code !== 'string' || code === '' || code.length > MAX_FIELD_LENGTH)) {
    throw specError(where, 'code', `a non-empty string of at most ${MAX_FIELD_LENGTH} characters, such as PAYMENT_DECLINED`, code);
  }
  if (message !== undefined && typeof message !== 'string') throw specError(where, 'message', 'a string', message);
  if (retryable !== undefined && typeof retryable !== 'boolean' && typeof retryable !== 'function') {
    throw specError(where, 'retryable', 'a boolean, or a function of the error that returns one', retryable);
  }
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)) {
    throw specError(where, 'status', 'an HTTP status, a whole number from 100 to 599', status);
  }
  if (family && !isErrorCategory(category)) {
    throw new TypeError(`${where}: a new family needs its category, one of ${Object.keys(ErrorCategory).join(', ')}: { category: 'TOOL', ... }; got ${describeValue(category)}.`);
  }
  if (!family && category !== undefined) {
    throw new TypeError(
      `${where}: a class below ${parentName} is in ${parentName}'s family, so it takes no category. ` +
        `Leave category out, or start a family of your own with FaultlineError.subclass('${name}', { category: ... }).`,
    );
  }
  const fields = given.fields === undefined ? undefined : fieldsCopy(where, given.fields);
  const required = given.required === undefined ? undefined : requiredCopy(where, given.required);
  checkFields(where, fields, required, parentName, parentPrototype);
  return { ...given, fields, required };
}

function isObjectLiteral(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const prototype = Object.getPrototypeOf(value) as unknown;
    return prototype === Object.prototype || prototype === null;
  } catch {
    return false; // a revoked Proxy, or one whose getPrototypeOf trap throws
  }
}

function plainCopy(where: string, what: string, value: object): Record<string, unknown> {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (error) {
    throw new TypeError(`${where}: ${what} could not be read (listing its keys threw); give an object literal.`, { cause: error });
  }
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    try {
      defineField(copy, key, (value as Record<string, unknown>)[key]);
    } catch (error) {
      throw new TypeError(`${where}: ${what}.${key} could not be read (its getter threw); give its value itself.`, { cause: error });
    }
  }
  return copy;
}

function fieldsCopy(where: string, fields: unknown): Record<string, unknown> {
  if (!isObjectLiteral(fields)) {
    throw specError(where, 'fields', `an object literal of field types such as { amountCents: 'number' }${fields instanceof Map ? ', not a Map' : ''}`, fields);
  }
  return plainCopy(where, 'fields', fields);
}

function requiredCopy(where: string, required: unknown): readonly unknown[] {
  let isArray: boolean;
  try {
    isArray = Array.isArray(required);
  } catch {
    isArray = false; // a revoked Proxy
  }
  if (!isArray) throw specError(where, 'required', "an array of field names such as ['amountCents']", required);
  const items: unknown[] = [];
  try {
    forEachItem(required as readonly unknown[], (item) => items.push(item) > 0);
  } catch (error) {
    throw new TypeError(`${where}: required could not be read (reading its items threw); give an array of field names.`, { cause: error });
  }
  return items;
}

function checkFields(where: string, fields: Record<string, unknown> | undefined, required: readonly unknown[] | undefined, parentName: string, parentPrototype: object): void {
  for (const [field, type] of Object.entries(fields ?? {})) {
    const rename = `Name your field for what it holds instead, such as ${field}Detail.`;
    if (isReservedField(field)) throw new TypeError(`${where}: fields.${field} is a field every error has, set by the options as it is. ${rename}`);
    const builtIn = classFieldType(field);
    if (builtIn !== undefined && !FIELD_TYPES.includes(builtIn as FieldType)) {
      throw new TypeError(`${where}: fields.${field} is the name of a field of faultline's model errors, whose shape the contract fixes. ${rename}`);
    }
    if (!FIELD_TYPES.includes(type as FieldType)) {
      throw new TypeError(`${where}: fields.${field} has the unknown type ${describeValue(type)}; a field type is one of ${FIELD_TYPES.map((t) => `'${t}'`).join(', ')}.`);
    }
    if (builtIn !== undefined && builtIn !== type) {
      throw new TypeError(
        `${where}: fields.${field} is a field of faultline's own classes, which the contract writes and reads as '${builtIn}' in every class. ` +
          `Declare it as ${field}: '${builtIn}', or name your field for what it holds, such as ${field}Detail.`,
      );
    }
    // A method or accessor of the class (hasOwnProperty, a getter of yours) would be hidden by the field, or take its value.
    if (field in parentPrototype) throw new TypeError(`${where}: fields.${field} is the name of a method or property every ${parentName} has, which a field would hide. ${rename}`);
  }
  for (const field of required ?? []) {
    if (typeof field === 'string' && fields !== undefined && Object.hasOwn(fields, field)) continue;
    const nearest = typeof field === 'string' && fields !== undefined ? nearestName(field, Object.keys(fields)) : undefined;
    throw new TypeError(
      nearest === undefined
        ? `${where}: required names ${describeValue(field)}, which is not in fields. Declare it there too: fields: { ${typeof field === 'string' ? field : 'name'}: 'string' }.`
        : `${where}: required names ${describeValue(field)}, which is not in fields; did you mean '${nearest}'? Write required: ['${nearest}'], or declare ${field as string} in fields too.`,
    );
  }
}

function specError(where: string, key: string, expected: string, got: unknown): TypeError {
  return new TypeError(`${where}: ${key} must be ${expected}; got ${describeValue(got)}.`, { cause: got });
}

export function declareClass<Parent extends Constructor>(parent: Parent, name: string, spec: Declaration, from: unknown): Parent {
  const cls = class extends (parent as unknown as new (...args: unknown[]) => object) {};
  Object.defineProperty(cls, 'name', { value: name, configurable: true });
  Object.defineProperty(cls, 'from', { value: from, writable: true, configurable: true });
  const proto = cls.prototype;
  define(proto, 'name', name, false);
  for (const key of ['code', 'category', 'message', 'status'] as const) if (spec[key] !== undefined) define(proto, key, spec[key], true);
  const { retryable } = spec;
  if (typeof retryable === 'function') {
    // `retryable` is a boolean, whatever a JavaScript caller's function returns: only `true` retries.
    const decide = retryable as (error: ErrorFields) => unknown;
    defineComputed(proto, 'retryable', (error) => decide(error) === true);
  }
  else if (retryable !== undefined) define(proto, 'retryable', retryable, true);
  const inherited = (parent.prototype as { [FIELD_TABLE]?: BuiltInFieldTable })[FIELD_TABLE];
  const own = spec.fields as BuiltInFieldTable | undefined;
  define(proto, FIELD_TABLE, own === undefined ? inherited : { ...inherited, ...own }, false);
  define(proto, CLASS_NAME, name, false);
  // Its errors carry the brand even before the abstract base has installed its own (installRoot): an
  // error rebuilt by deserializeError, which runs no constructor, in a copy that has built none yet.
  define(proto, ERROR_BRAND, true, false);
  return cls as unknown as Parent;
}

/** Writes a default onto a prototype: writable, so that an own field set by the options shadows it. */
export function define(target: object, key: PropertyKey, value: unknown, enumerable: boolean): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable });
}

// A default computed on read. Setting it (from options, or when an error is read back) gives
// the instance its own plain field, as for any other default.
function defineComputed(target: object, key: string, compute: (error: ErrorFields) => unknown): void {
  Object.defineProperty(target, key, {
    get(this: ErrorFields) {
      return compute(this);
    },
    set(this: ErrorFields, value: unknown) {
      defineField(this, key, value);
    },
    configurable: true,
    enumerable: true,
  });
}
