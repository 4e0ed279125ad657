/**
 * `value instanceof Class`, false rather than a TypeError where the check throws: a revoked Proxy, or a
 * class whose `Symbol.hasInstance` throws (an engine's classes check a marker on the value).
 */
export function isInstanceOf<T>(value: unknown, Class: abstract new (...args: never) => T): value is T {
  try {
    return value instanceof Class;
  } catch {
    return false;
  }
}
