/** As an object literal's or `JSON.parse`'s: not an Error, an array, a class instance, nor a Proxy whose trap throws. */
export function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}
