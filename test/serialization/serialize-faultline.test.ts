import { describe, expect, it } from 'vitest';
import {
  AgentStateError, AuthenticationError, deserializeError, ModelTimeoutError, serializeError, ToolError, ToolTimeoutError, TransientError,
  ValidationError, type JsonObject, type SerializedError,
} from '../../src/index.js';
import { GOLDEN_CASES, PaymentDeclinedError } from '../contract/golden-cases.js';

/** Details that the JsonObject type would refuse, as a caller's `any` lets them through. */
function loose(details: Record<string, unknown>): JsonObject {
  return details as JsonObject;
}

/** Sets a property on an error after construction, as code that does not use the types does. */
function setField(error: object, key: string, value: unknown): void {
  Object.defineProperty(error, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A chain of ToolErrors `length` long, the top one first. */
function chain(length: number): ToolError {
  let error = new ToolError(`level ${length}`);
  for (let level = length - 1; level >= 1; level--) error = new ToolError(`level ${level}`, { cause: error });
  return error;
}

/** The nodes of a serialized cause chain, top first. */
function causeChain(node: SerializedError): SerializedError[] {
  const nodes = [node];
  let current: unknown = node.cause;
  while (typeof current === 'object' && current !== null && 'name' in current) {
    nodes.push(current as SerializedError);
    current = (current as SerializedError).cause;
  }
  return nodes;
}

describe('serializeError, the shape', () => {
  it('writes the keys of a full node in the contract order', () => {
    const error = new ModelTimeoutError('Timed out', {
      retryAfterMs: 10, status: 504, requestId: 'r', recommendations: ['wait'], details: { a: 1 },
      provider: 'openai', model: 'gpt-4o', timeoutMs: 100, cause: new Error('inner'),
    });
    setField(error, 'errors', [new Error('one')]);
    expect(Object.keys(serializeError(error, { stack: true }))).toEqual([
      'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations',
      'details', 'model', 'provider', 'timeoutMs', 'cause', 'errors', 'stack',
    ]);
  });

  it('writes the class fields, built-in and user, in alphabetical order after details', () => {
    const error = new PaymentDeclinedError('Declined', { toolName: 'charge', amount: 1, currency: 'EUR', details: { z: 1 } });
    expect(Object.keys(serializeError(error))).toEqual([
      'name', 'code', 'category', 'message', 'retryable', 'details', 'amount', 'currency', 'toolName',
    ]);
  });

  it('writes truncated last, its keys in the order cause, errors, message, stack, details', () => {
    const top = new ToolError('a long message', { details: { big: 'x'.repeat(50) }, cause: chain(3) });
    setField(top, 'errors', [1, 2, 3]);
    const out = serializeError(top, { maxDepth: 1, maxErrors: 1, maxMessageLength: 4, maxDetailsSize: 5, stack: true });
    expect(Object.keys(out).at(-1)).toBe('truncated');
    expect(Object.keys(out.truncated ?? {})).toEqual(['cause', 'errors', 'message', 'stack', 'details']);
  });

  it('writes the keys of a foreign node in the order name, message, code, cause, errors, stack', () => {
    const foreign = Object.assign(new AggregateError([new Error('one')], 'all failed', { cause: 'why' }), { code: 'E_ALL' });
    const out = serializeError(new ToolError('x', { cause: foreign }), { stack: true });
    expect(Object.keys(out.cause as object)).toEqual(['name', 'message', 'code', 'cause', 'errors', 'stack']);
  });

  it('always writes name, code, category, message and retryable, and nothing more for a bare error', () => {
    expect(serializeError(new ToolError())).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'The tool call failed', retryable: false,
    });
  });

  it('omits a field that is null or undefined, never writing null', () => {
    const error = new PaymentDeclinedError('Declined', { amount: undefined, requestId: undefined });
    setField(error, 'currency', null);
    setField(error, 'status', null);
    setField(error, 'card', undefined);
    const out = serializeError(error);
    expect(out).toEqual({ name: 'PaymentDeclinedError', code: 'PAYMENT_DECLINED', category: 'TOOL', message: 'Declined', retryable: false });
    expect(JSON.stringify(out)).not.toContain('null');
  });

  it('writes the default status of a class', () => {
    expect(serializeError(new AuthenticationError()).status).toBe(401);
  });

  it('drops a number field that is not a whole number, 0 or more, set after construction', () => {
    const error = new ToolTimeoutError('x', { timeoutMs: 5 });
    setField(error, 'timeoutMs', Number.NaN);
    setField(error, 'retryAfterMs', -1);
    const out = serializeError(error);
    expect('timeoutMs' in out).toBe(false);
    expect('retryAfterMs' in out).toBe(false);
  });

  it('keeps only the strings of recommendations', () => {
    const error = new ToolError('x', { recommendations: ['a', 5, 'b'] as unknown as string[] });
    expect(serializeError(error).recommendations).toEqual(['a', 'b']);
  });

  it('wraps details that are not an object as { value }', () => {
    expect(serializeError(new ToolError('x', { details: 'just text' as unknown as JsonObject })).details).toEqual({ value: 'just text' });
  });

  it('gives JSON.stringify(error) the same text as JSON.stringify(serializeError(error))', () => {
    for (const golden of GOLDEN_CASES.filter((each) => each.options === undefined)) {
      const error = golden.build();
      expect(JSON.stringify(error)).toBe(JSON.stringify(serializeError(error)));
    }
    const nested = new ToolError('x', { cause: new TransientError('y') });
    expect(JSON.stringify({ error: nested })).toBe(JSON.stringify({ error: serializeError(nested) }));
  });

  it('writes the same bytes for the same error, every time', () => {
    for (const golden of GOLDEN_CASES) {
      const error = golden.build();
      const first = JSON.stringify(serializeError(error, golden.options));
      expect(JSON.stringify(serializeError(error, golden.options))).toBe(first);
      expect(JSON.stringify(serializeError(golden.build(), golden.options))).toBe(first);
    }
  });
});

describe('serializeError, causes', () => {
  it('writes a faultline cause as a full node, recursively', () => {
    const error = new AgentStateError('x', { cause: new ToolError('y', { toolName: 't', cause: new TransientError('z', { retryAfterMs: 5 }) }) });
    expect(serializeError(error).cause).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'y', retryable: false, toolName: 't',
      cause: { name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'z', retryable: true, retryAfterMs: 5 },
    });
  });

  it('writes a foreign cause as name, message and string code, with its own cause', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const outer = new TypeError('fetch failed', { cause: inner });
    expect(serializeError(new ToolError('x', { cause: outer })).cause).toEqual({
      name: 'TypeError', message: 'fetch failed',
      cause: { name: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' },
    });
  });

  it('leaves out a foreign code that is not a string', () => {
    const cause = Object.assign(new Error('x'), { code: 404 });
    expect(serializeError(new ToolError('x', { cause })).cause).toEqual({ name: 'Error', message: 'x' });
  });

  it('writes any other cause as a JSON-safe copy', () => {
    expect(serializeError(new ToolError('x', { cause: 'text' })).cause).toBe('text');
    expect(serializeError(new ToolError('x', { cause: 7 })).cause).toBe(7);
    expect(serializeError(new ToolError('x', { cause: Number.NaN })).cause).toBe('NaN');
    expect(serializeError(new ToolError('x', { cause: 10n })).cause).toBe('10n');
    expect(serializeError(new ToolError('x', { cause: { reason: 'quota', limit: 10n, missing: null } })).cause).toEqual({ reason: 'quota', limit: '10n' });
  });

  it('leaves out a null or undefined cause', () => {
    expect('cause' in serializeError(new ToolError('x', { cause: null }))).toBe(false);
    expect('cause' in serializeError(new ToolError('x', { cause: undefined }))).toBe(false);
  });

  it("writes an AggregateError's errors as an array of causes", () => {
    const aggregate = new AggregateError([new ToolError('a'), new Error('b'), 'c', null, { d: 1 }], 'all');
    expect(serializeError(new ToolError('x', { cause: aggregate })).cause).toEqual({
      name: 'AggregateError', message: 'all',
      errors: [
        { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'a', retryable: false },
        { name: 'Error', message: 'b' },
        'c',
        { d: 1 },
      ],
    });
  });

  it('writes the same error twice where it is shared but not its own ancestor', () => {
    const shared = new ToolError('shared');
    const out = serializeError(new ToolError('x', { cause: new AggregateError([shared, shared]) }));
    const errors = (out.cause as { errors: unknown[] }).errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]).toEqual(errors[1]);
    expect(JSON.stringify(out)).not.toContain('circular');
  });
});

describe('serializeError, cuts', () => {
  it('cuts a cycle and marks the node whose cause was an ancestor', () => {
    const first = new ToolError('first');
    const second = new ToolError('second', { cause: first });
    setField(first, 'cause', second);
    expect(serializeError(first)).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'first', retryable: false,
      cause: { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'second', retryable: false, truncated: { cause: 'circular' } },
    });
  });

  it('cuts an error that is its own cause', () => {
    const self = new ToolError('self');
    setField(self, 'cause', self);
    expect(serializeError(self).truncated).toEqual({ cause: 'circular' });
  });

  it('cuts a foreign error that is its own cause', () => {
    const foreign = new Error('loop');
    foreign.cause = foreign;
    expect(serializeError(new ToolError('x', { cause: foreign })).cause).toEqual({ name: 'Error', message: 'loop', truncated: { cause: 'circular' } });
  });

  it('writes an ancestor reached through errors as a [Circular] entry, so the other indices still hold', () => {
    const top = new ToolError('top');
    setField(top, 'cause', new AggregateError([new Error('first'), top, new Error('third')], 'loop'));
    const out = serializeError(top);
    expect(out.cause).toEqual({
      name: 'AggregateError',
      message: 'loop',
      errors: [{ name: 'Error', message: 'first' }, '[Circular]', { name: 'Error', message: 'third' }],
    });
  });

  it('writes an entry of errors past maxDepth as [Truncated], not as a cut cause', () => {
    const out = serializeError(new ToolError('top', { cause: new AggregateError([new Error('deep')], 'agg') }), { maxDepth: 2 });
    expect(out.cause).toEqual({ name: 'AggregateError', message: 'agg', errors: ['[Truncated]'] });
  });

  it('follows causes down to maxDepth nodes and marks the last node with depth', () => {
    const nodes = causeChain(serializeError(chain(5), { maxDepth: 3 }));
    expect(nodes.map((node) => node.message)).toEqual(['level 1', 'level 2', 'level 3']);
    expect(nodes.map((node) => node.truncated)).toEqual([undefined, undefined, { cause: 'depth' }]);
  });

  it('writes a whole chain as deep as maxDepth without a mark', () => {
    const nodes = causeChain(serializeError(chain(3), { maxDepth: 3 }));
    expect(nodes).toHaveLength(3);
    expect(nodes.every((node) => node.truncated === undefined)).toBe(true);
  });

  it('keeps the first maxErrors entries of errors and records how many were left out', () => {
    const aggregate = new AggregateError(['a', 'b', 'c', 'd', 'e'], 'many');
    expect(serializeError(new ToolError('x', { cause: aggregate }), { maxErrors: 2 }).cause).toEqual({
      name: 'AggregateError', message: 'many', errors: ['a', 'b'], truncated: { errors: 3 },
    });
    expect(serializeError(new ToolError('x', { cause: aggregate }), { maxErrors: 0 }).cause).toEqual({
      name: 'AggregateError', message: 'many', errors: [], truncated: { errors: 5 },
    });
  });

  it('cuts message to maxMessageLength and records its original length', () => {
    expect(serializeError(new ToolError('abcdefghij'), { maxMessageLength: 4 })).toMatchObject({ message: 'abcd', truncated: { message: 10 } });
    expect(serializeError(new ToolError('abcd'), { maxMessageLength: 4 })).not.toHaveProperty('truncated');
  });

  it('cuts the message of a foreign cause too', () => {
    expect(serializeError(new ToolError('x', { cause: new Error('abcdefghij') }), { maxMessageLength: 4 }).cause).toEqual({
      name: 'Error', message: 'abcd', truncated: { message: 10 },
    });
  });

  it('never splits a surrogate pair when it cuts a message', () => {
    const out = serializeError(new ToolError('ab😀cd'), { maxMessageLength: 3 });
    expect(out.message).toBe('ab');
    expect(out.truncated).toEqual({ message: 6 });
    expect(serializeError(new ToolError('ab😀cd'), { maxMessageLength: 4 }).message).toBe('ab😀');
  });

  it('cuts the stack to maxMessageLength and records its original length', () => {
    const error = new ToolError('x');
    setField(error, 'stack', 'ToolError: x\n    at somewhere');
    expect(serializeError(error, { stack: true, maxMessageLength: 12 })).toMatchObject({ stack: 'ToolError: x', truncated: { stack: 29 } });
  });

  it('cuts details past maxDetailsSize and records it', () => {
    const out = serializeError(new ToolError('x', { details: { k: 'x'.repeat(100), later: 1 } }), { maxDetailsSize: 10 });
    expect(out.details).toEqual({ k: 'x'.repeat(9) });
    expect(out.truncated).toEqual({ details: true });
  });

  it('cuts details nested deeper than maxDepth with a marker', () => {
    const out = serializeError(new ToolError('x', { details: { a: { b: { c: 1 } } } }), { maxDepth: 2 });
    expect(out.details).toEqual({ a: { b: '[Truncated]' } });
    expect(out.truncated).toEqual({ details: true });
  });

  it("keeps the class's own fields whole when details overflow the budget", () => {
    const out = serializeError(new ToolError('x', { toolName: 'search', details: { log: 'y'.repeat(100) } }), { maxDetailsSize: 50 });
    expect(out.toolName).toBe('search');
    expect(out.truncated).toEqual({ details: true });
  });

  it('marks an error inside details that is an ancestor as a details cut, not as a cut cause', () => {
    const error = new ToolError('x', { cause: new Error('the real cause') });
    setField(error, 'details', { self: error, other: 1 });
    const out = serializeError(error);
    expect(out.cause).toEqual({ name: 'Error', message: 'the real cause' });
    expect(out.details).toEqual({ self: '[Circular]', other: 1 });
    expect(out.truncated).toEqual({ details: true });
  });

  it('falls back to each default for a limit that is negative or NaN, and floors a fraction', () => {
    const long = new ToolError('m'.repeat(10_001));
    expect(serializeError(long, { maxMessageLength: -1 }).message).toHaveLength(10_000);
    expect(serializeError(long, { maxMessageLength: Number.NaN }).message).toHaveLength(10_000);
    expect(serializeError(long, { maxMessageLength: 2.9 }).message).toBe('mm');
  });
});

describe('serializeError, stack', () => {
  it('leaves the stack out by default', () => {
    const out = serializeError(new ToolError('x', { cause: new Error('y') }));
    expect(JSON.stringify(out)).not.toContain('stack');
  });

  it('writes the stack of every node, faultline and foreign, with { stack: true }', () => {
    const foreign = new Error('inner');
    const error = new ToolError('outer', { cause: new TransientError('middle', { cause: foreign }) });
    const out = serializeError(error, { stack: true });
    const middle = out.cause as SerializedError;
    expect(out.stack).toBe(error.stack);
    expect(middle.stack).toBe((error.cause as Error).stack);
    expect((middle.cause as { stack?: string }).stack).toBe(foreign.stack);
    expect(Object.keys(out).at(-1)).toBe('stack');
  });
});

describe('serializeError, details as a JSON-safe copy', () => {
  it('turns what JSON cannot hold into strings and markers', () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    const details = loose({
      nan: Number.NaN,
      infinity: Number.POSITIVE_INFINITY,
      negativeInfinity: Number.NEGATIVE_INFINITY,
      negativeZero: -0,
      big: 10n,
      symbol: Symbol('s'),
      named: function named() {},
      anonymous: (() => () => undefined)(),
      date: new Date(0),
      map: new Map<unknown, unknown>([['k', 1], [2, 'two']]),
      set: new Set([1, 'a']),
      circular,
      converted: { toJSON: () => ({ replaced: true }) },
      getter: Object.defineProperty({ ok: 1 }, 'bad', { enumerable: true, get: () => { throw new Error('no'); } }),
      nothing: null,
      missing: undefined,
      list: [1, null, undefined, 2],
    });
    const out = serializeError(new ToolError('x', { details }));
    expect(out.details).toEqual({
      nan: 'NaN',
      infinity: 'Infinity',
      negativeInfinity: '-Infinity',
      negativeZero: 0,
      big: '10n',
      symbol: 'Symbol(s)',
      named: '[Function: named]',
      anonymous: '[Function: anonymous]',
      date: '1970-01-01T00:00:00.000Z',
      map: { k: 1, 2: 'two' },
      set: [1, 'a'],
      circular: { a: 1, self: '[Circular]' },
      converted: { replaced: true },
      getter: { ok: 1, bad: '[Unreadable]' },
      list: [1, 2],
    });
    expect(Object.is((out.details as { negativeZero: number }).negativeZero, 0)).toBe(true);
    expect(out.truncated).toEqual({ details: true });
  });

  it('marks no cut for details that copy whole', () => {
    expect(serializeError(new ToolError('x', { details: { a: [1, { b: 'c' }], d: true } }))).not.toHaveProperty('truncated');
  });

  it('writes an error inside details as an error node', () => {
    const out = serializeError(new ToolError('x', { details: loose({ inner: new Error('inside') }) }));
    expect(out.details).toEqual({ inner: { name: 'Error', message: 'inside' } });
  });

  it('keeps an own __proto__ key as an own key and touches no prototype', () => {
    const details = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as JsonObject;
    const out = serializeError(new ToolError('x', { details }));
    const copy = out.details as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(out)).toContain('"__proto__":{"polluted":true}');
  });

  it("keeps a user class's own __proto__ field as an own key", () => {
    const error = new PaymentDeclinedError('x');
    setField(error, '__proto__', 'own');
    const out = serializeError(error);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('own');
  });

  it('copies class fields by the same rules', () => {
    const error = new PaymentDeclinedError('x');
    setField(error, 'amount', 10n);
    setField(error, 'card', { brand: 'visa', expires: new Date(0), cvc: null });
    expect(serializeError(error)).toMatchObject({ amount: '10n', card: { brand: 'visa', expires: '1970-01-01T00:00:00.000Z' } });
  });
});

describe('serializeError, redaction', () => {
  it('redacts secrets in message, requestId, recommendations, details and class fields by default', () => {
    const error = new ToolError('Auth failed with Bearer abcdefghijklmnop', {
      requestId: 'token=abc123',
      recommendations: ['Rotate sk-proj-abcdefghijklmnopqrstuvwx'],
      details: { apiKey: 'anything', nested: { password: 'p' }, note: 'plain' },
      toolName: 'password=hunter2',
    });
    const out = serializeError(error);
    expect(out.message).toBe('Auth failed with Bearer [REDACTED]');
    expect(out.requestId).toBe('token=[REDACTED]');
    expect(out.recommendations).toEqual(['Rotate [REDACTED]']);
    expect(out.details).toEqual({ apiKey: '[REDACTED]', nested: { password: '[REDACTED]' }, note: 'plain' });
    expect(out.toolName).toBe('password=[REDACTED]');
  });

  it("writes the class's declared name as it is, and redacts a name or code set on the instance", () => {
    const declared = new ToolError('x');
    setField(declared, 'name', 'ToolError');
    expect(serializeError(declared).name).toBe('ToolError');
    const renamed = new ToolError('x', { code: 'token=abc123' });
    setField(renamed, 'name', 'password=hunter2');
    expect(serializeError(renamed)).toMatchObject({ name: 'password=[REDACTED]', code: 'token=[REDACTED]' });
    expect(serializeError(renamed, { redact: false })).toMatchObject({ name: 'password=hunter2', code: 'token=abc123' });
  });

  it('redacts a class field named like a secret only where its type holds text, so that it still reads back', () => {
    const options = { redact: { keys: ['ms', 'toolName'] } };
    const out = serializeError(new ToolTimeoutError('slow', { timeoutMs: 5000, toolName: 'search' }), options);
    expect(out).toMatchObject({ timeoutMs: 5000, toolName: '[REDACTED]' });
    expect(JSON.stringify(serializeError(deserializeError(out), options))).toBe(JSON.stringify(out));
  });

  it("redacts a string record named as a secret message by message, so that it keeps its shape and reads back", () => {
    const options = { redact: { keys: ['fields'] } };
    const out = serializeError(new ValidationError('bad input', { fields: { 'user.email': 'Invalid email', age: 'Expected a number' } }), options);
    expect(out).toMatchObject({ fields: { age: '[REDACTED]', 'user.email': '[REDACTED]' } });
    expect(JSON.stringify(serializeError(deserializeError(out), options))).toBe(JSON.stringify(out));
  });

  it('marks details holding a Map with two keys of one string form: the entry keeps the first place and the last value', () => {
    const out = serializeError(new ToolError('m', { details: loose({ byId: new Map<unknown, string>([[1, 'number'], ['1', 'string'], [2, 'two']]) }) }));
    expect(out.details).toEqual({ byId: { 1: 'string', 2: 'two' } });
    expect(out.truncated).toEqual({ details: true });
    expect(serializeError(new ToolError('m', { details: loose({ byId: new Map([[1, 'a'], [2, 'b']]) }) })).truncated).toBeUndefined();
  });

  it('marks details whose keys are written alike once redacted or made storable: the earlier value is lost', () => {
    const out = serializeError(new ToolError('m', { details: loose({ 'token=aaa': 1, 'token=bbb': 2 }) }));
    expect(out.details).toEqual({ 'token=[REDACTED]': 2 });
    expect(out.truncated).toEqual({ details: true });
    const storable = serializeError(new ToolError('m', { details: loose({ 'a\0': 3, 'a\ufffd': 4 }) }));
    expect(storable.details).toEqual({ 'a\ufffd': 4 });
    expect(storable.truncated).toEqual({ details: true });
    // Keys written as they are never collide: no mark.
    expect(serializeError(new ToolError('m', { details: loose({ 'token=aaa': 1, b: 2 }) })).truncated).toBeUndefined();
  });

  it('keeps everything as it is with { redact: false }', () => {
    const out = serializeError(new ToolError('Bearer abcdefghijklmnop', { details: { apiKey: 'k' } }), { redact: false });
    expect(out.message).toBe('Bearer abcdefghijklmnop');
    expect(out.details).toEqual({ apiKey: 'k' });
  });
});

describe('serializeError, details and class fields that no budget is left for', () => {
  it.each([
    ['maxDepth 0', { maxDepth: 0 }],
    ['maxDetailsSize 0', { maxDetailsSize: 0 }],
  ] as const)('leaves details out under %s and marks them, never writing a marker string as details', (_label, options) => {
    const out = serializeError(new ToolError('x', { details: { a: 1 } }), options);
    expect(Object.hasOwn(out, 'details')).toBe(false);
    expect(out.truncated).toEqual({ details: true });
  });

  it('leaves details out when a class field has spent the default budget, and marks them', () => {
    const out = serializeError(new ToolError('x', { toolName: 'a'.repeat(17_000), details: { a: 1 } }));
    expect(Object.hasOwn(out, 'details')).toBe(false);
    expect(out.toolName).toBe('a'.repeat(16_384));
    expect(out.truncated).toEqual({ details: true });
  });
});

describe('serializeError, own keys that cannot be listed', () => {
  it('marks the node cut, as any value that cannot be read', () => {
    const error = Object.assign(new ToolError('m'), { extra: 1 });
    const hidden = new Proxy(error, {
      ownKeys(): never {
        throw new Error('no keys');
      },
    });
    expect(serializeError(hidden)).toEqual({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, truncated: { details: true } });
  });
});

describe('serializeError, own keys of yours that are not written as they are', () => {
  it('leaves out, and marks, a field whose key holds a secret, a NUL or a lone surrogate, or is longer than a field', () => {
    const error = new ToolError('m');
    for (const key of ['token=sk-ant-abcdefghijklmnopqrstuvwxyz', 'a\0b', 'c\ud800', 'k'.repeat(1025)]) setField(error, key, 1);
    setField(error, 'attempt', 2);
    const out = serializeError(error);
    expect(out).toEqual({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, attempt: 2, truncated: { details: true } });
    expect(JSON.stringify(serializeError(deserializeError(out)))).toBe(JSON.stringify(out));
  });

  it('writes such a key with redaction off when it is storable, as details keys are', () => {
    const error = new ToolError('m');
    setField(error, 'token=abc', 1);
    expect(serializeError(error, { redact: false })).toMatchObject({ 'token=abc': 1 });
    expect(serializeError(error, { redact: false }).truncated).toBeUndefined();
  });
});

describe('serializeError, reserved keys', () => {
  it.each(['constructor', 'then', 'toJSON', 'toString', 'valueOf'])('never writes an own %s field set on an error by hand', (key) => {
    const error = new ToolError('x', { toolName: 'search' });
    Object.defineProperty(error, key, { value: 'shadow', enumerable: true, configurable: true, writable: true });
    expect(serializeError(error)).toEqual({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false, toolName: 'search' });
  });
});

describe('serializeError, class fields named like prototype keys', () => {
  it('writes an own __proto__ class field as an own key and touches no prototype', () => {
    const error = new ToolError('x');
    setField(error, '__proto__', { polluted: true });
    const out = serializeError(error);
    expect(Object.keys(out)).toEqual(['name', 'code', 'category', 'message', 'retryable', '__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toContain('"__proto__":{"polluted":true}');
  });
});

describe('serializeError, plain data in cause position that has a node shape', () => {
  const causeOf = (text: string): Record<string, unknown> => (JSON.parse(text) as { cause: Record<string, unknown> }).cause;
  const twice = (value: unknown): [string, string] => {
    const first = JSON.stringify(serializeError(value));
    return [first, JSON.stringify(serializeError(deserializeError(first)))];
  };

  it('writes a { message, name } object in foreign-node order, so a round trip keeps its bytes', () => {
    const [first, again] = twice({ message: new Date(0), name: 0n });
    expect(causeOf(first)).toEqual({ name: '0n', message: '1970-01-01T00:00:00.000Z' });
    expect(Object.keys(causeOf(first))).toEqual(['name', 'message']);
    expect(again).toBe(first);
  });

  it('writes an object shaped like a faultline node in contract order, nested causes too', () => {
    const thrown = {
      retryable: false, toolName: 'a', message: 'm', category: 'TOOL', code: 'C', name: 'ToolError', agentId: 'b',
      cause: { message: 'inner', name: 'Inner' },
    };
    const [first, again] = twice(new ToolError('outer', { cause: thrown }));
    const cause = causeOf(first);
    expect(Object.keys(cause)).toEqual(['name', 'code', 'category', 'message', 'retryable', 'agentId', 'toolName', 'cause']);
    expect(Object.keys(cause.cause as object)).toEqual(['name', 'message']);
    expect(again).toBe(first);
  });

  it('writes plain data of no node shape in the canonical key order: array indices ascending, then by UTF-16 code units', () => {
    const out = serializeError(new ToolError('x', { cause: { b: 1, a: 2, 10: 'ten', 2: 'two', B: 3, é: 4, aa: 5 } }));
    expect(Object.keys(out.cause as object)).toEqual(['2', '10', 'B', 'a', 'aa', 'b', 'é']);
  });
});
