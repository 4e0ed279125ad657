/**
 * Whether `value` is a plain object: its prototype is `Object.prototype` or `null`, as an object
 * literal's or `JSON.parse`'s is. An Error, an array, a class instance or a Proxy whose
 * getPrototypeOf trap throws is not.
 */
export function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}
