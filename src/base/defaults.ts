import type { ErrorFields } from './error-fields.js';
import { CLASS_NAME } from '../foundation/brand.js';
import type { ErrorCategory } from '../foundation/category.js';

/**
 * What a class declares once, in `static readonly defaults`, and every instance inherits
 * unless the constructor's options say otherwise. `name` is required and written out
 * explicitly so that a minified bundle keeps it. On a class that others will extend, annotate
 * `static override readonly defaults: ErrorDefaults = {...}` rather than `satisfies`, so that
 * subclasses may leave out keys it sets.
 *
 * @example
 * ```ts
 * class PaymentDeclinedError extends ToolError {
 *   static override readonly defaults = {
 *     name: 'PaymentDeclinedError',
 *     code: 'PAYMENT_DECLINED',
 *     message: 'The payment was declined',
 *   } satisfies ErrorDefaults;
 * }
 * ```
 */
export interface ErrorDefaults {
  /** The class name, kept verbatim in serialized output and used to rebuild the class. */
  readonly name: string;
  /** Machine-readable UPPER_SNAKE code. */
  readonly code?: string;
  /** The family; set by family bases, inherited by their leaves. */
  readonly category?: ErrorCategory;
  /** The message used when the constructor is given none. */
  readonly message?: string;
  /**
   * Whether callers may retry: a constant, or a rule computed from the error when read, as
   * ModelApiError's `(error) => isRetryableStatus(error.status)`. Options still override either.
   */
  readonly retryable?: boolean | ((error: ErrorFields) => boolean);
  /** An HTTP status the error stands for, such as 401 for AuthenticationError. */
  readonly status?: number;
}

/** A class of the hierarchy, as far as installing its defaults needs to see it. */
interface DefaultsCarrier {
  readonly prototype: object;
  readonly name: string;
  readonly defaults?: ErrorDefaults;
}

/** The name a class declares in its own `defaults`, or its JavaScript name when it declares none. */
export function declaredNameOf(cls: DefaultsCarrier): string {
  const own = Object.hasOwn(cls, 'defaults') ? cls.defaults?.name : undefined;
  return typeof own === 'string' && own !== '' ? own : cls.name;
}

/**
 * Copies each class's own `defaults` onto its prototype, from `cls` up to the first class already
 * done, so that instances read them through the prototype chain. Doing it on first use rather
 * than at import keeps the module free of side effects (and tree-shakeable), and it means a
 * constructor never writes a default onto the instance: construction stays as cheap as `new Error`.
 */
export function installDefaults(cls: DefaultsCarrier): void {
  for (let current = cls; !Object.hasOwn(current.prototype, CLASS_NAME); ) {
    const proto = current.prototype;
    const defaults = Object.hasOwn(current, 'defaults') ? current.defaults : undefined;
    define(proto, CLASS_NAME, declaredNameOf(current));
    define(proto, 'name', declaredNameOf(current));
    if (defaults !== undefined) {
      for (const key of Object.keys(defaults) as (keyof ErrorDefaults)[]) {
        const value = defaults[key];
        if (key === 'name' || value === undefined) continue;
        if (typeof value === 'function') defineComputed(proto, key, value);
        else define(proto, key, value);
      }
    }
    const parent = Object.getPrototypeOf(current) as DefaultsCarrier | null;
    // Error itself is the top: its prototype already says name 'Error' and message ''.
    if (parent === null || parent === (Error as unknown) || typeof parent.prototype !== 'object') return;
    current = parent;
  }
}

function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
}

// A default computed on read. Setting it (from options, or when an error is read back) gives
// the instance its own plain field, as for any other default.
function defineComputed(target: object, key: string, compute: (error: ErrorFields) => unknown): void {
  Object.defineProperty(target, key, {
    get(this: ErrorFields) {
      return compute(this);
    },
    set(this: ErrorFields, value: unknown) {
      Object.defineProperty(this, key, { value, writable: true, configurable: true, enumerable: true });
    },
    configurable: true,
    enumerable: false,
  });
}
