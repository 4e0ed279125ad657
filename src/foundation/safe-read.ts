// A value that came from a `catch` may be a revoked Proxy, an object whose getter throws, or a primitive.
export function readProperty(value: unknown, key: PropertyKey): unknown {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined;
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch {
    return undefined;
  }
}

export function readString(value: unknown, key: PropertyKey): string | undefined {
  const read = readProperty(value, key);
  return typeof read === 'string' ? read : undefined;
}
