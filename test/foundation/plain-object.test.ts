import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../../src/foundation/plain-object.js';

describe('isPlainObject', () => {
  it('is true for object literals, JSON.parse output and null-prototype objects', () => {
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it('is false for errors, arrays, class instances, primitives and a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const value of [new Error('x'), [], new Map(), new URL("https://example.com"), 'text', 1, null, undefined, proxy]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });
});
