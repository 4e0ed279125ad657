import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError,
  AuthorizationError, deserializeError, FaultlineError, ModelApiError, ModelContextLengthError, ModelError,
  ModelRateLimitError, ModelTimeoutError, registerErrorClass, SecurityError, serializeError, StorageError,
  TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError,
  TransientError, UnknownError, ValidationError,
  type SerializedError,
} from '../../src/index.js';
import { serializedErrorArbitrary } from '../contract/arbitraries.js';
import { ModelApiError as UsageModelApiError, ModelContextLengthError as ContextModelError, ModelRateLimitError as LimitModelError } from '../../src/index.js';
import { GOLDEN_CASES, goldenText, PaymentDeclinedError } from '../contract/golden-cases.js';

type Constructor = abstract new (...args: never) => FaultlineError;

/** Every built-in class by its serialized name, written out from the table. */
const BUILT_INS: readonly (readonly [string, Constructor])[] = [
  ['ModelError', ModelError],
  ['ModelRateLimitError', ModelRateLimitError],
  ['ModelTimeoutError', ModelTimeoutError],
  ['ModelApiError', ModelApiError],
  ['ModelContextLengthError', ModelContextLengthError],
  ['ToolError', ToolError],
  ['ToolNotFoundError', ToolNotFoundError],
  ['ToolPermissionError', ToolPermissionError],
  ['ToolExecutionError', ToolExecutionError],
  ['ToolTimeoutError', ToolTimeoutError],
  ['AgentError', AgentError],
  ['AgentMaxIterationsError', AgentMaxIterationsError],
  ['AgentStateError', AgentStateError],
  ['AgentAbortedError', AgentAbortedError],
  ['StorageError', StorageError],
  ['SecurityError', SecurityError],
  ['AuthError', AuthError],
  ['AuthenticationError', AuthenticationError],
  ['AuthorizationError', AuthorizationError],
  ['ValidationError', ValidationError],
  ['TransientError', TransientError],
  ['TimeoutError', TimeoutError],
  ['UnknownError', UnknownError],
];

/** The family class each category falls back to. */
const FAMILIES: readonly (readonly [string, Constructor])[] = [
  ['MODEL', ModelError],
  ['TOOL', ToolError],
  ['AGENT', AgentError],
  ['STORAGE', StorageError],
  ['SECURITY', SecurityError],
  ['AUTH', AuthError],
  ['VALIDATION', ValidationError],
  ['TRANSIENT', TransientError],
  ['TIMEOUT', TimeoutError],
  ['UNKNOWN', UnknownError],
];

function minimal(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'It failed', retryable: false, ...fields };
}

function golden(file: string): SerializedError {
  return JSON.parse(goldenText(file)) as SerializedError;
}

/** What deserializeError throws for `input`; fails the test when it throws nothing. */
function rejection(input: unknown): ValidationError {
  try {
    deserializeError(input);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('deserializeError accepted the input');
}

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const undo of unregister.splice(0)) undo();
});

describe('deserializeError', () => {
  describe('input forms', () => {
    it('reads the serialized object', () => {
      const error = deserializeError(golden('ToolNotFoundError'));
      expect(error).toBeInstanceOf(ToolNotFoundError);
      expect(error.message).toBe('The operation failed');
    });

    it('reads the JSON text of the serialized object', () => {
      const error = deserializeError(goldenText('ToolNotFoundError'));
      expect(error).toBeInstanceOf(ToolNotFoundError);
      expect(serializeError(error)).toEqual(golden('ToolNotFoundError'));
    });
  });

  describe('built-in classes', () => {
    it.each(BUILT_INS)('rebuilds %s from its golden file as an instance of its own class', (name, cls) => {
      const json = golden(name);
      const error = deserializeError(json);
      expect(error).toBeInstanceOf(cls);
      expect(error).toBeInstanceOf(FaultlineError);
      expect(error).toBeInstanceOf(Error);
      expect(Object.getPrototypeOf(error)).toBe(cls.prototype);
      expect(error.name).toBe(name);
      expect(error.code).toBe(json.code);
      expect(error.category).toBe(json.category);
      expect(error.message).toBe('The operation failed');
      expect(error.retryable).toBe(json.retryable);
      expect(error.retryAfterMs).toBe(1500);
      expect(error.status).toBe(json.status);
      expect(error.requestId).toBe('req_01HZX3');
      expect(error.recommendations).toEqual(['Retry after the suggested delay', 'Check the provider status page']);
      expect(error.details).toEqual(json.details);
      expect(error.toString()).toBe(`${name} [${json.code}]: The operation failed`);
    });

    it('rebuilds the class fields of each class', () => {
      expect(deserializeError(golden('ModelTimeoutError'))).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet', timeoutMs: 30000 });
      expect(deserializeError(golden('ToolTimeoutError'))).toMatchObject({ toolName: 'browse', timeoutMs: 10000 });
      expect(deserializeError(golden('AgentMaxIterationsError'))).toMatchObject({ agentId: 'planner', maxIterations: 25 });
      expect(deserializeError(golden('AgentStateError'))).toMatchObject({ currentState: 'done', targetState: 'running' });
      expect(deserializeError(golden('StorageError'))).toMatchObject({ store: 'redis' });
      expect(deserializeError(golden('SecurityError'))).toMatchObject({ policy: 'input-guard' });
      expect(deserializeError(golden('ValidationError'))).toMatchObject({ fields: { 'user.email': 'Invalid email', query: 'Required' } });
      expect(deserializeError(golden('TimeoutError'))).toMatchObject({ timeoutMs: 5000 });
    });

    it('rebuilds a faultline cause as an instance, and its foreign cause as an Error with name, message and code', () => {
      const error = deserializeError(golden('ToolError'));
      expect(error.cause).toBeInstanceOf(TransientError);
      const cause = error.cause as TransientError;
      expect(cause.message).toBe('Upstream connection reset');
      expect(cause.retryable).toBe(true);
      expect(cause.cause).toBeInstanceOf(Error);
      expect(cause.cause).not.toBeInstanceOf(FaultlineError);
      expect(cause.cause).toMatchObject({ name: 'Error', message: 'socket hang up', code: 'ECONNRESET' });
    });

    it('keeps a foreign name that is not Error', () => {
      const error = deserializeError(minimal({ cause: { name: 'TypeError', message: 'fetch failed', code: 'UND_ERR_SOCKET' } }));
      expect(error.cause).toBeInstanceOf(Error);
      expect(error.cause).toMatchObject({ name: 'TypeError', message: 'fetch failed', code: 'UND_ERR_SOCKET' });
    });

    it('keeps a cause that is neither kind of error as the plain value', () => {
      expect(deserializeError(minimal({ cause: 'boom' })).cause).toBe('boom');
      expect(deserializeError(minimal({ cause: 42 })).cause).toBe(42);
      expect(deserializeError(minimal({ cause: false })).cause).toBe(false);
      expect(deserializeError(minimal({ cause: [1, 'two'] })).cause).toEqual([1, 'two']);
      const cause = deserializeError(minimal({ cause: { reason: 'quota', name: 'not a foreign error: no message' } })).cause;
      expect(cause).not.toBeInstanceOf(Error);
      expect(cause).toEqual({ reason: 'quota', name: 'not a foreign error: no message' });
    });

    // Every cause is checked only as JSON, so a cause with a faultline node's five fields may still
    // not be one: then it is data, with whatever it holds, and nothing in it is rebuilt.
    const almostNodes: readonly (readonly [string, Record<string, unknown>])[] = [
      ['a negative status', { status: -1 }],
      ['a toolName that is a number', { toolName: 5 }],
      ['errors that are not an array', { errors: 'x' }],
      ['a stack that is a number', { stack: 5 }],
      ['a reserved key', { toJSON: 'x' }],
      ['an unknown cut', { truncated: { lines: 1 } }],
    ];
    it.each(almostNodes)('keeps a cause with the five fields of a node but %s as the plain value', (_title, fields) => {
      const inner = minimal({ name: 'ToolNotFoundError', message: 'inner' });
      const input = minimal({ cause: minimal({ name: 'TransientError', category: 'TRANSIENT', cause: inner, ...fields }) });
      const error = deserializeError(input);
      expect(error.cause).toBe(input.cause);
      expect(error.cause).not.toBeInstanceOf(Error);
      expect(serializeError(error)).toEqual(input);
    });

    it('leaves cause out when the serialized error has none', () => {
      expect('cause' in deserializeError(minimal())).toBe(false);
    });

    it("rebuilds an AggregateError's errors as an array of rebuilt causes", () => {
      const error = deserializeError(golden('aggregate-cause'));
      expect(error).toBeInstanceOf(ToolExecutionError);
      const aggregate = error.cause as Error & { errors?: unknown[] };
      expect(aggregate).toBeInstanceOf(Error);
      expect(aggregate.name).toBe('AggregateError');
      expect(aggregate.message).toBe('All promises were rejected');
      const errors = aggregate.errors ?? [];
      expect(errors).toHaveLength(4);
      expect(errors[0]).toBeInstanceOf(ModelRateLimitError);
      expect(errors[0]).toMatchObject({ retryAfterMs: 2000, status: 429, provider: 'openai' });
      expect(errors[1]).toBeInstanceOf(Error);
      expect(errors[1]).toMatchObject({ message: 'getaddrinfo EAI_AGAIN api.example.com', code: 'EAI_AGAIN' });
      expect(errors[2]).toBe('a plain string reason');
      expect(errors[3]).toEqual({ reason: 'quota', remaining: 0 });
    });

    it('rebuilds errors on a faultline node too', () => {
      const error = deserializeError(minimal({ errors: [minimal({ name: 'ToolNotFoundError', message: 'first' }), 'second'] }));
      const errors = (error as unknown as { errors: unknown[] }).errors;
      expect(errors[0]).toBeInstanceOf(ToolNotFoundError);
      expect(errors[1]).toBe('second');
    });

    it('keeps the marks of a truncated node, and serializes them again', () => {
      const error = deserializeError(golden('truncated'));
      expect((error as unknown as { truncated: unknown }).truncated).toEqual({ message: 56 });
      expect(serializeError(error)).toEqual(golden('truncated'));
    });
  });

  describe('stack', () => {
    it('restores the stack of every node where one was persisted', () => {
      const json = minimal({
        stack: 'ToolError: It failed\n    at run (agent.js:1:1)',
        cause: { name: 'Error', message: 'inner', stack: 'Error: inner\n    at io (net.js:2:2)' },
      });
      const error = deserializeError(json);
      expect(error.stack).toBe('ToolError: It failed\n    at run (agent.js:1:1)');
      expect((error.cause as Error).stack).toBe('Error: inner\n    at io (net.js:2:2)');
      expect(serializeError(error, { stack: true })).toEqual(json);
      expect(serializeError(error)).toEqual(minimal({ cause: { name: 'Error', message: 'inner' } }));
    });

    it('makes up no stack where none was persisted', () => {
      const json = minimal({ cause: { name: 'Error', message: 'inner' } });
      const error = deserializeError(json);
      expect(error.stack).toBeUndefined();
      expect((error.cause as Error).stack).toBeUndefined();
      expect(serializeError(error, { stack: true })).toEqual(json);
    });

    // Hardened runtimes freeze the limit, so that the engine captures a local stack, which must
    // then be replaced; a library may put accessors on it, whose setter ignores the write.
    const stuckLimits: readonly (readonly [string, PropertyDescriptor])[] = [
      ['a read-only limit', { value: 10, writable: false, configurable: true }],
      ['a limit whose setter ignores the write', { get: () => 10, set: () => undefined, configurable: true }],
    ];
    it.each(stuckLimits)('makes up no stack, and keeps a persisted one, under %s', (_title, descriptor) => {
      const json = minimal({ stack: 'ToolError: It failed\n    at run (agent.js:1:1)', cause: { name: 'Error', message: 'inner' } });
      const original = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
      Object.defineProperty(Error, 'stackTraceLimit', descriptor);
      let error: FaultlineError;
      try {
        error = deserializeError(json);
      } finally {
        if (original === undefined) Reflect.deleteProperty(Error, 'stackTraceLimit');
        else Object.defineProperty(Error, 'stackTraceLimit', original);
      }
      expect(error.stack).toBe('ToolError: It failed\n    at run (agent.js:1:1)');
      expect((error.cause as Error).stack).toBeUndefined();
      expect(serializeError(error, { stack: true })).toEqual(json);
    });
  });

  describe('names it does not know', () => {
    it.each(FAMILIES)('rebuilds an unknown name of category %s as its family class and keeps the name', (category, cls) => {
      const error = deserializeError(minimal({ name: 'SomeoneElsesError', code: 'ELSEWHERE', category }));
      expect(Object.getPrototypeOf(error)).toBe(cls.prototype);
      expect(error.name).toBe('SomeoneElsesError');
      expect(error.code).toBe('ELSEWHERE');
      expect(error.category).toBe(category);
      expect(serializeError(error)).toEqual(minimal({ name: 'SomeoneElsesError', code: 'ELSEWHERE', category }));
    });

    it('treats the abstract base name as unknown', () => {
      const error = deserializeError(minimal({ name: 'FaultlineError', category: 'STORAGE' }));
      expect(Object.getPrototypeOf(error)).toBe(StorageError.prototype);
      expect(error.name).toBe('FaultlineError');
    });

    it('reads a node whose category is not its class’s as the family class of its category, keeping its name, code and retryable', () => {
      const node = minimal({ name: 'TransientError', code: 'TRANSIENT', category: 'TOOL', retryable: false });
      const error = deserializeError(node);
      expect(error).not.toBeInstanceOf(TransientError);
      expect(Object.getPrototypeOf(error)).toBe(ToolError.prototype);
      expect([error.name, error.code, error.category, error.retryable]).toEqual(['TransientError', 'TRANSIENT', 'TOOL', false]);
      expect(serializeError(error)).toEqual(node);
      // SecurityError with TOOL, which classify would retry while toHttpStatus says 403: a ToolError, never a SecurityError.
      const forged = deserializeError(minimal({ name: 'SecurityError', code: 'SECURITY_VIOLATION', category: 'TOOL', retryable: false }));
      expect([forged instanceof SecurityError, forged instanceof ToolError]).toEqual([false, true]);
    });

    it('keeps an overridden retryable on a node that fits its class', () => {
      const error = deserializeError(minimal({ name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', retryable: false }));
      expect(error).toBeInstanceOf(TransientError);
      expect(error.retryable).toBe(false);
    });
  });

  describe('user classes', () => {
    const payment = {
      name: 'PaymentDeclinedError',
      code: 'PAYMENT_DECLINED',
      category: 'TOOL',
      message: 'Card declined by issuer',
      retryable: false,
      amount: 4999,
    };

    it('rebuilds a registered user class with its own fields', () => {
      unregister.push(registerErrorClass(PaymentDeclinedError));
      const error = deserializeError(golden('user-class'));
      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect(error).toBeInstanceOf(ToolError);
      const payment = error instanceof PaymentDeclinedError ? error : undefined;
      expect(payment?.amount).toBe(4999);
      expect(payment?.currency).toBe('EUR');
      expect(payment?.card).toEqual({ brand: 'visa', last4: '4242' });
      expect(payment?.toolName).toBe('charge');
      expect(serializeError(error)).toEqual(golden('user-class'));
    });

    it('rebuilds a user class passed for one call in classes', () => {
      const error = deserializeError(payment, { classes: [PaymentDeclinedError] });
      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect(deserializeError(payment)).not.toBeInstanceOf(PaymentDeclinedError);
    });

    it('falls back to the family class once the user class is unregistered', () => {
      registerErrorClass(PaymentDeclinedError)();
      const error = deserializeError(payment);
      expect(Object.getPrototypeOf(error)).toBe(ToolError.prototype);
      expect(error.name).toBe('PaymentDeclinedError');
      expect((error as unknown as { amount: number }).amount).toBe(4999);
    });

    it('never runs the class constructor, so a constructor that throws does not get in the way', () => {
      let constructed = 0;
      class StrictError extends StorageError.subclass('StrictError', { code: 'STRICT' }) {
        constructor(message: string, options: { readonly required: string }) {
          super(message);
          constructed++;
          if (typeof options.required !== 'string') throw new TypeError('required is required');
        }
      }
      const error = deserializeError({ name: 'StrictError', code: 'STRICT', category: 'STORAGE', message: 'x', retryable: false }, { classes: [StrictError] });
      expect(error).toBeInstanceOf(StrictError);
      expect(error.code).toBe('STRICT');
      expect(constructed).toBe(0);
    });
  });

  describe('invalid input', () => {
    const CATEGORIES = 'Expected one of MODEL, TOOL, AGENT, STORAGE, SECURITY, AUTH, VALIDATION, TRANSIENT, TIMEOUT, UNKNOWN';
    const cases: readonly (readonly [string, unknown, Record<string, string>])[] = [
      ['a name that is not a string', minimal({ name: 5 }), { name: 'Expected a string' }],
      ['a missing code', { name: 'ToolError', category: 'TOOL', message: 'm', retryable: false }, { code: 'Required. Expected a string' }],
      ['an unknown category', minimal({ category: 'BOGUS' }), { category: CATEGORIES }],
      ['a lower-case category', minimal({ category: 'tool' }), { category: CATEGORIES }],
      ['a message that is not a string', minimal({ message: ['m'] }), { message: 'Expected a string' }],
      ['a retryable that is not a boolean', minimal({ retryable: 'yes' }), { retryable: 'Expected a boolean' }],
      ['a negative retryAfterMs', minimal({ retryAfterMs: -1 }), { retryAfterMs: 'Expected a whole number, 0 or more' }],
      ['a fractional retryAfterMs', minimal({ retryAfterMs: 1.5 }), { retryAfterMs: 'Expected a whole number, 0 or more' }],
      ['a NaN retryAfterMs', minimal({ retryAfterMs: Number.NaN }), { retryAfterMs: 'Expected a whole number, 0 or more' }],
      ['an infinite status', minimal({ status: Number.POSITIVE_INFINITY }), { status: 'Expected a whole number, 0 or more' }],
      ['a status written as a string', minimal({ status: '503' }), { status: 'Expected a whole number, 0 or more' }],
      ['a requestId that is not a string', minimal({ requestId: 5 }), { requestId: 'Expected a string' }],
      ['a recommendation that is not a string', minimal({ recommendations: ['a', 5] }), { 'recommendations.1': 'Expected a string' }],
      ['recommendations that are not an array', minimal({ recommendations: 'a' }), { recommendations: 'Expected an array of strings' }],
      ['details that are an array', minimal({ details: [] }), { details: 'Expected an object of JSON values without null' }],
      ['a toolName that is not a string', minimal({ toolName: 5 }), { toolName: 'Expected a string' }],
      ['a negative timeoutMs', minimal({ timeoutMs: -5 }), { timeoutMs: 'Expected a whole number, 0 or more' }],
      ['fields whose message is not a string', minimal({ fields: { query: 1 } }), { 'fields.query': 'Expected a string' }],
      ['a stack that is not a string', minimal({ stack: 5 }), { stack: 'Expected a string' }],
      ['an unknown truncation cause', minimal({ truncated: { cause: 'overflow' } }), { 'truncated.cause': expect.stringContaining("'depth' | 'circular'") as string }],
      ['an unknown truncation key', minimal({ truncated: { lines: 1 } }), { 'truncated.lines': expect.stringContaining('whole numbers') as string }],
      ['errors that are not an array', minimal({ errors: 'x' }), { errors: 'Expected an array' }],
      ['a null cause', minimal({ cause: null }), { cause: 'Expected a serialized error, a foreign error or a JSON value without null' }],
      ['a null entry of errors', minimal({ errors: ['a', null] }), { 'errors.1': 'Expected a serialized error, a foreign error or a JSON value without null' }],
      ['a null user field', minimal({ amount: null }), { amount: 'Expected a JSON value without null' }],
      ['a non-finite user field', minimal({ amount: Number.NaN }), { amount: expect.any(String) as string }],
      ['null as the input', null, { '': 'Expected a serialized error object' }],
      ['an array as the input', [], { '': 'Expected a serialized error object' }],
      ['a number as the input', 42, { '': 'Expected a serialized error object' }],
      ['JSON text of a number', '42', { '': 'Expected a serialized error object' }],
      ['JSON text of null', 'null', { '': 'Expected a serialized error object' }],
    ];

    it.each(cases)('rejects %s with a ValidationError whose fields say where', (_title, input, fields) => {
      const error = rejection(input);
      expect(error.fields).toEqual(fields);
      expect(error.message.startsWith('Not a serialized faultline error: ')).toBe(true);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.cause).toBe(input);
    });

    it('lists a null nested in details by its path', () => {
      const input = minimal({ details: { a: { b: null } } });
      expect(rejection(input).fields).toMatchObject({ 'details.a.b': 'Expected a JSON value without null' });
    });

    it('lists every missing required field', () => {
      expect(rejection({}).fields).toEqual({
        name: 'Required. Expected a string',
        code: 'Required. Expected a string',
        category: `Required. ${CATEGORIES}`,
        message: 'Required. Expected a string',
        retryable: 'Required. Expected a boolean',
      });
    });

    it('lists every wrong type at once', () => {
      const fields = rejection({ name: 1, code: 2, category: 3, message: 4, retryable: 5, status: -1 }).fields ?? {};
      expect(Object.keys(fields).sort()).toEqual(['category', 'code', 'message', 'name', 'retryable', 'status']);
    });

    it('rejects JSON text that does not parse, saying so, with the text as cause', () => {
      const error = rejection('{"name": "ToolError",');
      expect(Object.keys(error.fields ?? {})).toEqual(['']);
      expect(error.fields?.['']).toMatch(/^Invalid JSON: /);
      expect(error.message).toMatch(/^Not a serialized faultline error: invalid JSON/);
      expect(error.cause).toBe('{"name": "ToolError",');
    });
  });

  describe('round trip', () => {
    it.each(GOLDEN_CASES.map((golden) => golden.file))('serializes %s.json back to the same bytes', (file) => {
      unregister.push(registerErrorClass(PaymentDeclinedError));
      expect(`${JSON.stringify(serializeError(deserializeError(goldenText(file))), null, 2)}\n`).toBe(goldenText(file));
    });

    it('serializes an AuthenticationError persisted without status back without status', () => {
      const json = minimal({ name: 'AuthenticationError', code: 'AUTH_UNAUTHENTICATED', category: 'AUTH' });
      expect(serializeError(deserializeError(json))).toEqual(json);
    });

    it('serializes an empty truncated object back as it was', () => {
      const json = minimal({ truncated: {} });
      expect(serializeError(deserializeError(json))).toEqual(json);
    });

    it('redacts an already redacted secret to the same text', () => {
      const json = minimal({ message: 'login failed: password=[REDACTED]', details: { note: 'token=[REDACTED]' } });
      expect(serializeError(deserializeError(json))).toEqual(json);
    });

    it('deserializes the deepest chain of foreign causes that serializeError writes by default', () => {
      let cause: unknown = new Error('leaf');
      for (let level = 15; level > 0; level--) cause = new Error(`level ${level}`, { cause });
      const json = serializeError(new ToolError('top', { cause }));
      expect(JSON.stringify(json).length).toBeLessThan(1000);
      expect(serializeError(deserializeError(json))).toEqual(json);
    });

    it('serializes generated valid serialized errors back to the same value, plain data in its canonical key order, and that is a fixed point', () => {
      unregister.push(registerErrorClass(PaymentDeclinedError));
      const valid = serializedErrorArbitrary({ stacks: false, protoKeys: true, maxCauseDepth: 3, extraNames: ['PaymentDeclinedError'] });
      fc.assert(
        fc.property(valid, (json) => {
          const again = serializeError(deserializeError(json));
          // The same value (toEqual ignores key order), its text storable (a NUL or a lone surrogate is
          // written U+FFFD); error nodes in the contract's key order, plain data in its canonical order
          // (contract.md), so that a second trip gives the same bytes.
          expect(again).toEqual(storable(json));
          expect(JSON.stringify(serializeError(deserializeError(JSON.parse(JSON.stringify(again)) as unknown)))).toBe(JSON.stringify(again));
        }),
        { numRuns: 1000 },
      );
    }, 60_000);
  });
});

/** A JSON value with every string and key as the writer stores it: NULs and lone surrogates as U+FFFD. */
function storable(value: unknown): unknown {
  // String#toWellFormed, written out: the tests compile against ES2022.
  const text = (string: string): string => string.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map(storable);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) Object.defineProperty(out, text(key), { value: storable(item), enumerable: true, writable: true, configurable: true });
  return out;
}

describe('deserializeError on an input object that changes while it is read', () => {
  it('throws a ValidationError, with the input as cause, when a field has another type on the second read', () => {
    let reads = 0;
    const input = minimal();
    Object.defineProperty(input, 'toolName', {
      enumerable: true,
      get() {
        reads += 1;
        return reads > 1 ? 5 : 'search';
      },
    });
    const error = rejection(input);
    expect(error.fields).toEqual({ '': 'Unreadable input: a field changed while it was read' });
    expect(error.cause).toBe(input);
    expect(reads).toBe(2);
  });

  it('throws a ValidationError, with the input as cause, when a getter throws on the second read', () => {
    let reads = 0;
    const input = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', retryable: false };
    Object.defineProperty(input, 'message', {
      enumerable: true,
      get() {
        reads += 1;
        if (reads > 2) throw new RangeError('second read');
        return 'm';
      },
    });
    const limit = Error.stackTraceLimit;
    const error = rejection(input);
    expect(error.fields).toEqual({ '': 'Unreadable input: second read' });
    expect(error.cause).toBe(input);
    // Made after the stack trace limit was put back: the error has a stack, and the limit is as it was.
    expect(error.stack).toContain('ValidationError');
    expect(Error.stackTraceLimit).toBe(limit);
  });
});

describe('the numbers of issue #31 read back', () => {
  const built = [
    new LimitModelError('Rate limited', {
      provider: 'openai',
      retryAfterMs: 2400,
      rateLimit: { dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 },
      usage: { inputTokens: 0 },
    }),
    new ContextModelError({ provider: 'anthropic', requestedTokens: 208310, maxContextTokens: 200000 }),
    new UsageModelApiError('Overloaded', {
      usage: { inputTokens: 1200, outputTokens: 85, totalTokens: 1285, cachedInputTokens: 1024, reasoningTokens: 40 },
      cause: new LimitModelError({ rateLimit: { dimension: 'requests', remaining: 0 } }),
    }),
  ];

  it.each(built.map((error) => [error.name, error] as const))('%s: the same class with the same fields, and a fixed point', (_name, error) => {
    const json = serializeError(error);
    const back = deserializeError(json);
    expect(back.constructor).toBe(error.constructor);
    for (const field of ['usage', 'rateLimit', 'requestedTokens', 'maxContextTokens'] as const) {
      expect((back as unknown as Record<string, unknown>)[field]).toEqual((error as unknown as Record<string, unknown>)[field]);
    }
    expect(JSON.stringify(serializeError(back))).toBe(JSON.stringify(json));
  });

  it('a nested cause keeps its rateLimit', () => {
    const back = deserializeError(serializeError(built[2]));
    expect((back.cause as InstanceType<typeof LimitModelError>).rateLimit).toEqual({ dimension: 'requests', remaining: 0 });
  });

  it('keeps them whole under a redaction of secrets’ key names', () => {
    const json = serializeError(built[0], { redact: { keys: ['apiKey'] } });
    expect([json.rateLimit, json.usage]).toEqual([{ dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 }, { inputTokens: 0 }]);
  });

  // Like a whole-number field, they are never charged to the details budget: a few numbers at most.
  it('writes usage and rateLimit whole, and readable, when details have spent the budget', () => {
    const error = new LimitModelError({ details: { log: 'x'.repeat(200) }, rateLimit: { dimension: 'tokens', remaining: 0 }, usage: { inputTokens: 3 } });
    const json = serializeError(error, { maxDetailsSize: 10 });
    expect([json.rateLimit, json.usage]).toEqual([{ dimension: 'tokens', remaining: 0 }, { inputTokens: 3 }]);
    expect(() => deserializeError(json)).not.toThrow();
  });
});
