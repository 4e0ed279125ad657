/**
 * The hardening corpus as values: every hostile value of test/hardening/corpus.test.ts and
 * test/hardening/bounded-work.worker.mjs, the kinds of test/hardening/arbitraries.ts, and the limit
 * cases of test/hardening/limits.test.ts, each built fresh by its `build`, for the writer agreement
 * of #29 (writer-agreement.test.ts). Sizes are cut down where the size itself proves nothing about
 * agreement (a cause chain 20,000 deep rather than 100,000; a message of a million characters and
 * one of ten million rather than 50 MB).
 */
import vm from 'node:vm';
import {
  AgentAbortedError, AgentError, ModelApiError, TimeoutError, ToolError, ToolExecutionError, TransientError, ValidationError,
  deserializeError, serializeError,
} from '../../src/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { defineOwn, returningItself, revokedProxy, throwingGetter, throwingPrimitive, throwingProxy, throwingToJSON } from '../hardening/hostile.js';

/** One case of the corpus: its name and a builder that makes it fresh. */
export interface CorpusCase {
  readonly name: string;
  readonly build: () => unknown;
  /** Its getters make new errors on every read, whose stacks name the caller: no two writers see the same stack. */
  readonly makesErrorsWhenRead?: true;
}

const HUGE = 2 ** 32 - 1;

/** An array Proxy that claims `length` items and answers `item` for every index (as bounded-work.worker.mjs makes them). */
export function claimingArray(length: number, item: unknown): unknown[] {
  return new Proxy<unknown[]>([], {
    get(target, key, receiver): unknown {
      if (key === 'length') return length;
      if (typeof key === 'string' && /^\d+$/.test(key)) return item;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

function sparse(last: unknown, length = HUGE): unknown[] {
  const array: unknown[] = [];
  array[length - 1] = last;
  return array;
}

class EndlessSet extends Set<unknown> {
  override *[Symbol.iterator](): SetIterator<unknown> {
    for (;;) yield undefined;
  }
}

class EndlessMap extends Map<unknown, unknown> {
  override *[Symbol.iterator](): MapIterator<[unknown, unknown]> {
    for (let index = 0; ; index++) yield [index, undefined];
  }
}

function endlessObjects(): object {
  return {
    get next(): object {
      return endlessObjects();
    },
  };
}

function bare(entries: Record<string, unknown>): object {
  return Object.assign(Object.create(null) as object, entries);
}

function toolChain(length: number): ToolError {
  let chain = new ToolError('level 0');
  for (let level = 1; level < length; level++) chain = new ToolError(`level ${level}`, { cause: chain });
  return chain;
}

function foreignChain(length: number): Error {
  let chain = new Error('level 0');
  for (let level = 1; level < length; level++) chain = new Error(`level ${level}`, { cause: chain });
  return chain;
}

function nestedDetails(levels: number): Record<string, unknown> {
  let details: Record<string, unknown> = { leaf: true };
  for (let level = 1; level < levels; level++) details = { next: details };
  return details;
}

const LONE = 'high \uD800 then low \uDC00 reversed \uDC00\uD800 pair \uD83D\uDE00 nul \u0000 end';
const HOSTILE_TEXT = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}';

/** Every case of the corpus. */
export const HOSTILE_CORPUS: readonly CorpusCase[] = [
  // test/hardening/arbitraries.ts: each hostile kind, thrown, as details and as a cause.
  ...HOSTILE_KINDS.flatMap((kind): CorpusCase[] => [
    { name: `${kind}, thrown`, build: () => hostileValue(kind) },
    { name: `${kind}, as details`, build: () => new ToolError('t', { details: { value: hostileValue(kind) } as never }) },
    { name: `${kind}, as details itself`, build: () => new ToolError('t', { details: hostileValue(kind) as never }) },
    { name: `${kind}, as a cause`, build: () => new ToolError('t', { cause: hostileValue(kind) }) },
    { name: `${kind}, as an AggregateError entry`, build: () => new AggregateError([hostileValue(kind), new Error('e')], 'agg') },
    { name: `${kind}, as a class field`, build: () => defineOwn(new ToolError('t'), 'extra', hostileValue(kind)) },
  ]),

  // corpus.test.ts
  { name: 'a revoked Proxy as a cause', build: () => new ToolError('Tool failed', { toolName: 'search', details: { attempt: 2 }, cause: revokedProxy() }) },
  {
    name: 'a revoked Proxy as recommendations and errors',
    build: () => defineOwn(new ToolError('Tool failed', { toolName: 'search', recommendations: revokedProxy() as never }), 'errors', revokedProxy()),
  },
  { name: 'a revoked Proxy as details', build: () => new ToolError('t', { details: revokedProxy() as never }) },
  { name: 'a throwing Proxy wrapping an Error, as a cause', build: () => new ToolError('t', { cause: throwingProxy(new Error('inner')) }) },
  { name: 'a throwing Proxy as details', build: () => new ToolError('t', { details: throwingProxy() as never }) },
  { name: 'a message getter that throws, on a foreign error', build: () => throwingGetter(new Error('hidden'), 'message') },
  { name: 'a message getter that throws, on a faultline error', build: () => throwingGetter(new ToolError('hidden', { toolName: 'search' }), 'message') },
  { name: 'a details getter that throws, on a faultline error', build: () => throwingGetter(new ToolError('t', { details: { a: 1 } }), 'details') },
  { name: 'every getter of a faultline error throws', build: () => {
    const error = new ToolError('t', { details: { a: 1 }, toolName: 'x' });
    // The stack first: V8 formats a pending stack, reading the name, when it is redefined.
    for (const key of ['stack', 'name', 'code', 'message', 'details', 'cause', 'errors', 'recommendations', 'requestId', 'toolName']) throwingGetter(error, key);
    return error;
  } },
  { name: 'a Symbol as name, on a foreign error', build: () => Object.assign(new Error('boom'), { name: Symbol('evil') }) },
  { name: 'a Symbol as name, on a faultline error', build: () => defineOwn(new ToolError('boom'), 'name', Symbol('evil')) },
  { name: 'toJSON that throws, in details', build: () => new ToolError('t', { details: { value: throwingToJSON() as never, ok: true } }) },
  { name: 'toJSON that throws, thrown', build: throwingToJSON },
  { name: 'toJSON that returns itself, in details', build: () => new ToolError('t', { details: { value: returningItself() as never } }) },
  { name: 'toJSON that returns itself, thrown', build: returningItself },
  { name: 'a foreign cause chain 20,000 deep', build: () => foreignChain(20_000) },
  { name: 'a faultline cause chain 20,000 deep', build: () => toolChain(20_000) },
  { name: 'a cause that is the error itself (faultline)', build: () => {
    const error = new ToolError('loop');
    Object.defineProperty(error, 'cause', { value: error });
    return error;
  } },
  { name: 'a cause that is the error itself (foreign)', build: () => {
    const thrown = new Error('loop');
    thrown.cause = thrown;
    return thrown;
  } },
  { name: 'an AggregateError of 10,000 errors', build: () => new AggregateError(Array.from({ length: 10_000 }, (_, index) => new Error(`failure ${index}`)), 'many failed') },
  { name: 'a message of a million characters (faultline)', build: () => new ToolError('x'.repeat(1_000_000)) },
  { name: 'a message of a million characters (foreign)', build: () => new Error('x'.repeat(1_000_000)) },
  { name: 'a message of ten million characters with a secret at the cut', build: () => new ToolError(`${'x'.repeat(9_995)}password=hunter2 ${'y'.repeat(9_990_000)}`) },
  { name: 'a frozen faultline error', build: () => Object.freeze(new ToolError('frozen', { toolName: 'search', details: { attempt: 1 } })) },
  { name: 'a frozen foreign error', build: () => Object.freeze(Object.assign(new Error('frozen'), { code: 'E_FROZEN' })) },
  { name: 'a sealed AggregateError', build: () => Object.seal(new AggregateError([new TypeError('first')], 'sealed')) },
  { name: 'a null-prototype object, thrown', build: () => bare({ message: 'no prototype', code: 'E_BARE' }) },
  { name: 'null-prototype objects in details', build: () => new ToolError('t', { details: { bare: bare({ a: 1, nested: bare({ b: 'two' }) }) as never } }) },
  { name: 'an Error whose prototype is null', build: () => Object.setPrototypeOf(new Error('orphan'), null) as object },
  { name: 'own keys __proto__, constructor and prototype in details', build: () => new ToolError('t', { details: JSON.parse(HOSTILE_TEXT) as never }) },
  { name: 'own keys __proto__, constructor and prototype, thrown', build: () => JSON.parse(HOSTILE_TEXT) as unknown },
  { name: 'own keys __proto__, constructor and prototype, as constructor options', build: () => new ToolError('t', JSON.parse('{"__proto__":{"retryable":true},"constructor":{"name":"Evil"},"toolName":"search"}') as object) },
  { name: 'BigInt, Symbol and function values in details', build: () => new ToolError('t', {
    details: {
      big: 12_345_678_901_234_567_890n, negative: -1n, symbol: Symbol('run-id'), bareSymbol: Symbol(),
      named: function lookup(): void { /* a named function */ }, arrow: (): number => 1, nested: [1n, Symbol('x')],
    } as never,
  }) },
  { name: 'a BigInt, thrown', build: () => 10n },
  { name: 'a Symbol, thrown', build: () => Symbol('s') },
  { name: 'a function, thrown', build: () => function thrownFunction(): void { /* thrown */ } },
  { name: 'a TypeError from another realm', build: () => vm.runInNewContext('new TypeError("other realm")') as unknown },
  { name: 'an ECONNRESET from another realm', build: () => vm.runInNewContext('Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })') as unknown },
  { name: 'an AggregateError from another realm', build: () => vm.runInNewContext('new AggregateError([new RangeError("r")], "agg")') as unknown },
  { name: 'a DOMException TimeoutError', build: () => new DOMException('The operation timed out.', 'TimeoutError') },
  { name: 'a DOMException AbortError', build: () => new DOMException('This operation was aborted', 'AbortError') },
  { name: 'a DOMException DataCloneError', build: () => new DOMException('could not clone', 'DataCloneError') },
  { name: 'an object whose toPrimitive throws, thrown', build: () => Object.assign(throwingPrimitive(), { reason: 'primitive' }) },
  { name: "an Error whose message's toPrimitive throws", build: () => {
    const thrown = new Error('placeholder');
    Object.defineProperty(thrown, 'message', { value: throwingPrimitive() });
    return thrown;
  } },
  { name: 'a constructor message whose toPrimitive throws', build: () => new ToolError(throwingPrimitive()) },
  { name: 'a Map key whose toPrimitive throws', build: () => new ToolError('t', { details: { map: new Map<unknown, unknown>([[throwingPrimitive(), 1], ['plain', 2]]) } as never }) },
  { name: 'lone surrogates and NUL characters', build: () => new ToolError(LONE, { details: { [LONE]: LONE }, recommendations: [LONE] }) },
  { name: 'an invalid Date, thrown', build: () => new Date(Number.NaN) },
  { name: 'an invalid and a valid Date in details', build: () => new ToolError('t', { details: { invalid: new Date(Number.NaN), valid: new Date(0) } }) },

  // bounded-work.worker.mjs
  { name: 'details: a sparse array of length 2**32 - 1', build: () => new ToolError('x', { details: { list: sparse('last') } as never }) },
  { name: 'details: an array Proxy of 2**32 - 1 empty strings', build: () => new ToolError('x', { details: { list: claimingArray(HUGE, '') } as never }) },
  { name: 'details: an array Proxy of 2**32 - 1 undefined items', build: () => new ToolError('x', { details: { list: claimingArray(HUGE, undefined) } as never }) },
  { name: 'details: a Set whose iterator never ends', build: () => new ToolError('x', { details: { set: new EndlessSet() } as never }) },
  { name: 'details: a Map whose iterator never ends', build: () => new ToolError('x', { details: { map: new EndlessMap() } as never }) },
  { name: 'details: getters that make new objects forever', build: () => new ToolError('x', { details: endlessObjects() as never }) },
  { name: 'recommendations: a sparse array of length 2**32 - 1', build: () => new ToolError('x', { recommendations: sparse('retry') as string[] }) },
  { name: 'recommendations: an array Proxy of 2**32 - 1 strings', build: () => new ToolError('x', { recommendations: claimingArray(HUGE, 'retry') as string[] }) },
  { name: 'errors: an array Proxy of 2**32 - 1 errors', build: () => Object.assign(new AggregateError([], 'all'), { errors: claimingArray(HUGE, new Error('one')) }) },
  { name: 'a class field: a sparse array of length 2**32 - 1', build: () => Object.assign(new ToolError('x'), { list: sparse(1) }) },
  { name: 'a cause whose getter makes a new cause on every read', makesErrorsWhenRead: true, build: () => {
    const error = new ToolError('x');
    Object.defineProperty(error, 'cause', { get: () => new ToolError('again', { cause: error }), enumerable: false });
    return error;
  } },

  // limits.test.ts and the golden cuts
  { name: 'details 17 levels deep', build: () => new ToolError('t', { details: nestedDetails(17) as never }) },
  { name: 'details of 16,381 characters', build: () => new ToolError('t', { details: { note: 'x'.repeat(16_381) } }) },
  { name: 'a class field past the budget', build: () => new ToolError('t', { toolName: 'search'.repeat(5_000) }) },
  { name: 'an error inside details with a deep cause', build: () => {
    let deep: Record<string, unknown> = { level: 20 };
    for (let level = 19; level > 0; level--) deep = { level, next: deep };
    return new ToolError('t', { details: { upstream: new Error('inner', { cause: deep }) as never } });
  } },
  { name: 'an AggregateError with an entry past the depth', build: () => new AggregateError([new Error('first'), 'second'], 'agg') },
  { name: 'an AggregateError listing one error 200 times at each of three levels', build: () => {
    const leaf = new Error('shared');
    const middle = new AggregateError(Array.from({ length: 200 }, () => leaf), 'middle');
    return new AggregateError(Array.from({ length: 200 }, () => middle), 'top');
  } },
  { name: 'a name, a code and a request id past 1,024 characters', build: () => {
    const error = new ModelApiError('Overloaded', { provider: 'anthropic', model: 'claude', outputStarted: true, code: `OVERLOADED_${'X'.repeat(1100)}`, requestId: 'r'.repeat(2000) });
    return defineOwn(error, 'name', 'N'.repeat(1500));
  } },
  { name: '25 recommendations, one past 1,024 characters', build: () => new AgentError('t', { recommendations: Array.from({ length: 25 }, (_, index) => (index === 3 ? 'r'.repeat(1030) : `step ${index}`)) }) },
  { name: 'a ValidationError with fields past the budget', build: () => new ValidationError('bad', { fields: Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`field.${index}`, `Invalid value ${index}`])) }) },
  { name: 'secrets in keys, values, a message and a Map', build: () => new ToolExecutionError('connect postgres://app:hunter2@db/app failed; token=sk-live-abcdef123456', {
    toolName: 'sql',
    details: { apiKey: 'sk-proj-abcdefghijklmnopqrstuvwx', 'password=hunter2': 1, nested: { authorization: 'Bearer abc' }, map: new Map([['token', 'abc'], ['ok', 'fine']]) },
    cause: Object.assign(new Error('password=hunter2'), { code: 'token=abc' }),
  }) },
  { name: 'a cut marker as data, and markers in every field', build: () => new ToolError('[Truncated]', {
    details: { a: '[Truncated]', b: '[Circular]', c: '[Unreadable]', d: ['[Truncated]', '[REDACTED]'] }, cause: '[Circular]', code: '[Unreadable]',
  }) },
  { name: 'an error in cause position that is data reading back as an error', build: () => new ToolError('t', { cause: { name: 'Error', message: 'data', code: 'E', stack: 'Error: data\n    at x' } }) },
  { name: 'a faultline node as data in cause position', build: () => new ToolError('t', { cause: { name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'data', retryable: true, details: { a: 1 } } }) },
  { name: 'already-serialized output, as data', build: () => JSON.parse(JSON.stringify(serializeError(new TransientError('x', { details: { a: [1, 2] }, cause: new Error('c') })))) as unknown },
  { name: 'already-serialized output with marks, as data', build: () => ({
    name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'cut', retryable: false, details: { a: '[Truncated]' }, truncated: { details: true, message: 9999 },
  }) },
  { name: 'a read-back error', build: () => deserializeError({ name: 'TimeoutError', code: 'TIMEOUT', category: 'TIMEOUT', message: 'late', retryable: true, timeoutMs: 5, cause: { name: 'Error', message: 'x' } }) },
  { name: 'Maps, Sets, typed arrays, boxed values and sparse arrays in details', build: () => new ToolError('t', {
    details: {
      map: new Map<unknown, unknown>([[1, 'one'], ['b', { c: 2 }], [{ k: 1 }, 'object key']]),
      set: new Set([1, 'two', { three: 3 }]),
      bytes: new Uint8Array([1, 2, 3]), floats: new Float64Array([0.5, Number.NaN]), big: new BigInt64Array([1n]),
      boxed: [Object('s') as object, Object(1) as object, Object(true) as object],
      holes: sparse('end', 5),
      minusZero: -0, infinities: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN],
    } as never,
  }) },
  { name: 'a TimeoutError with a foreign cause with errors', build: () => new TimeoutError('t', { timeoutMs: 5, cause: new AggregateError([new Error('a'), 'b', { c: 1 }], 'agg') }) },
  { name: 'an AgentAbortedError over a TransientError over an Error', build: () => new AgentAbortedError('a', { cause: new TransientError('t', { cause: new Error('e') }) }) },
];
