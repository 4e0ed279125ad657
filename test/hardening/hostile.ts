/**
 * Hostile values shared by the hardening tests: each built fresh on every call, so that no test
 * sees another's leftovers, and each named for what it does to a reader.
 */
import { expect } from 'vitest';
import { serializedErrorSchema } from '../../src/schema/index.js';

/** A Proxy whose target is gone: every operation on it throws a TypeError. */
export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/**
 * A Proxy that throws on every trap. The handler is itself a Proxy that answers any trap name
 * with a function that throws, so no trap is forgotten.
 */
export function throwingProxy(target: object = {}): object {
  const handler = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('trap');
      },
    },
  );
  return new Proxy(target, handler);
}

/** Defines `key` on `target` as a getter that throws. */
export function throwingGetter<T extends object>(target: T, key: PropertyKey): T {
  Object.defineProperty(target, key, {
    get(): never {
      throw new Error(`getter ${String(key)}`);
    },
    configurable: true,
    enumerable: true,
  });
  return target;
}

/** An error (or any object) whose getters of `keys` throw, as a hostile subclass or a mutated error has them. */
export function withThrowingGetters<T extends object>(target: T, ...keys: string[]): T {
  for (const key of keys) Object.defineProperty(target, key, { get: () => { throw new Error(`getter ${key}`); }, configurable: true });
  return target;
}

/** An object whose conversion to a primitive (String(), template literals, `+`) throws. */
export function throwingPrimitive(): object {
  return {
    [Symbol.toPrimitive](): never {
      throw new Error('toPrimitive');
    },
  };
}

/** An object whose `toJSON` throws. */
export function throwingToJSON(): object {
  return {
    id: 7,
    toJSON(): never {
      throw new Error('toJSON');
    },
  };
}

/** An object whose `toJSON` returns the object itself. */
export function returningItself(): object {
  const value = {
    id: 7,
    toJSON(): unknown {
      return value;
    },
  };
  return value;
}

/** Sets an own enumerable data property, so that `__proto__` stays a plain key. */
export function defineOwn<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Every value anywhere in a parsed JSON document, to look for `null`. */
export function jsonLeaves(value: unknown, found: unknown[] = []): unknown[] {
  found.push(value);
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) jsonLeaves((value as Record<string, unknown>)[key], found);
  }
  return found;
}

/**
 * Checks what every serializer output must be: accepted by the contract's zod schema, printable
 * by JSON.stringify, free of `null` anywhere, and the same after a trip through JSON text.
 * Returns the JSON text.
 */
export function expectContract(output: unknown): string {
  const parsed = serializedErrorSchema.safeParse(output);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues).slice(0, 2000)).toBe(true);
  const text = JSON.stringify(output);
  expect(typeof text).toBe('string');
  expect(jsonLeaves(JSON.parse(text)).filter((leaf) => leaf === null)).toEqual([]);
  return text;
}

/** The own property names of the built-in prototypes that prototype pollution would touch. */
export function prototypeSnapshot(): Record<string, string[]> {
  return {
    object: Reflect.ownKeys(Object.prototype).map(String),
    array: Reflect.ownKeys(Array.prototype).map(String),
    error: Reflect.ownKeys(Error.prototype).map(String),
    function: Reflect.ownKeys(Function.prototype).map(String),
  };
}
