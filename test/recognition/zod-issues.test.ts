import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { MAX_ISSUES, zodIssueFields } from '../../src/recognition/zod-issues.js';

describe('zodIssueFields', () => {
  it('reads a real ZodError', () => {
    const result = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } });
    expect(zodIssueFields(result.error)).toEqual({ 'a.b': 'Invalid input: expected string, received number' });
  });

  it('recognizes any object shaped like a ZodError, by name and issues', () => {
    expect(zodIssueFields({ name: '$ZodError', issues: [{ path: ['x', 0], message: 'bad' }] })).toEqual({ 'x.0': 'bad' });
    expect(zodIssueFields({ name: 'ZodError', issues: [] })).toEqual({});
  });

  it.each([
    ['a name that is not a ZodError', { name: 'Error', issues: [{ path: [], message: 'm' }] }],
    ['issues that are not an array', { name: 'ZodError', issues: 'x' }],
    ['an issue without a path', { name: 'ZodError', issues: [{ message: 'm' }] }],
    ['an issue without a message', { name: 'ZodError', issues: [{ path: ['a'] }] }],
    ['a string', 'ZodError'],
    ['null', null],
  ])('rejects %s', (_label, value) => {
    expect(zodIssueFields(value)).toBeUndefined();
  });

  it('turns symbol and hostile path segments into text without throwing', () => {
    const hostile = {
      [Symbol.toPrimitive](): never {
        throw new Error('no primitive');
      },
    };
    const fields = zodIssueFields({ name: 'ZodError', issues: [{ path: [Symbol('sym'), hostile, 2], message: 'm' }] });
    expect(fields).toEqual({ 'sym.?.2': 'm' });
  });

  it('keeps a __proto__ path as a plain field', () => {
    const fields = zodIssueFields({ name: 'ZodError', issues: [{ path: ['__proto__'], message: 'polluted' }] });
    expect(fields !== undefined && Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });
});

describe('MAX_ISSUES', () => {
  it('caps the issues read into fields at 100', () => {
    const issues = Array.from({ length: 150 }, (_, index) => ({ path: [`f${index}`], message: 'bad' }));
    const fields = zodIssueFields({ name: 'ZodError', issues });
    expect(MAX_ISSUES).toBe(100);
    expect(Object.keys(fields ?? {})).toHaveLength(100);
    expect(fields?.f99).toBe('bad');
    expect(fields?.f100).toBeUndefined();
  });
});
