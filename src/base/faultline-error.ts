import { keptMessage, rememberGivenMessage } from '../redaction/message-redaction.js';
import { chainHasClass, ERROR_BRAND, hasFaultlineBrand } from '../foundation/brand.js';
import type { ErrorCategory } from '../foundation/category.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import type { ErrorFields } from './error-fields.js';
import type { SerializedError, Truncation } from '../contract/serialized-error.js';
import type { ErrorDefaults } from './defaults.js';
import { builtInDefaults } from './built-in-classes.js';
import { isPrepared, prepareClass } from './first-construction.js';
import { isProbeOf, watchWrites } from './class-field-check.js';
import { identityOf, ownDeclaredName } from './class-identity.js';
import type { ErrorDetails } from '../foundation/json.js';
import { readProperty } from '../foundation/safe-read.js';
import { inspectError, NODE_INSPECT } from './inspection.js';
import { assignOptions, causeOf, isOptionsArgument, messageString, type FaultlineErrorOptions, type MessageOption } from './options.js';
import { recognize } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';

/** `true` when every key of `Options` is optional, so that the options may be left out. */
type OptionalWhenNoneRequired<Options> = Partial<Options> extends Options ? true : false;

/** What a class's `from` may add to the error it builds: its constructor's options, less `cause` (the value itself). */
export type FromContext<Class> = Class extends abstract new (...args: infer Args) => unknown ? Omit<NonNullable<Args[1]>, 'cause'> : never;

/**
 * The abstract base of every faultline error. Subclass a family (`ToolError`, `ModelError`, ...)
 * rather than this; declare what differs in `static readonly defaults`.
 *
 * `Options` is the type of the constructor's options. A class passes its own to its parent
 * (`class ToolTimeoutError extends ToolError<ToolTimeoutErrorOptions>`) instead of writing a
 * constructor: the classes have no constructor of their own, so building any of them costs no
 * more than building this base, and the base costs little more than `new Error`.
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
  /**
   * The class's defaults. Subclasses override this with their own `name` and what else differs;
   * anything they leave out is inherited from the parent class.
   */
  static readonly defaults: ErrorDefaults = /* @__PURE__ */ builtInDefaults({
    name: 'FaultlineError',
    code: 'FAULTLINE_ERROR',
    category: 'UNKNOWN',
    message: 'An error occurred',
    retryable: false,
  });

  /**
   * The class name, kept explicitly so that minified bundles keep it. Read-only: a class of yours sets
   * it once, in `static override readonly defaults = { name: 'PaymentDeclinedError', ... }`, never with
   * `this.name = ...` (docs/extending.md).
   */
  declare readonly name: string;
  /** Machine-readable, UPPER_SNAKE, e.g. `MODEL_RATE_LIMITED`. */
  declare readonly code: string;
  /** The family this error belongs to. */
  declare readonly category: ErrorCategory;
  /** Human-readable; the class default when the constructor is given none. */
  declare readonly message: string;
  /** Whether a caller or a retry policy may try again. */
  declare readonly retryable: boolean;
  /** Suggested delay before a retry, whole milliseconds, never negative. */
  declare readonly retryAfterMs?: number;
  /** The upstream HTTP status, where one exists. */
  declare readonly status?: number;
  /** The upstream request or trace id. */
  declare readonly requestId?: string;
  /** Concrete next steps a model or a person can act on. */
  declare readonly recommendations?: readonly string[];
  /** Any further structured context. */
  declare readonly details?: ErrorDetails;
  /** On an error read back by `deserializeError`: what the serializer had cut, if anything. */
  declare readonly truncated?: Truncation;

  /**
   * Two forms: `new ToolNotFoundError({ toolName: 'delete' })` (the options alone, `message` among
   * them) and `new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete' })`.
   * Leave the message out for the class's default. When the class's options type has a required key,
   * the options are required too, and the compiler names the key that is missing.
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
    const target = new.target;
    if (isAbstractBase(target)) {
      throw new TypeError('FaultlineError is abstract: throw a subclass such as ToolError, or extend one.');
    }
    // Read inline rather than into an object a helper returns: this runs for every error built, and
    // a string message, the common case, takes one test.
    const optionsFirst = typeof first !== 'string' && isOptionsArgument(first);
    const options = optionsFirst ? first : second;
    const message = optionsFirst ? readProperty(first, 'message') : first;
    const hasOptions = typeof options === 'object' && options !== null; // a JavaScript caller may pass null
    const text = typeof message === 'string' ? message : messageString(message);
    // Redacted before Error builds the stack from it, so that neither holds a secret.
    const kept = text === undefined ? undefined : keptMessage(text);
    super(kept, hasOptions ? causeOf(options) : undefined);
    if (kept !== text) rememberGivenMessage(this, text as string);
    if (!isPrepared(target.prototype)) {
      // The first construction of a class of yours builds one probe of it, handed back watched (class-field-check.ts).
      if (isProbeOf(target)) {
        if (hasOptions) assignOptions(this, options);
        return watchWrites(this);
      }
      prepareClass(target as unknown as Parameters<typeof prepareClass>[0]);
    }
    if (hasOptions) assignOptions(this, options);
  }

  /**
   * `instanceof` that also holds for errors made by another copy of faultline (the ESM and the
   * CJS build in one process, or two installed versions): the value must carry the faultline
   * brand and have on its prototype chain a class of this class's identity (its declared name,
   * its nearest named ancestor's, its code). A class that declares no name of its own is matched
   * by the ordinary prototype check only.
   */
  static override [Symbol.hasInstance]<T extends abstract new (...args: never) => unknown>(
    this: T,
    value: unknown,
  ): value is InstanceType<T> {
    try {
      if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    } catch {
      return false; // a revoked Proxy, or one whose getPrototypeOf trap throws: not one of ours
    }
    // Across copies by identity, for a class that declares its name: a class named by its JavaScript
    // name alone (which a minifier shortens to a letter) is matched by its own prototype only.
    const name = ownDeclaredName(this);
    return name !== undefined && hasFaultlineBrand(value) && chainHasClass(value as object, name, identityOf, this);
  }

  /**
   * Maps anything thrown into this class: the value's message, its status and the context's options,
   * with the value itself as `cause`; retryable when it was a network failure or a timeout. A faultline
   * error passes through unchanged. Every family has it, yours too; a built-in family overrides it to
   * pick its leaf class (`ToolError.from` gives a ToolTimeoutError for a timeout).
   *
   * @example
   * ```ts
   * import { FaultlineError, type ErrorDefaults } from 'faultline';
   *
   * class BillingError extends FaultlineError {
   *   static override readonly defaults: ErrorDefaults = { name: 'BillingError', code: 'BILLING_ERROR', category: 'TOOL' };
   * }
   * const error = BillingError.from(new Error('card declined')); // a BillingError, cause: the Error
   * ```
   */
  static from<E extends FaultlineError>(value: E, context?: object): E;
  static from<Class extends new (...args: never) => FaultlineError>(this: Class, value: unknown, context?: FromContext<Class>): InstanceType<Class>;
  static from(this: abstract new (...args: never) => FaultlineError, value: unknown, context?: object): FaultlineError {
    if (hasFaultlineBrand(value)) return value as FaultlineError;
    const recognition = recognize(value);
    const options = mappedOptions(value, recognition, context as { readonly status?: number } | undefined);
    // A concrete class, as every class below the abstract base is (the base's constructor refuses itself).
    const Concrete = this as unknown as new (message: string | undefined, options: object) => FaultlineError;
    return new Concrete(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
  }

  /** The faultline brand, on the prototype so that it costs an instance nothing. */
  get [ERROR_BRAND](): true {
    return true;
  }

  /**
   * What `console.log(error)` and Node's `util.inspect` print: the stack, then `code`, `category`,
   * `retryable` (and `retryAfterMs`, `status`, `requestId` when set) with the error's own fields.
   */
  [NODE_INSPECT](depth: number, options: unknown, inspect: unknown): unknown {
    return inspectError(this, options, inspect);
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

// A class that names itself inside its own body is emitted by bundlers as `var X = class _X`,
// and its constructor.name (which util.inspect prints) would read `_X`. So this check, and every
// family's `from` builder, lives outside the class body.
function isAbstractBase(target: unknown): boolean {
  return target === FaultlineError;
}
