/**
 * Reading a property of a value that came from a `catch`: it may be a revoked Proxy, an object
 * whose getter throws, or a primitive. These never throw.
 */

/** `value[key]`, or `undefined` when reading throws or `value` is not an object or function. */
export function readProperty(value: unknown, key: PropertyKey): unknown {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** `value[key]` when it is a string, else `undefined`. */
export function readString(value: unknown, key: PropertyKey): string | undefined {
  const read = readProperty(value, key);
  return typeof read === 'string' ? read : undefined;
}
