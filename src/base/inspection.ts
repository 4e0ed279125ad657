import { hasFaultlineBrand } from '../foundation/brand.js';
import { isErrorObject } from '../foundation/error-object.js';
import { keptMessage } from '../redaction/message-redaction.js';

/**
 * How Node's `util.inspect` (and so `console.log`) shows a faultline error. Node prints an error's
 * stack and its own enumerable properties, but a faultline error's `code`, `category` and
 * `retryable` are defaults on its class's prototype, so it would print none of them. Keyed by the
 * realm-wide symbol Node looks for, so that the library imports nothing from Node.
 */
export const NODE_INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');

// The fields a reader looks for first, shown even when they come from the class's defaults.
const SHOWN_FIELDS = ['code', 'category', 'retryable', 'retryAfterMs', 'status', 'requestId'] as const;

type Inspect = (value: unknown, options?: object) => string;

/**
 * The error as `util.inspect` should print it: an object whose prototype is the error (so it is
 * still an Error, with the error's stack and class), holding the fields above and the error's own
 * enumerable fields as its own. Built only when the error is inspected, so construction costs
 * nothing for it.
 */
export function inspectError(error: object, options: unknown, inspect: unknown): unknown {
  // Another runtime may call the hook with other arguments: then the error prints as it would.
  if (typeof inspect !== 'function') return error;
  const view: Record<PropertyKey, unknown> = Object.create(error) as Record<PropertyKey, unknown>;
  // Hidden on the view, or inspecting it would call this hook again.
  Object.defineProperty(view, NODE_INSPECT, { value: undefined });
  const source = error as Record<string, unknown>;
  for (const key of SHOWN_FIELDS) {
    const value = source[key];
    if (value !== undefined) view[key] = value;
  }
  for (const key of Object.keys(error)) view[key] = source[key];
  // Node prints `[cause]` for an own `cause` only.
  if (Object.hasOwn(error, 'cause')) Object.defineProperty(view, 'cause', { value: redactedCause(source.cause, new Map()), enumerable: false });
  return (inspect as Inspect)(view, typeof options === 'object' && options !== null ? options : undefined);
}

/**
 * A cause as it is printed: a foreign error's text (its message, its stack and its own string fields)
 * through the redactor, as a faultline error's own message is when it is built, so that
 * `console.log(normalizeError(thrown))` shows no API key the thrown error's message held. The cause
 * itself is left as it is: what is printed is a view whose prototype is the cause, so it is still
 * that error, of that class. A faultline cause prints itself, through this hook; a cause's own causes
 * and `errors` are viewed in turn (`seen` holds each view once, for a cycle).
 */
function redactedCause(cause: unknown, seen: Map<object, unknown>): unknown {
  if (typeof cause === 'string') return keptMessage(cause);
  if (!isErrorObject(cause)) return isReadable(cause) ? cause : UNREADABLE;
  if (hasFaultlineBrand(cause)) return cause;
  const done = seen.get(cause);
  if (done !== undefined) return done;
  try {
    const view = Object.create(cause) as Record<string, unknown>;
    seen.set(cause, view);
    const source = cause as unknown as Record<string, unknown>;
    for (const key of ['message', 'stack']) {
      const text = source[key];
      if (typeof text === 'string') Object.defineProperty(view, key, { value: keptMessage(text), enumerable: false, configurable: true });
    }
    for (const key of Object.keys(cause)) {
      const value = source[key];
      view[key] = typeof value === 'string' ? keptMessage(value) : value;
    }
    if (Object.hasOwn(cause, 'cause')) Object.defineProperty(view, 'cause', { value: redactedCause(source.cause, seen), enumerable: false });
    const { errors } = source;
    if (Object.hasOwn(cause, 'errors') && Array.isArray(errors)) {
      Object.defineProperty(view, 'errors', { value: errors.map((item: unknown) => redactedCause(item, seen)), enumerable: false });
    }
    return view;
  } catch {
    return UNREADABLE; // a getter that throws: nothing of it is printed
  }
}

const UNREADABLE = '[a cause that could not be read]';

/** Whether util.inspect can walk a value: a revoked Proxy makes it throw. */
function isReadable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  try {
    Object.getPrototypeOf(value);
    return true;
  } catch {
    return false;
  }
}
