/**
 * The named corpus of hostile values of issue #3: one test per case, each asserting the exact
 * serialized shape, not only that nothing throws.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  deserializeError, normalizeError, serializeError, TimeoutError, ToolError, TransientError, UnknownError,
  AgentAbortedError, type SerializedError,
} from '../../src/index.js';
import {
  defineOwn, expectContract, prototypeSnapshot, returningItself, revokedProxy, throwingGetter, throwingPrimitive, throwingProxy,
  throwingToJSON,
} from './hostile.js';

// The head of what the mapper makes of a value it cannot classify, written out from issue #2.
function unknownHead(message = 'An unknown error occurred'): Pick<SerializedError, 'name' | 'code' | 'category' | 'message' | 'retryable'> {
  return { name: 'UnknownError', code: 'UNKNOWN_ERROR', category: 'UNKNOWN', message, retryable: false };
}

// The cases that build 100,000 errors take 0.3 to 0.5 s alone and up to 1.9 s beside two other runs
// on two cores, close to vitest's default 5 s: they get a timeout far above that, so that only a
// wrong result fails, never a slow machine.
const LARGE_INPUT_TIMEOUT = 60_000;

function toolHead(message: string): Pick<SerializedError, 'name' | 'code' | 'category' | 'message' | 'retryable'> {
  return { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message, retryable: false };
}

/** Serializes, checks the contract (schema, JSON, no null) and returns the output. */
function serialized(value: unknown, options?: Parameters<typeof serializeError>[1]): SerializedError {
  const output = serializeError(value, options);
  expectContract(output);
  return output;
}

describe('a revoked Proxy', () => {
  it('thrown, becomes an UnknownError that keeps it as cause and marks the cause [Unreadable]', () => {
    const proxy = revokedProxy();
    const error = normalizeError(proxy);
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.cause).toBe(proxy);
    expect(serialized(proxy)).toEqual({ ...unknownHead(), cause: '[Unreadable]', truncated: { details: true } });
  });

  it('as a cause, costs the error none of its other fields, in serializeError and in JSON.stringify alike', () => {
    const error = new ToolError('Tool failed', { toolName: 'search', details: { attempt: 2 }, cause: revokedProxy() });
    const expected = {
      ...toolHead('Tool failed'), details: { attempt: 2 }, toolName: 'search', cause: '[Unreadable]', truncated: { details: true },
    };
    expect(serialized(error)).toEqual(expected);
    expect(JSON.parse(JSON.stringify(error))).toEqual(expected);
  });

  it('as the recommendations or errors of a faultline error, is left out and the other fields are written', () => {
    const error = new ToolError('Tool failed', { toolName: 'search', recommendations: revokedProxy() as never });
    defineOwn(error, 'errors', revokedProxy());
    const expected = { ...toolHead('Tool failed'), toolName: 'search' };
    expect(serialized(error)).toEqual(expected);
    expect(JSON.parse(JSON.stringify(error))).toEqual(expected);
  });

  it('as a details value, becomes [Unreadable] beside the readable values', () => {
    const error = new ToolError('Tool failed', { details: { attempt: 2, handle: revokedProxy() as never } });
    expect(serialized(error)).toEqual({
      ...toolHead('Tool failed'), details: { attempt: 2, handle: '[Unreadable]' }, truncated: { details: true },
    });
  });
});

describe('a Proxy that throws on every trap', () => {
  it('thrown, becomes an UnknownError that marks the cause [Unreadable]', () => {
    const proxy = throwingProxy();
    const error = normalizeError(proxy);
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.cause).toBe(proxy);
    expect(serialized(proxy)).toEqual({ ...unknownHead(), cause: '[Unreadable]', truncated: { details: true } });
  });

  it('wrapping an Error, is not mistaken for one, and costs the wrapping error none of its fields', () => {
    const error = new ToolError('Tool failed', { toolName: 'search', details: { attempt: 2 }, cause: throwingProxy(new Error('inner')) });
    const expected = {
      ...toolHead('Tool failed'), details: { attempt: 2 }, toolName: 'search', cause: '[Unreadable]', truncated: { details: true },
    };
    expect(serialized(error)).toEqual(expected);
    expect(JSON.parse(JSON.stringify(error))).toEqual(expected);
  });
});

describe('a message getter that throws', () => {
  it('on a foreign error, gives the default message and marks the cause message [Unreadable]', () => {
    const thrown = throwingGetter(new Error('hidden'), 'message');
    expect(normalizeError(thrown).message).toBe('An unknown error occurred');
    expect(serialized(thrown)).toEqual({ ...unknownHead(), cause: { name: 'Error', message: '[Unreadable]' } });
  });

  it('on a faultline error, keeps its other fields and marks the message [Unreadable]', () => {
    const error = throwingGetter(new ToolError('hidden', { toolName: 'search' }), 'message');
    expect(normalizeError(error)).toBe(error);
    expect(serialized(error)).toEqual({ ...toolHead('[Unreadable]'), toolName: 'search' });
  });
});

describe('a Symbol as name', () => {
  it('on a foreign error, is written as the default name Error, and the message is kept', () => {
    const thrown = Object.assign(new Error('boom'), { name: Symbol('evil') });
    expect(serialized(thrown)).toEqual({ ...unknownHead('boom'), cause: { name: 'Error', message: 'boom' } });
  });

  it("on a faultline error, is written as the class's declared name", () => {
    const error = defineOwn(new ToolError('boom'), 'name', Symbol('evil'));
    expect(serialized(error)).toEqual(toolHead('boom'));
  });
});

describe('toJSON', () => {
  it('that throws, as a details value, becomes [Unreadable] and marks details', () => {
    expect(serialized(new ToolError('t', { details: { value: throwingToJSON() as never, ok: true } }))).toEqual({
      ...toolHead('t'), details: { value: '[Unreadable]', ok: true }, truncated: { details: true },
    });
  });

  it('that throws, thrown itself, becomes an UnknownError whose cause is [Unreadable]', () => {
    expect(serialized(throwingToJSON())).toEqual({ ...unknownHead(), cause: '[Unreadable]', truncated: { details: true } });
  });

  it('that returns itself, as a details value, is copied key by key without looping', () => {
    expect(serialized(new ToolError('t', { details: { value: returningItself() as never } }))).toEqual({
      ...toolHead('t'), details: { value: { id: 7, toJSON: '[Function: toJSON]' } },
    });
  });

  it('that returns itself, thrown itself, is copied key by key as the cause', () => {
    expect(serialized(returningItself())).toEqual({ ...unknownHead(), cause: { id: 7, toJSON: '[Function: toJSON]' } });
  });
});

describe('a cause chain 100,000 deep', () => {
  const LENGTH = 100_000;

  it('of foreign errors, is cut at maxDepth (16 nodes) and marked depth, without a stack overflow', () => {
    let chain = new Error('level 0');
    for (let level = 1; level < LENGTH; level++) chain = new Error(`level ${level}`, { cause: chain });
    // The UnknownError wrapper is node 1; its cause chain fills nodes 2 to 16.
    let expected: Record<string, unknown> = { name: 'Error', message: `level ${LENGTH - 15}`, truncated: { cause: 'depth' } };
    for (let level = LENGTH - 14; level < LENGTH; level++) expected = { name: 'Error', message: `level ${level}`, cause: expected };
    expect(serialized(chain)).toEqual({ ...unknownHead(`level ${LENGTH - 1}`), cause: expected });
  }, LARGE_INPUT_TIMEOUT);

  it('of faultline errors, is cut at maxDepth and marked depth, in serializeError and in JSON.stringify', () => {
    let chain = new ToolError('level 0');
    for (let level = 1; level < LENGTH; level++) chain = new ToolError(`level ${level}`, { cause: chain });
    let expected: Record<string, unknown> = { ...toolHead(`level ${LENGTH - 16}`), truncated: { cause: 'depth' } };
    for (let level = LENGTH - 15; level < LENGTH; level++) expected = { ...toolHead(`level ${level}`), cause: expected };
    expect(serialized(chain)).toEqual(expected);
    expect(JSON.parse(JSON.stringify(chain))).toEqual(expected);
  }, LARGE_INPUT_TIMEOUT);
});

describe('a cause that is the error itself', () => {
  it('on a faultline error, is left out and marked circular', () => {
    const error = new ToolError('loop');
    Object.defineProperty(error, 'cause', { value: error });
    expect(serialized(error)).toEqual({ ...toolHead('loop'), truncated: { cause: 'circular' } });
  });

  it('on a foreign error, is left out of the foreign node and marked circular there', () => {
    const thrown = new Error('loop');
    thrown.cause = thrown;
    expect(serialized(thrown)).toEqual({
      ...unknownHead('loop'), cause: { name: 'Error', message: 'loop', truncated: { cause: 'circular' } },
    });
  });
});

describe('an AggregateError of 100,000 errors', () => {
  it('keeps the first maxErrors (100) and marks the 99,900 left out', () => {
    const errors = Array.from({ length: 100_000 }, (_, index) => new Error(`failure ${index}`));
    const expectedErrors = Array.from({ length: 100 }, (_, index) => ({ name: 'Error', message: `failure ${index}` }));
    expect(serialized(new AggregateError(errors, 'many failed'))).toEqual({
      ...unknownHead('many failed'),
      cause: { name: 'AggregateError', message: 'many failed', errors: expectedErrors, truncated: { errors: 99_900 } },
    });
  }, LARGE_INPUT_TIMEOUT);
});

describe('a 50 MB message', () => {
  const LENGTH = 50 * 1024 * 1024;
  const huge = 'x'.repeat(LENGTH);

  it('on a faultline error, is cut to maxMessageLength and marked with its original length', () => {
    expect(serialized(new ToolError(huge))).toEqual({ ...toolHead('x'.repeat(10_000)), truncated: { message: LENGTH } });
  });

  it('on a foreign error, is cut in the wrapper and in the cause, each marked', () => {
    expect(serialized(new Error(huge))).toEqual({
      ...unknownHead('x'.repeat(10_000)),
      cause: { name: 'Error', message: 'x'.repeat(10_000), truncated: { message: LENGTH } },
      truncated: { message: LENGTH },
    });
  });

  it('in a stack that is asked for, is cut too and the stack marked with its original length', () => {
    const error = new ToolError(huge);
    const stackLength = error.stack?.length ?? 0;
    expect(stackLength).toBeGreaterThan(LENGTH);
    const output = serialized(error, { stack: true });
    expect(output.stack?.length).toBe(10_000);
    expect(output.truncated).toEqual({ message: LENGTH, stack: stackLength });
  });
});

describe('frozen and sealed errors', () => {
  it('a frozen faultline error passes through normalizeError as itself and serializes whole', () => {
    const error = Object.freeze(new ToolError('frozen', { toolName: 'search', details: { attempt: 1 } }));
    expect(normalizeError(error)).toBe(error);
    expect(serialized(error)).toEqual({ ...toolHead('frozen'), details: { attempt: 1 }, toolName: 'search' });
  });

  it('a frozen foreign error is wrapped without being touched', () => {
    const thrown = Object.freeze(Object.assign(new Error('frozen'), { code: 'E_FROZEN' }));
    const error = normalizeError(thrown);
    expect(error.cause).toBe(thrown);
    expect(serialized(thrown)).toEqual({ ...unknownHead('frozen'), cause: { name: 'Error', message: 'frozen', code: 'E_FROZEN' } });
  });

  it('a sealed AggregateError serializes with its errors', () => {
    const thrown = Object.seal(new AggregateError([new TypeError('first')], 'sealed'));
    expect(serialized(thrown)).toEqual({
      ...unknownHead('sealed'),
      cause: { name: 'AggregateError', message: 'sealed', errors: [{ name: 'TypeError', message: 'first' }] },
    });
  });
});

describe('null-prototype objects', () => {
  function bare(entries: Record<string, unknown>): object {
    return Object.assign(Object.create(null) as object, entries);
  }

  it('thrown, become an UnknownError with their message and a copy as cause', () => {
    expect(serialized(bare({ message: 'no prototype', code: 'E_BARE' }))).toEqual({
      ...unknownHead('no prototype'), cause: { message: 'no prototype', code: 'E_BARE' },
    });
  });

  it('in details, are copied like plain objects', () => {
    expect(serialized(new ToolError('t', { details: { bare: bare({ a: 1, nested: bare({ b: 'two' }) }) as never } }))).toEqual({
      ...toolHead('t'), details: { bare: { a: 1, nested: { b: 'two' } } },
    });
  });

  it('an Error whose prototype was set to null is still read as an error', () => {
    const thrown = Object.setPrototypeOf(new Error('orphan'), null) as object;
    expect(serialized(thrown)).toEqual({ ...unknownHead('orphan'), cause: { name: 'Error', message: 'orphan' } });
  });
});

describe('own keys __proto__, constructor and prototype', () => {
  const HOSTILE_TEXT = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}';

  it('in details, are written as plain keys and pollute no prototype', () => {
    const before = prototypeSnapshot();
    const output = serialized(new ToolError('t', { details: JSON.parse(HOSTILE_TEXT) as never }));
    expect(JSON.stringify(output)).toBe(
      `{"name":"ToolError","code":"TOOL_ERROR","category":"TOOL","message":"t","retryable":false,"details":${HOSTILE_TEXT}}`,
    );
    expect(Object.getPrototypeOf(output.details)).toBe(Object.prototype);
    expect(Object.keys(output.details ?? {})).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('thrown as an object, are written as plain keys of the cause and pollute no prototype', () => {
    const before = prototypeSnapshot();
    const output = serialized(JSON.parse(HOSTILE_TEXT));
    expect(JSON.stringify(output)).toBe(
      `{"name":"UnknownError","code":"UNKNOWN_ERROR","category":"UNKNOWN","message":"An unknown error occurred","retryable":false,"cause":${HOSTILE_TEXT}}`,
    );
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('in constructor options, cannot reach the prototype or make the error retryable', () => {
    const options = JSON.parse('{"__proto__":{"retryable":true},"constructor":{"name":"Evil"},"toolName":"search"}') as object;
    const error = new ToolError('t', options);
    expect(error.retryable).toBe(false);
    expect(Object.getPrototypeOf(error)).toBe(ToolError.prototype);
    expect(Object.keys(error)).toEqual(['toolName']);
    expect(serialized(error)).toEqual({ ...toolHead('t'), toolName: 'search' });
  });
});

describe('BigInt, Symbol and function values in details', () => {
  it('are written as readable strings', () => {
    const anonymous = [(): void => undefined].map((fn) => fn)[0];
    const details = {
      big: 12_345_678_901_234_567_890n,
      negative: -1n,
      symbol: Symbol('run-id'),
      bareSymbol: Symbol(),
      named: function lookup(): void {},
      arrow: (): number => 1,
      anonymous,
      nested: [1n, Symbol('x')],
    };
    expect(serialized(new ToolError('t', { details: details as never }))).toEqual({
      ...toolHead('t'),
      details: {
        big: '12345678901234567890n',
        negative: '-1n',
        symbol: 'Symbol(run-id)',
        bareSymbol: 'Symbol()',
        named: '[Function: lookup]',
        arrow: '[Function: arrow]',
        anonymous: '[Function: anonymous]',
        nested: ['1n', 'Symbol(x)'],
      },
    });
  });

  it('thrown themselves, become an UnknownError with a readable message and cause', () => {
    expect(serialized(10n)).toEqual({ ...unknownHead('Non-error value thrown: 10'), cause: '10n' });
    expect(serialized(Symbol('s'))).toEqual({ ...unknownHead('Non-error value thrown: Symbol(s)'), cause: 'Symbol(s)' });
    expect(serialized(function thrownFunction(): void {})).toEqual({ ...unknownHead(), cause: '[Function: thrownFunction]' });
  });
});

describe('an error from another realm (vm)', () => {
  it('is read as an error: a TypeError becomes an UnknownError with the foreign node as cause', () => {
    const thrown = vm.runInNewContext('new TypeError("other realm")') as unknown;
    expect(thrown instanceof Error).toBe(false);
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.cause).toBe(thrown);
    expect(serialized(thrown)).toEqual({ ...unknownHead('other realm'), cause: { name: 'TypeError', message: 'other realm' } });
  });

  it('is classified like a local one: ECONNRESET becomes a retryable TransientError', () => {
    const thrown = vm.runInNewContext('Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })') as unknown;
    expect(normalizeError(thrown)).toBeInstanceOf(TransientError);
    expect(serialized(thrown)).toEqual({
      name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'socket hang up', retryable: true,
      cause: { name: 'Error', message: 'socket hang up', code: 'ECONNRESET' },
    });
  });

  it('an AggregateError from another realm keeps its errors', () => {
    const thrown = vm.runInNewContext('new AggregateError([new RangeError("r")], "agg")') as unknown;
    expect(serialized(thrown)).toEqual({
      ...unknownHead('agg'), cause: { name: 'AggregateError', message: 'agg', errors: [{ name: 'RangeError', message: 'r' }] },
    });
  });
});

describe('a DOMException', () => {
  it('named TimeoutError becomes a retryable TimeoutError', () => {
    const thrown = new DOMException('The operation timed out.', 'TimeoutError');
    expect(normalizeError(thrown)).toBeInstanceOf(TimeoutError);
    expect(serialized(thrown)).toEqual({
      name: 'TimeoutError', code: 'TIMEOUT', category: 'TIMEOUT', message: 'The operation timed out.', retryable: true,
      cause: { name: 'TimeoutError', message: 'The operation timed out.' },
    });
  });

  it('named AbortError becomes an AgentAbortedError, its numeric code left out', () => {
    const thrown = new DOMException('This operation was aborted', 'AbortError');
    expect(normalizeError(thrown)).toBeInstanceOf(AgentAbortedError);
    expect(serialized(thrown)).toEqual({
      name: 'AgentAbortedError', code: 'AGENT_ABORTED', category: 'AGENT', message: 'This operation was aborted', retryable: false,
      cause: { name: 'AbortError', message: 'This operation was aborted' },
    });
  });

  it('of another name becomes an UnknownError with the DOMException as a foreign cause', () => {
    expect(serialized(new DOMException('could not clone', 'DataCloneError'))).toEqual({
      ...unknownHead('could not clone'), cause: { name: 'DataCloneError', message: 'could not clone' },
    });
  });
});

describe('an object whose Symbol.toPrimitive throws', () => {
  it('thrown, becomes an UnknownError with a copy of its string keys as cause', () => {
    const thrown = Object.assign(throwingPrimitive(), { reason: 'primitive' });
    expect(serialized(thrown)).toEqual({ ...unknownHead(), cause: { reason: 'primitive' } });
  });

  it("as an Error's message, is written [Unreadable] in the cause and the default message is used", () => {
    const thrown = new Error('placeholder');
    Object.defineProperty(thrown, 'message', { value: throwingPrimitive() });
    expect(serialized(thrown)).toEqual({ ...unknownHead(), cause: { name: 'Error', message: '[Unreadable]' } });
  });

  it("as a constructor's message, gives the class's default message", () => {
    expect(serialized(new ToolError(throwingPrimitive() as never))).toEqual(toolHead('The tool call failed'));
  });

  it('as a Map key in details, is written [Unreadable]', () => {
    const details = { map: new Map<unknown, unknown>([[throwingPrimitive(), 1], ['plain', 2]]) };
    expect(serialized(new ToolError('t', { details: details as never }))).toEqual({
      ...toolHead('t'), details: { map: { '[Unreadable]': 1, plain: 2 } },
    });
  });
});

describe('strings with lone surrogates and NUL characters', () => {
  const LONE = 'high \uD800 then low \uDC00 reversed \uDC00\uD800 pair \uD83D\uDE00 nul \u0000 end';
  const STORED = 'high \uFFFD then low \uFFFD reversed \uFFFD\uFFFD pair \uD83D\uDE00 nul \uFFFD end';

  it('are written as well-formed text a Postgres jsonb column stores: each becomes U+FFFD, a surrogate pair stays', () => {
    const error = new ToolError(LONE, { details: { [LONE]: LONE }, recommendations: [LONE] });
    const text = expectContract(serializeError(error));
    expect(text).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
    expect(JSON.parse(text)).toEqual({ ...toolHead(STORED), recommendations: [STORED], details: { [STORED]: STORED } });
  });

  it('round-trip through deserializeError, and the output is a fixed point', () => {
    const text = JSON.stringify(serializeError(new ToolError(LONE)));
    const restored = deserializeError(text);
    expect(restored.message).toBe(STORED);
    expect(JSON.stringify(serializeError(restored))).toBe(text);
  });
});

describe('an invalid Date', () => {
  it('thrown, is kept as the cause "Invalid Date" rather than dropped', () => {
    expect(serialized(new Date(Number.NaN))).toEqual({ ...unknownHead(), cause: 'Invalid Date' });
  });

  it('in details, is written "Invalid Date" beside a valid date written as ISO text', () => {
    const details = { invalid: new Date(Number.NaN), valid: new Date(0) };
    expect(serialized(new ToolError('t', { details: details }))).toEqual({
      ...toolHead('t'), details: { invalid: 'Invalid Date', valid: '1970-01-01T00:00:00.000Z' },
    });
  });
});
