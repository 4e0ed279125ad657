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
  if (Object.hasOwn(error, 'cause')) Object.defineProperty(view, 'cause', { value: source.cause, enumerable: false });
  return (inspect as Inspect)(view, typeof options === 'object' && options !== null ? options : undefined);
}
