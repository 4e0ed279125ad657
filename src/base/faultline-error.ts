import { chainHasClass, CLASS_NAME, ERROR_BRAND, hasFaultlineBrand } from '../foundation/brand.js';
import type { ErrorCategory } from '../foundation/category.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import type { ErrorFields } from './error-fields.js';
import type { SerializedError, Truncation } from '../contract/serialized-error.js';
import { declaredNameOf, installDefaults, type ErrorDefaults } from './defaults.js';
import type { JsonObject } from '../foundation/json.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

/**
 * Options every faultline constructor takes, in the ES2022 `new Error(message, { cause })` idiom.
 * Each one overrides the class default. A family adds its own fields (`toolName`, `provider`, ...).
 */
export interface FaultlineErrorOptions {
  /** What caused this error; kept as the standard `cause`. */
  readonly cause?: unknown;
  /** Overrides the class's machine-readable code. */
  readonly code?: string;
  /** Overrides whether callers may retry. */
  readonly retryable?: boolean;
  /** Suggested delay before a retry. Whole milliseconds: NaN, negative or infinite is dropped, a fraction rounded. */
  readonly retryAfterMs?: number;
  /** The upstream HTTP status. Dropped or rounded like `retryAfterMs`. */
  readonly status?: number;
  /** The upstream request or trace id. */
  readonly requestId?: string;
  /** Concrete next steps a model or a person can act on. */
  readonly recommendations?: readonly string[];
  /** Any further structured context: ids, operation, attempt. */
  readonly details?: JsonObject;
}

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
  static readonly defaults: ErrorDefaults = {
    name: 'FaultlineError',
    code: 'FAULTLINE_ERROR',
    category: 'UNKNOWN',
    message: 'An error occurred',
    retryable: false,
  };

  /** The class name, kept explicitly so that minified bundles keep it. */
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
  declare readonly details?: JsonObject;
  /** On an error read back by `deserializeError`: what the serializer had cut, if anything. */
  declare readonly truncated?: Truncation;

  /**
   * @param message - Human-readable; omit it for the class's default message.
   * @param options - `cause` and any field that should differ from the class defaults.
   */
  constructor(message?: string, options?: Options) {
    const target = new.target;
    if (isAbstractBase(target)) {
      throw new TypeError('FaultlineError is abstract: throw a subclass such as ToolError, or extend one.');
    }
    super(
      typeof message === 'string' ? message : messageArgument(message),
      options === undefined ? undefined : causeOf(options),
    );
    if (!Object.hasOwn(target.prototype, CLASS_NAME)) installDefaults(target);
    if (options != null) assignOptions(this, options); // `!= null`: a JavaScript caller may pass null
  }

  /**
   * `instanceof` that also holds for errors made by another copy of faultline (the ESM and the
   * CJS build in one process, or two installed versions): the value must carry the faultline
   * brand and have a class of this class's declared name on its prototype chain.
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
    return hasFaultlineBrand(value) && chainHasClass(value as object, declaredNameOf(this));
  }

  /** The faultline brand, on the prototype so that it costs an instance nothing. */
  get [ERROR_BRAND](): true {
    return true;
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

function messageArgument(message: unknown): string | undefined {
  if (message === undefined || message === null) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value a JavaScript caller passes keeps its string form
    return String(message);
  } catch {
    return undefined; // an object whose toString or Symbol.toPrimitive throws: keep the default
  }
}

function causeOf(options: FaultlineErrorOptions | null): { cause: unknown } | undefined {
  try {
    return options !== null && 'cause' in options ? { cause: options.cause } : undefined;
  } catch {
    return undefined;
  }
}

function assignOptions(error: FaultlineError, options: object): void {
  const target = error as unknown as Record<string, unknown>;
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    return;
  }
  for (const key of keys) {
    const rule = optionRule(key);
    if (rule === 'skip') continue;
    let value: unknown;
    try {
      value = (options as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    if (rule === 'whole') value = toWholeNonNegative(value);
    // A key naming a method (toString, toJSON) would replace it on this error: not a field.
    if (value !== undefined && value !== null && typeof target[key] !== 'function') target[key] = value;
  }
}

/**
 * What an options key sets: nothing (`skip`), a whole non-negative number (`whole`, cleaned by
 * toWholeNonNegative) or a field as given. A switch rather than Sets: it runs for every option of
 * every error built, and comparing the interned strings `Object.keys` returns costs less than
 * hashing them.
 */
function optionRule(key: string): 'skip' | 'whole' | 'field' {
  switch (key) {
    // They belong to the class or to Error itself; `__proto__` and `constructor` would reach past
    // the instance, and `then` would make the error a thenable that `await` unwraps.
    case 'cause': case 'name': case 'category': case 'message': case 'stack':
    case '__proto__': case 'constructor': case 'then':
      return 'skip';
    case 'retryAfterMs': case 'status': case 'timeoutMs': case 'maxIterations':
      return 'whole';
    default:
      return 'field';
  }
}
