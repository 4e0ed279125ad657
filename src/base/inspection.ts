import { hasFaultlineBrand } from '../foundation/brand.js';
import { isErrorObject } from '../foundation/error-object.js';
import { keptMessage } from '../redaction/message-redaction.js';
import { serializeData, serializeFaultline } from '../serialization/serialize-faultline.js';

/** Node prints own properties, but `code`, `category` and `retryable` are prototype defaults. Realm-wide: nothing imported from Node. */
export const NODE_INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');

// The fields a reader looks for first, shown even when they come from the class's defaults.
const SHOWN_FIELDS = ['code', 'category', 'retryable', 'retryAfterMs', 'status', 'requestId'] as const;

type Inspect = (value: unknown, options?: object) => string;

/** A view whose prototype is the error, holding the fields as the contract writes them, redacted. Built only when inspected. */
export function inspectError(error: object, options: unknown, inspect: unknown): unknown {
  // Another runtime may call the hook with other arguments: then the error prints as it would.
  if (typeof inspect !== 'function') return error;
  const view: Record<PropertyKey, unknown> = Object.create(error) as Record<PropertyKey, unknown>;
  // Hidden on the view, or inspecting it would call this hook again.
  Object.defineProperty(view, NODE_INSPECT, { value: undefined });
  const written = serializeFaultline(error) as unknown as Record<string, unknown>;
  for (const key of [...SHOWN_FIELDS, ...Object.keys(error)]) {
    if (written[key] !== undefined) view[key] = written[key];
  }
  // Node prints `[cause]` for an own `cause` only.
  if (Object.hasOwn(error, 'cause')) Object.defineProperty(view, 'cause', { value: redactedCause((error as { cause?: unknown }).cause, new Map()), enumerable: false });
  return (inspect as Inspect)(view, typeof options === 'object' && options !== null ? options : undefined);
}

/**
 * Text and data through the redactor, so that `console.log(normalizeError(thrown))` shows no secret the
 * thrown value held; a view whose prototype is the cause, so that it is still that error.
 */
function redactedCause(cause: unknown, seen: Map<object, unknown>): unknown {
  if (typeof cause === 'string') return keptMessage(cause);
  if (!isErrorObject(cause)) return isReadable(cause) ? serializeData(cause) : UNREADABLE;
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
    const fields = serializeData(Object.fromEntries(Object.keys(cause).filter((key) => key !== 'cause' && key !== 'errors').map((key) => [key, source[key]])));
    Object.assign(view, fields);
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
