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

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return fieldText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  return undefined;
}
