/** False rather than a TypeError where the check throws: a revoked Proxy, or an engine's `Symbol.hasInstance` that throws. */
export function isInstanceOf<T>(value: unknown, Class: abstract new (...args: never) => T): value is T {
  try {
    return value instanceof Class;
  } catch {
    return false;
  }
}
