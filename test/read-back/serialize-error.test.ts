import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deserializeError, ModelRateLimitError, serializeError, ToolError, ValidationError, type SerializedError } from '../../src/index.js';
import { revokedProxy } from '../hardening/hostile.js';

const HEAD = ['name', 'code', 'category', 'message', 'retryable'];

function circularObject(): object {
  const value: Record<string, unknown> = { message: 'loop' };
  value.self = value;
  return value;
}

/** Every kind of value issue 2 lists, and what serializeError makes of it. */
const VALUES: readonly (readonly [string, () => unknown])[] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', () => 'boom'],
  ['an empty string', () => ''],
  ['a number', () => 42],
  ['NaN', () => Number.NaN],
  ['a boolean', () => false],
  ['a symbol', () => Symbol('s')],
  ['a BigInt', () => 10n],
  ['a function', () => function thrower() {}],
  ['a plain object', () => ({ message: 'plain', code: 'E_PLAIN' })],
  ['an object with a throwing getter', () => Object.defineProperty({}, 'message', { enumerable: true, get: () => { throw new Error('no'); } })],
  ['a revoked Proxy', revokedProxy],
  ['a circular object', circularObject],
  ['a null-prototype object', () => Object.assign(Object.create(null) as object, { message: 'bare' })],
  ['an Error', () => new Error('plain error')],
  ['an Error from another realm', () => runInNewContext('new RangeError("other realm")') as unknown],
  ['an AggregateError', () => new AggregateError([new Error('a')], 'agg')],
];

describe('serializeError on any value', () => {
  it.each(VALUES)('serializes %s without throwing, with name, code, category, message and retryable first', (_title, make) => {
    let out: SerializedError | undefined;
    expect(() => {
      out = serializeError(make());
    }).not.toThrow();
    expect(Object.keys(out ?? {}).slice(0, 5)).toEqual(HEAD);
    expect(typeof out?.name).toBe('string');
    expect(typeof out?.code).toBe('string');
    expect(typeof out?.message).toBe('string');
    expect(typeof out?.retryable).toBe('boolean');
    expect(JSON.stringify(out)).not.toMatch(/[:[,]null[,\]}]/);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it('normalizes a string into an UnknownError whose cause is the string', () => {
    expect(serializeError('boom')).toEqual({
      name: 'UnknownError', code: 'UNKNOWN_ERROR', category: 'UNKNOWN', message: 'boom', retryable: false, cause: 'boom',
    });
  });

  it('normalizes a number into an UnknownError that names the value', () => {
    expect(serializeError(42)).toEqual({
      name: 'UnknownError', code: 'UNKNOWN_ERROR', category: 'UNKNOWN', message: 'Non-error value thrown: 42', retryable: false, cause: 42,
    });
  });

  it('normalizes null into an UnknownError with the default message and no cause', () => {
    expect(serializeError(null)).toEqual({
      name: 'UnknownError', code: 'UNKNOWN_ERROR', category: 'UNKNOWN', message: 'An unknown error occurred', retryable: false,
    });
  });

  it('normalizes a network error into a TransientError whose cause is the foreign error with its code', () => {
    const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(serializeError(cause)).toEqual({
      name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'read ECONNRESET', retryable: true,
      cause: { name: 'Error', message: 'read ECONNRESET', code: 'ECONNRESET' },
    });
  });

  it('serializes an error from another realm as a foreign cause', () => {
    expect(serializeError(runInNewContext('new RangeError("other realm")')).cause).toEqual({ name: 'RangeError', message: 'other realm' });
  });

  it('serializes a faultline error as it is, without wrapping it', () => {
    expect(serializeError(new ToolError('x', { toolName: 't' }))).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false, toolName: 't',
    });
  });

  it('still answers when a limit far past its default overflows the stack, cutting at the first cause', () => {
    let error = new ToolError('leaf');
    for (let level = 0; level < 20_000; level++) error = new ToolError(`level ${level}`, { cause: error });
    const out = serializeError(error, { maxDepth: Number.POSITIVE_INFINITY });
    expect(out).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'level 19999', retryable: false, truncated: { cause: 'depth' },
    });
  });
});

describe('serializeError of data that already is a serialized error', () => {
  const errors = [
    new ModelRateLimitError('Slow down', { provider: 'openai', retryAfterMs: 2000, requestId: 'req_1' }),
    new ValidationError({ fields: { query: 'Required' }, details: { attempt: 2 } }),
    new ToolError('Outer', { toolName: 'search', cause: new TypeError('fetch failed') }),
  ];

  it.each(errors.map((error) => [error.name, error] as const))('gives a %s back as it is, and it reads back as itself', (_, error) => {
    const json = serializeError(error);
    expect(serializeError(json)).toEqual(json);
    expect(serializeError(JSON.parse(JSON.stringify(json)))).toEqual(json);
    expect(deserializeError(serializeError(json))).toBeInstanceOf(error.constructor);
  });

  it('still redacts and bounds what the data holds: it is read back, not trusted', () => {
    const data = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x'.repeat(20), retryable: false, details: { password: 'hunter2' } };
    expect(serializeError(data, { maxMessageLength: 5 })).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'xxxxx', retryable: false,
      details: { password: '[REDACTED]' }, truncated: { message: 20 },
    });
  });

  it('wraps data that only looks like a serialized error into an UnknownError, as before', () => {
    const data = { name: 'ToolError', code: 'TOOL_ERROR', category: 'NOT_A_CATEGORY', message: 'x', retryable: false };
    expect(serializeError(data)).toMatchObject({ name: 'UnknownError', cause: data });
  });
});
