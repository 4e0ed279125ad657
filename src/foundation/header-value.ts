import { fieldText } from './field-text.js';

/**
 * One header of a response, read from whatever holds them: a fetch `Headers` (or anything with a
 * `get` method), a Map, or a plain object such as Node's `IncomingHttpHeaders`, with the name in any
 * case. An array value (a repeated header) gives its first string. A value longer than
 * MAX_FIELD_LENGTH is cut to it (`fieldText`): no header faultline reads needs more, and a field read
 * from one must not hold megabytes. Never throws: a revoked Proxy or a throwing getter reads as no header.
 *
 * @example
 * ```ts
 * headerValue(new Headers({ 'Retry-After': '2' }), 'retry-after'); // '2'
 * headerValue({ 'X-Request-Id': ['req_1'] }, 'x-request-id');     // 'req_1'
 * ```
 */
export function headerValue(headers: unknown, name: string): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const wanted = name.toLowerCase();
  try {
    const get = (headers as { get?: unknown }).get;
    if (typeof get === 'function') {
      const found = textOf((get as (key: string) => unknown).call(headers, wanted));
      if (found !== undefined || !(headers instanceof Map)) return found;
      // A Map's keys keep their case: look through them.
      for (const [key, value] of headers as Map<unknown, unknown>) {
        if (typeof key === 'string' && key.toLowerCase() === wanted) return textOf(value);
      }
      return undefined;
    }
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === wanted) return textOf((headers as Record<string, unknown>)[key]);
    }
  } catch {
    // unreadable headers hold no header
  }
  return undefined;
}

// Far more headers than a response carries: a container that lists more (or lists forever) is read no further.
const MAX_HEADERS_READ = 1024;

/**
 * The headers of `names` (lowercase) that a container holds, by name, read in one pass over it, so that a
 * family of headers (a provider's two dozen rate-limit headers) costs one read of the container rather
 * than one per name, and no more than its first 1,024 entries are read. A container with a `get` method
 * but no `entries` (axios's headers) is asked for each name instead. Values are read as
 * {@link headerValue} reads them; never throws.
 *
 * @example
 * ```ts
 * headersNamed(new Headers({ 'X-RateLimit-Remaining-Tokens': '0' }), ['x-ratelimit-remaining-tokens']).get('x-ratelimit-remaining-tokens'); // '0'
 * ```
 */
export function headersNamed(headers: unknown, names: readonly string[]): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  if (typeof headers !== 'object' || headers === null) return found;
  const wanted = new Set(names);
  let read = 0;
  // False once the read bound is reached.
  const keep = (key: unknown, value: unknown): boolean => {
    if (typeof key === 'string') {
      const name = key.toLowerCase();
      const text = wanted.has(name) && !found.has(name) ? textOf(value) : undefined;
      if (text !== undefined) found.set(name, text);
    }
    return ++read < MAX_HEADERS_READ;
  };
  try {
    const { get, entries } = headers as { get?: unknown; entries?: unknown };
    if (typeof get === 'function' && typeof entries !== 'function') {
      for (const name of names) keep(name, (get as (key: string) => unknown).call(headers, name));
    } else if (typeof entries === 'function') {
      for (const [key, value] of (entries as () => Iterable<[unknown, unknown]>).call(headers)) if (!keep(key, value)) break;
    } else {
      for (const key of Object.keys(headers)) if (!keep(key, (headers as Record<string, unknown>)[key])) break;
    }
  } catch {
    // unreadable headers hold what was read before they threw
  }
  return found;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return fieldText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  return undefined;
}
