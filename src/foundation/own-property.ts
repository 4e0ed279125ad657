/** Even one named `__proto__`, without touching any prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') defineField(target, key, value);
  else (target as Record<string, unknown>)[key] = value;
}

/** As an assignment to a plain object would, but past any setter or prototype. */
export function defineField(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Like the engine's own `cause` and `stack` of an Error: not enumerable. */
export function defineHidden(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
}
