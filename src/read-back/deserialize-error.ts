import type { FaultlineError } from '../base/faultline-error.js';
import { ValidationError } from '../errors/validation.js';
import { classForName, localClasses, type FaultlineErrorClass } from './class-registry.js';
import type { SerializedCause, SerializedError, SerializedForeignError } from '../contract/serialized-error.js';
import { hasNodeHead, isForeignNode, nodeFieldProblem } from '../contract/node-shape.js';
import { validateSerializedError } from '../validation/validate-serialized.js';
import { setOwn } from '../foundation/own-property.js';

/**
 * Options of `deserializeError`.
 *
 * @example
 * ```ts
 * deserializeError(row.error, { classes: [PaymentDeclinedError], maxInputLength: 100_000 });
 * ```
 */
export interface DeserializeOptions {
  /** Classes to rebuild by name for this call only, before registered and built-in ones. */
  readonly classes?: readonly FaultlineErrorClass[];
  /** The most characters the input may hold (the JSON text, or the strings and keys of an object). Default 1,000,000. */
  readonly maxInputLength?: number;
  /** The deepest nesting of objects and arrays. Default 256. */
  readonly maxNesting?: number;
}

/** The defaults of {@link DeserializeOptions}. */
export const DESERIALIZE_DEFAULTS = { maxInputLength: 1_000_000, maxNesting: 256 } as const;

// Fields the rebuilt error gets only where they differ from what its class's prototype says.
type HeadField = 'name' | 'code' | 'category' | 'retryable';

/**
 * Reads a serialized error back into its class: the object, or its JSON text. The input is
 * validated against the contract first; invalid input throws a ValidationError whose `fields`
 * say what is wrong where, with the input as `cause`. The class is found by `name` among
 * `options.classes`, registered classes and the built-ins; an unknown name falls back to its
 * category's family class and keeps the name. `serializeError(deserializeError(json))` equals `json`.
 *
 * @example
 * ```ts
 * const error = deserializeError(line);
 * if (error instanceof ModelRateLimitError) await sleep(error.retryAfterMs ?? 1000);
 * ```
 */
export function deserializeError(input: unknown, options?: DeserializeOptions): FaultlineError {
  const limits = {
    maxInputLength: options?.maxInputLength ?? DESERIALIZE_DEFAULTS.maxInputLength,
    maxNesting: options?.maxNesting ?? DESERIALIZE_DEFAULTS.maxNesting,
  };
  const value = typeof input === 'string' ? parse(input, limits.maxInputLength) : input;
  let issues: Record<string, string>;
  try {
    issues = validateSerializedError(value, limits);
  } catch (error) {
    // An input object JSON could not make: a revoked Proxy, a getter that throws.
    throw unreadable(reasonOf(error), input);
  }
  if (Object.keys(issues).length > 0) {
    throw new ValidationError(`Not a serialized faultline error: ${describe(issues)}`, { fields: issues, cause: input });
  }
  // Capturing a local stack is most of the cost of making an Error, and a rebuilt error's stack
  // is the persisted one, or none. A limit that is not a number makes V8 capture nothing at all
  // (its `stack` is undefined), which is cheaper still than a limit of 0.
  const local = localClasses(options?.classes); // a bad class is the caller's TypeError, not the input's
  const limit = (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit;
  const lowered = setStackTraceLimit(undefined);
  let rebuilt: FaultlineError | undefined;
  let failure: { readonly error: unknown } | undefined;
  try {
    rebuilt = rebuildNode({ local, stackless: lowered && capturesNoStack() }, value as SerializedError);
  } catch (error) {
    failure = { error }; // an input object whose getters answer differently on a second read
  } finally {
    if (lowered) setStackTraceLimit(limit);
  }
  // Thrown once the limit is back, so that the ValidationError has a stack of its own.
  if (failure !== undefined) throw unreadable(reasonOf(failure.error), input);
  // The root validated, but a field read again for the rebuild has the wrong type: a getter.
  if (rebuilt === undefined) throw unreadable('a field changed while it was read', input);
  return rebuilt;
}

function parse(text: string, maxInputLength: number): unknown {
  if (text.length > maxInputLength) {
    throw wholeInputError(`input is larger than ${maxInputLength} characters`, `Input is larger than the limit of ${maxInputLength} characters`, text);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = reasonOf(error);
    throw wholeInputError(`invalid JSON (${reason})`, `Invalid JSON: ${reason}`, text);
  }
}

function unreadable(reason: string, input: unknown): ValidationError {
  return wholeInputError(`unreadable input (${reason})`, `Unreadable input: ${reason}`, input);
}

/** A problem with the input as a whole, rather than with one field: its path is ''. */
function wholeInputError(summary: string, issue: string, input: unknown): ValidationError {
  return new ValidationError(`Not a serialized faultline error: ${summary}`, { fields: { '': issue }, cause: input });
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unreadable';
}

/** A field like the engine's own `stack` and `cause`: own, writable, not enumerable. */
function defineHidden(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
}

function describe(issues: Record<string, string>): string {
  return Object.entries(issues)
    .slice(0, 3)
    .map(([path, message]) => (path === '' ? message : `${path}: ${message}`))
    .join('; ');
}

/** What rebuilding one input needs to know besides the nodes. */
interface Rebuild {
  readonly local: ReadonlyMap<string, FaultlineErrorClass> | undefined;
  /** Whether construct() makes errors with no stack at all (see capturesNoStack). */
  readonly stackless: boolean;
}

/**
 * The error a node stands for, or undefined when one of its fields has the wrong type for a
 * faultline node: then a cause is not one (the root, validated whole, always is). Checked while
 * the fields are copied rather than in a pass of its own, which read every field twice; a node
 * that fails is rare, and what was built for it is dropped.
 */
function rebuildNode(r: Rebuild, node: SerializedError): FaultlineError | undefined {
  const cls = classForName(node.name, node.category, r.local);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- built on cls's prototype without running its constructor, by design (see construct)
  const error = construct(cls, node.message, causeOptions(r, node.cause)) as FaultlineError;
  for (const key of Object.keys(node)) {
    switch (key) {
      case 'name':
      case 'code':
      case 'category':
      case 'retryable':
      case 'message':
      case 'cause':
        continue; // hasNodeHead checked the first five; construct() set message and cause, and the rest are set below
    }
    const value = node[key];
    if (value === undefined) continue; // the root's declared keys may hold undefined
    if (nodeFieldProblem(key, value) !== undefined) return undefined;
    if (key === 'errors' || key === 'stack') continue; // set by finish()
    // Own data properties, like the constructor's options make; setOwn so that a key such as
    // `__proto__` stays a plain field and never reaches the prototype.
    if (key === 'truncated') defineHidden(error, key, value);
    else setOwn(error, key, value);
  }
  // Last, so that a default computed from other fields (ModelApiError's retryable) sees them.
  // Only what differs from the class's prototype becomes an own field.
  const target = error as { -readonly [K in HeadField]: SerializedError[K] };
  if (target.name !== node.name) target.name = node.name;
  if (target.code !== node.code) target.code = node.code;
  if (target.category !== node.category) target.category = node.category;
  if (target.retryable !== node.retryable) target.retryable = node.retryable;
  // A class default the node does not carry (AuthenticationError's status 401) was not there when
  // it was written: hide it, or serializing the error again would add it.
  if (node.status === undefined && error.status !== undefined) defineHidden(error, 'status', undefined);
  finish(r, error, node);
  return error;
}

function rebuildForeign(r: Rebuild, node: SerializedForeignError): Error {
  const error = construct(Error, node.message, causeOptions(r, node.cause));
  if (node.name !== 'Error') defineHidden(error, 'name', node.name);
  if (node.code !== undefined) (error as Error & { code?: string }).code = node.code;
  if (node.truncated !== undefined) defineHidden(error, 'truncated', node.truncated);
  finish(r, error, node);
  return error;
}

/** A cause is rebuilt as what its own keys say it is: a faultline error, a foreign error, or data. */
function rebuildCause(r: Rebuild, value: SerializedCause): unknown {
  const error = hasNodeHead(value) ? rebuildNode(r, value as SerializedError) : undefined;
  if (error !== undefined) return error;
  if (isForeignNode(value)) return rebuildForeign(r, value as SerializedForeignError);
  return value;
}

function causeOptions(r: Rebuild, cause: SerializedCause | undefined): { cause: unknown } | undefined {
  return cause === undefined ? undefined : { cause: rebuildCause(r, cause) };
}

function finish(r: Rebuild, error: Error, node: { readonly errors?: readonly SerializedCause[] | undefined; readonly stack?: string | undefined }): void {
  if (node.errors !== undefined) {
    // By index rather than `map`: an input object's array may carry an own `constructor` key.
    const errors: unknown[] = [];
    for (let index = 0; index < node.errors.length; index++) errors.push(rebuildCause(r, node.errors[index] as SerializedCause));
    defineHidden(error, 'errors', errors);
  }
  // The stack is the persisted one, or none: not one made up by construct(). V8 made none (see
  // deserializeError); an engine that did gets it replaced. Assigned, not defined: defineProperty
  // would first format the stack it replaces.
  if (node.stack !== undefined || (!r.stackless && error.stack !== undefined)) (error as { stack?: string | undefined }).stack = node.stack;
}

/**
 * Makes a real Error (with the engine's error internals, so `Error.isError` and `util.inspect`
 * treat it as one) whose prototype is the class's, without running the class's constructor:
 * the fields are the serialized ones, and a user constructor with other parameters cannot get
 * in the way.
 */
function construct(cls: abstract new (...args: never) => unknown, message: string, options: { cause: unknown } | undefined): Error {
  return Reflect.construct(Error, options === undefined ? [message] : [message, options], cls as unknown as new () => Error);
}

let stacklessEngine: boolean | undefined;

/**
 * Whether errors made now, with the limit lowered, have no stack at all. Then finish() need not
 * read `stack` to find out: that read is a native accessor, dearer than the rest of finish().
 * V8 captures nothing while the limit is not a number; an engine that captures anyway is found
 * out on first use. A limit that reads back as anything else (a setter that ignores the write)
 * counts as not lowered.
 */
function capturesNoStack(): boolean {
  return (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit === undefined && (stacklessEngine ??= new Error().stack === undefined);
}

// Frozen intrinsics (SES, hardened runtimes) make the limit read-only; then the stack is captured.
function setStackTraceLimit(limit: number | undefined): boolean {
  try {
    (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit = limit;
    return true;
  } catch {
    return false;
  }
}
