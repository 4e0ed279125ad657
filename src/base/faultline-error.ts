import { keptMessage, rememberGivenMessage } from '../redaction/message-redaction.js';
import { chainDeclares, CLASS_NAME, declaredPrototypeOf, ERROR_BRAND, hasFaultlineBrand } from '../foundation/brand.js';
import type { ErrorCategory } from '../foundation/category.js';
import { FIELD_TABLE, type BaseFields, type BuiltInFieldTable, type FieldOptionsOf, type FieldTable } from '../contract/class-fields.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import type { ErrorFields } from './error-fields.js';
import type { SerializedError, Truncation } from '../contract/serialized-error.js';
import { readProperty } from '../foundation/safe-read.js';
import { inspectError, NODE_INSPECT } from './inspection.js';
import { assignOptions, causeOf, isOptionsArgument, messageString, type FaultlineErrorOptions, type MessageOption } from './options.js';
import { recognize } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';
import { checkDeclaration, declareClass, define } from './declare-class.js';
import { OPTIONS_TYPE, type AnyErrorClass, type ConcreteErrorClass, type DeclaredFields, type ErrorClass, type FamilySpec, type FromContext, type OptionsOf, type SubclassOf } from './class-spec.js';

type OptionalWhenNoneRequired<Options> = Partial<Options> extends Options ? true : false;

// The optional fields every error has: declared once, with their TSDoc, in BASE_FIELDS.
export interface FaultlineError<Options extends FaultlineErrorOptions = FaultlineErrorOptions> extends BaseFields {}

/**
 * The abstract base of every faultline error. Declare a class of your own below a family with
 * `subclass` (`ToolError.subclass('PaymentDeclinedError', {...})`), or a family of your own with
 * `FaultlineError.subclass(name, { category, ... })`.
 *
 * @example
 * ```ts
 * try {
 *   await runTool();
 * } catch (error) {
 *   if (error instanceof FaultlineError && error.retryable) await retryLater(error.retryAfterMs);
 * }
 * ```
 */
export abstract class FaultlineError<Options extends FaultlineErrorOptions = FaultlineErrorOptions> extends Error implements ErrorFields {
  /** The constructor's options, as a type only. */
  declare static readonly [OPTIONS_TYPE]?: FaultlineErrorOptions;

  /** The class name, kept explicitly (given to `subclass`) so that minified bundles keep it. */
  declare readonly name: string;
  /** Machine-readable, UPPER_SNAKE, e.g. `MODEL_RATE_LIMITED`. */
  declare readonly code: string;
  /** The family this error belongs to. */
  declare readonly category: ErrorCategory;
  /** Human-readable; the class default when the constructor is given none. */
  declare readonly message: string;
  /** Whether a caller or a retry policy may try again. */
  declare readonly retryable: boolean;
  /** On an error read back by `deserializeError`: what the serializer had cut, if anything. */
  declare readonly truncated?: Truncation;

  /**
   * `new ToolNotFoundError({ toolName: 'delete' })`, the message among the options, or
   * `new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete' })`. Leave the message
   * out for the class's default; options are required when their type has a required key.
   */
  constructor(...args: OptionalWhenNoneRequired<Options> extends true ? [options?: Options & MessageOption] : [options: Options & MessageOption]);
  /**
   * @param message - Human-readable; omit it (or pass `undefined` or `null`) for the class's default message.
   * @param options - `cause` and any field that should differ from the class defaults.
   */
  constructor(
    ...args: OptionalWhenNoneRequired<Options> extends true ? [message?: string | null, options?: Options | null] : [message: string | null | undefined, options: Options]
  );
  constructor(first?: unknown, second?: unknown) {
    if (isAbstractBase(new.target)) {
      throw new TypeError('FaultlineError is abstract: throw a subclass such as ToolError, or extend one.');
    }
    // Inline rather than through a helper's object: this runs for every error built.
    const optionsFirst = typeof first !== 'string' && isOptionsArgument(first);
    const options = optionsFirst ? first : second;
    const message = optionsFirst ? readProperty(first, 'message') : first;
    const hasOptions = typeof options === 'object' && options !== null; // a JavaScript caller may pass null
    const text = typeof message === 'string' ? message : messageString(message);
    // Redacted before Error builds the stack from it, so that neither holds a secret.
    const kept = text === undefined ? undefined : keptMessage(text);
    super(kept, hasOptions ? causeOf(options) : undefined);
    if (kept !== undefined && kept !== text) rememberGivenMessage(this, text as string, kept);
    installRoot();
    if (!Object.hasOwn(new.target.prototype, 'name')) nameClass(new.target);
    if (hasOptions) assignOptions(this, options);
  }

  /**
   * Declares a class of your own once, when it is defined: its name (a string a minifier never changes),
   * code, defaults and fields. On `FaultlineError` it starts a family, whose `category` it needs. A spec
   * that cannot work is refused here with a TypeError that says what to write.
   *
   * @example
   * ```ts
   * import { FaultlineError, ToolError } from 'faultline';
   *
   * export class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
   *   code: 'PAYMENT_DECLINED',
   *   message: 'The payment was declined',
   *   fields: { amountCents: 'number', currency: 'string' },
   *   required: ['amountCents'],
   * }) {}
   * new PaymentDeclinedError({ toolName: 'charge_card', amountCents: 1200 }).amountCents; // 1200
   *
   * export class BillingError extends FaultlineError.subclass('BillingError', { category: 'TOOL', code: 'BILLING_ERROR' }) {}
   * ```
   */
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- the default: a class that declares no field of its own
  static subclass<Class extends AnyErrorClass, const Fields extends DeclaredFields = Record<never, never>, const Required extends readonly (keyof Fields & string)[] = readonly []>(
    this: Class,
    name: string,
    spec: FamilySpec<Fields, Required>,
  ): SubclassOf<Class, Fields, Required> {
    const parent = this as unknown as typeof FaultlineError;
    // Below a class with no declared ancestor, a class starts a family of its own.
    const parentName = (parent.prototype as { [CLASS_NAME]?: string })[CLASS_NAME];
    const given = (spec as unknown) ?? {}; // a JavaScript caller may leave it out
    const declaration = checkDeclaration(parentName ?? parent.name, parent.prototype, name, given, parentName === undefined);
    return declareClass(parent, name, declaration, fromValue) as unknown as SubclassOf<Class, Fields, Required>;
  }

  /**
   * `instanceof` that also holds across copies of faultline (ESM and CJS builds, two installed versions):
   * the value carries the brand and its chain has a class declared with the same name and ancestors.
   */
  static override [Symbol.hasInstance]<T extends abstract new (...args: never) => unknown>(this: T, value: unknown): value is InstanceType<T> {
    try {
      if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    } catch {
      return false; // a revoked Proxy, or one whose getPrototypeOf trap throws: not one of ours
    }
    if (!hasFaultlineBrand(value)) return false;
    // The abstract base of any copy: every faultline error is one.
    if (isAbstractBase(this)) return true;
    const declared = declaredPrototypeOf(this);
    return declared !== undefined && chainDeclares(value as object, declared);
  }

  /**
   * Maps anything thrown into this class, the value kept as `cause`; retryable when it was a network
   * failure or a timeout. A faultline error passes through unchanged; a built-in family picks its leaf
   * class (`ToolError.from` gives a ToolTimeoutError for a timeout).
   *
   * @example
   * ```ts
   * import { FaultlineError } from 'faultline';
   *
   * class BillingError extends FaultlineError.subclass('BillingError', { category: 'TOOL', code: 'BILLING_ERROR' }) {}
   * const error = BillingError.from(new Error('card declined')); // a BillingError, cause: the Error
   * ```
   */
  static from<E extends FaultlineError>(value: E, context?: object): E;
  static from<Class extends ConcreteErrorClass>(this: Class, value: unknown, context?: FromContext<Class>): InstanceType<Class>;
  static from(this: AnyErrorClass, value: unknown, context?: object): FaultlineError {
    return fromValue.call(this, value, context);
  }

  /** The JSON contract: the same as `serializeError(this)`. */
  toJSON(): SerializedError {
    return serializeFaultline(this);
  }

  /** `ToolNotFoundError [TOOL_NOT_FOUND]: Tool 'delete' is not registered` */
  override toString(): string {
    const head = `${this.name} [${this.code}]`;
    return this.message === '' ? head : `${head}: ${this.message}`;
  }
}

// A class that names itself inside its own body is emitted by bundlers as `var X = class _X`, and its
// name (which util.inspect prints) would read `_X`. So every use of FaultlineError lives out here.
function isAbstractBase(target: unknown): boolean {
  return target === FaultlineError;
}

/** Gives a class's prototype its own `name`, so that an instance reads it without walking up the chain. */
function nameClass(cls: { readonly prototype: object; readonly name: string }): void {
  const declared = declaredPrototypeOf(cls);
  define(cls.prototype, 'name', declared === undefined ? cls.name : (declared as { readonly name: string }).name, false);
}

function fromValue(this: AnyErrorClass, value: unknown, context?: object): FaultlineError {
  if (hasFaultlineBrand(value)) return value as FaultlineError;
  const recognition = recognize(value);
  const options = mappedOptions(value, recognition, context as { readonly status?: number } | undefined);
  // A concrete class, as every class below the abstract base is (the base's constructor refuses itself).
  const Concrete = this as unknown as new (message: string | undefined, options: object) => FaultlineError;
  return new Concrete(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}

/**
 * Writes the base's defaults, brand and inspect view on first use, not in the class body: a member under
 * a computed key is a statement a bundler must keep, even in a bundle that imports only `ErrorCategory`.
 */
export function installRoot(): void {
  const proto = FaultlineError.prototype;
  if (Object.hasOwn(proto, ERROR_BRAND)) return;
  define(proto, 'name', 'FaultlineError', false);
  define(proto, 'code', 'FAULTLINE_ERROR', true);
  define(proto, 'category', 'UNKNOWN', true);
  define(proto, 'message', 'An error occurred', true);
  define(proto, 'retryable', false, true);
  define(proto, FIELD_TABLE, {} satisfies FieldTable, false);
  define(proto, NODE_INSPECT, function inspect(this: object, depth: number, options: unknown, inspectValue: unknown): unknown {
    return inspectError(this, options, inspectValue);
  }, false);
  // Last: a prototype with the brand is one whose defaults are all in place.
  define(proto, ERROR_BRAND, true, false);
}

/**
 * One of faultline's own classes: `subclass` without the checks that refuse the built-in names to every
 * other class. The instance fields come from an interface merged with the class, so that each built-in
 * extends its parent class itself and type-aware linters see the whole hierarchy.
 */
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- the default: a class that declares no field of its own
export function builtInClass<Class extends AnyErrorClass, const Fields extends BuiltInFieldTable = Record<never, never>>(
  parent: Class,
  name: string,
  spec: BuiltInSpec<Fields>,
): ErrorClass<InstanceType<Class>, OptionsOf<Class> & FieldOptionsOf<Fields>> {
  return declareClass(parent, name, spec, fromValue) as unknown as ErrorClass<InstanceType<Class>, OptionsOf<Class> & FieldOptionsOf<Fields>>;
}

interface BuiltInSpec<Fields extends BuiltInFieldTable> {
  readonly code: string;
  readonly message: string;
  readonly category?: ErrorCategory;
  readonly retryable?: boolean | ((error: ErrorFields) => boolean);
  readonly status?: number;
  readonly fields?: Fields;
}
