import type { ErrorFields } from './error-fields.js';
import type { FieldTable } from '../contract/class-fields.js';
import { CLASS_IDENTITY, CLASS_NAME } from '../foundation/brand.js';
import { defineField } from '../foundation/own-property.js';
import { identityOf, ownDeclaredName } from './class-identity.js';
import type { ErrorCategory } from '../foundation/category.js';

/**
 * What a class declares once, in `static override readonly defaults: ErrorDefaults = {...}`, and
 * every instance inherits unless the constructor's options say otherwise. Any key left out is
 * inherited from the parent class. `name` is required and written out explicitly so that a
 * minified bundle keeps it. Annotate the type (`: ErrorDefaults`) rather than using `satisfies`:
 * the annotation works whether or not another class later extends this one.
 *
 * @example
 * ```ts
 * import { ToolError, type ErrorDefaults } from 'faultline';
 *
 * class PaymentDeclinedError extends ToolError {
 *   static override readonly defaults: ErrorDefaults = {
 *     name: 'PaymentDeclinedError',
 *     code: 'PAYMENT_DECLINED',
 *     message: 'The payment was declined',
 *   };
 * }
 * ```
 */
export interface ErrorDefaults {
  /** The class name, kept verbatim in serialized output and used to rebuild the class. */
  readonly name: string;
  /** Machine-readable UPPER_SNAKE code. */
  readonly code?: string | undefined;
  /** The family; set by family bases, inherited by their leaves. */
  readonly category?: ErrorCategory | undefined;
  /** The message used when the constructor is given none. */
  readonly message?: string | undefined;
  /**
   * Whether callers may retry: a constant, or a rule computed from the error when read, as
   * ModelApiError's `(error) => isRetryableStatus(error.status)`. Options still override either.
   */
  readonly retryable?: boolean | ((error: ErrorFields) => boolean) | undefined;
  /** An HTTP status the error stands for, such as 401 for AuthenticationError. */
  readonly status?: number | undefined;
  /**
   * The class's own fields, added to those it inherits: `{ shard: 'string', attempt: 'whole' }`.
   * An option of one of these names becomes a field of the error; an option the class does not
   * know is kept under `details` instead, so that a misspelt key never becomes a field.
   */
  readonly fields?: FieldTable | undefined;
}

/** Own property of every installed prototype: every field its class declares, its ancestors' included. */
export const FIELD_TABLE: unique symbol = Symbol.for('faultline.fields');

/** A class of the hierarchy, as far as installing its defaults needs to see it. */
interface DefaultsCarrier {
  readonly prototype: object;
  readonly name: string;
  readonly defaults?: ErrorDefaults;
}

/** The name a class declares in its own `defaults`, or its JavaScript name when it declares none. */
export function declaredNameOf(cls: DefaultsCarrier): string {
  return ownDeclaredName(cls) ?? cls.name;
}

/**
 * Copies each class's own `defaults` onto its prototype, from the first class not yet done down
 * to `cls`, so that instances read them through the prototype chain. Doing it on first use rather
 * than at import keeps the module free of side effects (and tree-shakeable), and it means a
 * constructor never writes a default onto the instance: construction stays as cheap as `new Error`.
 *
 * The defaults are enumerable on the prototype, so that a logger that walks `for (key in error)`
 * (pino's default error serializer does) shows `code`, `retryable` and `status`; own-key readers
 * (the contract's serializer, `Object.keys`, spreading) still see only what the instance set.
 */
export function installDefaults(cls: DefaultsCarrier): void {
  if (Object.hasOwn(cls.prototype, CLASS_NAME)) return;
  const parent = Object.getPrototypeOf(cls) as DefaultsCarrier | null;
  // Error itself is the top: its prototype already says name 'Error' and message ''.
  const top = parent === null || parent === (Error as unknown) || typeof parent.prototype !== 'object';
  if (!top) installDefaults(parent);
  const proto = cls.prototype;
  const defaults = Object.hasOwn(cls, 'defaults') ? cls.defaults : undefined;
  define(proto, 'name', declaredNameOf(cls), false);
  if (defaults !== undefined) {
    for (const key of Object.keys(defaults) as (keyof ErrorDefaults)[]) {
      const value = defaults[key];
      if (key === 'name' || key === 'fields' || value === undefined) continue;
      if (typeof value === 'function') defineComputed(proto, key, value);
      else define(proto, key, value, true);
    }
  }
  const inherited = top ? undefined : (parent.prototype as { [FIELD_TABLE]?: FieldTable })[FIELD_TABLE];
  const own = defaults?.fields;
  define(proto, FIELD_TABLE, own === undefined ? inherited : { ...inherited, ...own }, false);
  define(proto, CLASS_IDENTITY, identityOf(cls), false);
  // Last: a prototype with its class name is one whose defaults are all in place.
  define(proto, CLASS_NAME, declaredNameOf(cls), false);
}

function define(target: object, key: PropertyKey, value: unknown, enumerable: boolean): void {
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
