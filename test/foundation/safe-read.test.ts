import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readProperty, readString } from '../../src/foundation/safe-read.js';
import { revokedProxy } from '../hardening/hostile.js';
import { isErrorObject } from '../../src/foundation/error-object.js';

describe('readProperty', () => {
  it('reads a property of an object or a function', () => {
    expect(readProperty({ code: 'X' }, 'code')).toBe('X');
    expect(readProperty(Object.assign(() => undefined, { code: 'F' }), 'code')).toBe('F');
    const key = Symbol('k');
    expect(readProperty({ [key]: 1 }, key)).toBe(1);
  });

  it.each([
    ['null', null], ['undefined', undefined], ['a string', 'message'], ['a number', 1], ['a bigint', 1n], ['a symbol', Symbol('s')],
  ])('is undefined for %s', (_label, value) => {
    expect(readProperty(value, 'length')).toBeUndefined();
  });

  it('is undefined when a getter throws', () => {
    const hostile = {
      get message(): string {
        throw new Error('getter');
      },
    };
    expect(readProperty(hostile, 'message')).toBeUndefined();
  });

  it('is undefined for a revoked Proxy', () => {
    expect(readProperty(revokedProxy(), 'message')).toBeUndefined();
  });
});

describe('readString', () => {
  it('is the value when it is a string', () => {
    expect(readString({ name: 'TimeoutError' }, 'name')).toBe('TimeoutError');
    expect(readString({ name: '' }, 'name')).toBe('');
  });

  it('is undefined when the value is not a string', () => {
    expect(readString({ code: 42 }, 'code')).toBeUndefined();
    expect(readString({ code: new String('X') }, 'code')).toBeUndefined();
    expect(readString({}, 'code')).toBeUndefined();
  });
});

describe('isErrorObject', () => {
  it.each([
    ['an Error', new Error('x')],
    ['a TypeError', new TypeError('x')],
    ['a DOMException', new DOMException('x', 'AbortError')],
    ['an Error from another realm', runInNewContext('new Error("x")') as unknown],
  ])('is true for %s', (_label, value) => {
    expect(isErrorObject(value)).toBe(true);
  });

  it.each([
    ['a plain object that looks like an error', { name: 'Error', message: 'x', stack: 'Error: x' }],
    ['a string', 'Error: x'],
    ['null', null],
    ['a revoked Proxy', revokedProxy()],
    ['a null-prototype object', Object.create(null) as object],
  ])('is false for %s', (_label, value) => {
    expect(isErrorObject(value)).toBe(false);
  });
});
