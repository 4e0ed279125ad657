import { describe, expect, it } from 'vitest';
import {
  AgentMaxIterationsError, ModelApiError, ModelContextLengthError, ModelRateLimitError, serializeError, ToolError, ToolNotFoundError, ToolTimeoutError, TransientError, ValidationError,
  type ToolErrorOptions,
} from '../../src/index.js';

describe('the options as the only argument', () => {
  it('are the options when the first argument is a plain object', () => {
    const error = new ToolNotFoundError({ toolName: 'delete' });
    expect(error.toolName).toBe('delete');
    expect(error.message).toBe('The requested tool is not registered');
    expect(Object.hasOwn(error, 'message')).toBe(false);
  });

  it('may carry the message', () => {
    const error = new ToolNotFoundError({ message: "Tool 'delete' is not registered", toolName: 'delete', cause: 'lookup' });
    expect([error.message, error.toolName, error.cause]).toEqual(["Tool 'delete' is not registered", 'delete', 'lookup']);
    expect(Object.keys(serializeError(error))).not.toContain('details');
  });

  it('keep the default message for a null or undefined message', () => {
    expect(new ToolError({ message: null }).message).toBe('The tool call failed');
    expect(new ToolError({ message: undefined }).message).toBe('The tool call failed');
  });

  it('are read from an object with a null prototype too', () => {
    const options = Object.assign(Object.create(null) as object, { toolName: 'search' });
    expect(new ToolError(options).toolName).toBe('search');
  });

  it('are not an Error, an array or a class instance given first: those are the message, as their string form', () => {
    expect(new ToolError(new Error('as message') as never).message).toBe('Error: as message');
    expect(new ToolError(['a', 'b'] as never).message).toBe('a,b');
    expect(new ToolError(new URL('https://example.com/x') as never).message).toBe('https://example.com/x');
    expect(new ToolError(new URL('https://example.com/x') as never).toolName).toBeUndefined();
  });

  it('never throw, even when reading the message throws', () => {
    const options = { toolName: 'x', get message(): string { throw new Error('boom'); } };
    const error = new ToolError(options);
    expect([error.message, error.toolName]).toEqual(['The tool call failed', 'x']);
  });
});

describe('the message and the options', () => {
  it('work as in 0.1', () => {
    const error = new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete' });
    expect([error.message, error.toolName]).toEqual(["Tool 'delete' is not registered", 'delete']);
    expect(new ToolNotFoundError(undefined, { toolName: 'x' }).message).toBe('The requested tool is not registered');
    expect(new ToolNotFoundError(null, { toolName: 'x' }).toolName).toBe('x');
  });

  it('ignore a message among the options when a message is given first', () => {
    expect(new ToolError('first', { message: 'second' } as ToolErrorOptions).message).toBe('first');
  });
});

describe('a null or undefined option', () => {
  it('is skipped, as if absent', () => {
    const error = new ModelRateLimitError({ retryAfterMs: null, requestId: undefined, provider: null });
    expect(Object.keys(error)).toEqual([]);
    expect(error.retryAfterMs).toBeUndefined();
  });
});

describe('retryable', () => {
  it.each(['yes', 1, 'false', {}])('is dropped when it is %s, not a boolean: the class default stays', (value) => {
    expect([new TransientError({ retryable: value as never }).retryable, new ToolError({ retryable: value as never }).retryable]).toEqual([true, false]);
    expect(Object.hasOwn(new TransientError({ retryable: value as never }), 'retryable')).toBe(false);
  });

  it('overrides the default when it is a boolean', () => {
    expect([new TransientError({ retryable: false }).retryable, new ToolError({ retryable: true }).retryable]).toEqual([false, true]);
  });
});

describe('options the class does not declare', () => {
  it('are kept under details, never set as fields', () => {
    const options = { toolName: 's', retryAfter: 2000, toolNme: 'typo' };
    const error = new ToolError('x', options);
    expect(error.toolName).toBe('s');
    expect((error as unknown as Record<string, unknown>).retryAfter).toBeUndefined();
    expect(error.details).toEqual({ retryAfter: 2000, toolNme: 'typo' });
    expect(serializeError(error)).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false,
      details: { retryAfter: 2000, toolNme: 'typo' }, toolName: 's',
    });
  });

  it('give way to an explicit details key of the same name', () => {
    const options = { details: { attempt: 2, a: 'kept' }, attempt: 1, b: 'added' };
    expect(new ToolError('x', options).details).toEqual({ attempt: 2, a: 'kept', b: 'added' });
  });

  it('wrap details that are not an object, or cannot be read, under value', () => {
    const options = { details: 'plain text', extra: 1 } as unknown as ToolErrorOptions;
    expect(new ToolError('x', options).details).toEqual({ extra: 1, value: 'plain text' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = new ToolError('x', { details: proxy, extra: 1 } as unknown as ToolErrorOptions);
    const details = hostile.details as Record<string, unknown>;
    expect(Object.keys(details)).toEqual(['extra', 'value']);
    expect([details.extra, details.value === proxy]).toEqual([1, true]);
  });

  it('include a field of another family: it is not this class’s', () => {
    const options = { toolName: 'search', provider: 'openai' };
    expect(new ToolError('x', options).details).toEqual({ provider: 'openai' });
  });

  it('leave details alone when every key is known', () => {
    expect(new ToolError('x', { toolName: 's', details: { a: 1 } }).details).toEqual({ a: 1 });
    expect(Object.hasOwn(new ToolError('x', { toolName: 's' }), 'details')).toBe(false);
  });
});

describe('fields a class declares', () => {
  it('are cleaned by their type: whole numbers rounded, invalid ones dropped', () => {
    expect(new ToolTimeoutError({ timeoutMs: 1500.6 }).timeoutMs).toBe(1501);
    expect(new ToolTimeoutError({ timeoutMs: -1 }).timeoutMs).toBeUndefined();
    expect(new AgentMaxIterationsError({ maxIterations: Number.NaN }).maxIterations).toBeUndefined();
  });

  it('are what a user class declares in subclass, added to those it inherits', () => {
    class QuotaError extends ToolError.subclass('QuotaError', { fields: { limit: 'whole', plan: 'json' } }) {}
    const error = new QuotaError({ limit: 99.5, plan: 'pro', toolName: 't' });
    expect([error.limit, error.plan, error.toolName, error.details]).toEqual([100, 'pro', 't', undefined]);
  });

  it('of another class do not leak into a sibling', () => {
    class LeftError extends ToolError.subclass('LeftError', { fields: { left: 'string' } }) {}
    class RightError extends ToolError.subclass('RightError', {}) {}
    const options = { left: 'l' };
    expect(new LeftError(options).left).toBe('l');
    expect(new RightError(options as ToolErrorOptions).details).toEqual({ left: 'l' });
  });

  it('fields of ValidationError keep their record', () => {
    expect(new ValidationError({ fields: { q: 'Required' } }).fields).toEqual({ q: 'Required' });
  });
});

describe('the shapes of the model errors: usage and rateLimit (issue #31)', () => {
  it('keep a well-formed value as a copy, its counts rounded as a whole field is', () => {
    const usage = { inputTokens: 1200, outputTokens: 85.4, totalTokens: 1285, cachedInputTokens: 0, reasoningTokens: 40 };
    const error = new ModelApiError({ usage });
    expect(error.usage).toEqual({ inputTokens: 1200, outputTokens: 85, totalTokens: 1285, cachedInputTokens: 0, reasoningTokens: 40 });
    expect(error.usage).not.toBe(usage);
    expect(error.details).toBeUndefined();
    const limited = new ModelRateLimitError({ rateLimit: { dimension: 'inputTokens', limit: 40000, remaining: 0, resetMs: 1500.5 } });
    expect(limited.rateLimit).toEqual({ dimension: 'inputTokens', limit: 40000, remaining: 0, resetMs: 1501 });
    expect(new ModelRateLimitError({ rateLimit: { dimension: 'requests' } }).rateLimit).toEqual({ dimension: 'requests' });
  });

  it('leave out a key that holds undefined, and give no field at all for an empty shape, with nothing under details', () => {
    expect(new ModelApiError({ usage: { inputTokens: 5, outputTokens: undefined } }).usage).toEqual({ inputTokens: 5 });
    for (const usage of [{}, { inputTokens: undefined }]) {
      const error = new ModelApiError({ usage });
      expect([Object.hasOwn(error, 'usage'), error.details]).toEqual([false, undefined]);
    }
    const error = new ModelRateLimitError({ rateLimit: { dimension: undefined, limit: undefined } as never });
    expect([Object.hasOwn(error, 'rateLimit'), error.details]).toEqual([false, undefined]);
  });

  it.each([
    ['an unknown key', { inputTokens: 5, cacheCreationInputTokens: 7 }],
    ['a negative count', { inputTokens: -1 }],
    ['a count that is a string', { inputTokens: '5' }],
    ['NaN', { outputTokens: Number.NaN }],
    ['a count past the safe integers', { totalTokens: 2 ** 60 }],
    ['an array', [5]],
    ['a number', 5],
    ['a class instance', new Date(0)],
  ])('keep a usage with %s whole under details, never cut down to a part', (_title, usage) => {
    const error = new ModelApiError({ usage } as never);
    expect(Object.hasOwn(error, 'usage')).toBe(false);
    expect(error.details).toEqual({ usage });
  });

  it.each([
    ['no dimension', { limit: 10, remaining: 0 }],
    ['an unknown dimension', { dimension: 'minutes', remaining: 0 }],
    ['an unknown key', { dimension: 'tokens', window: '1m' }],
    ['a negative remaining', { dimension: 'tokens', remaining: -1 }],
    ['a reset that is a string', { dimension: 'tokens', resetMs: '6m0s' }],
  ])('keep a rateLimit with %s whole under details', (_title, rateLimit) => {
    const error = new ModelRateLimitError({ rateLimit } as never);
    expect(Object.hasOwn(error, 'rateLimit')).toBe(false);
    expect(error.details).toEqual({ rateLimit });
  });

  it('keep a shape whose getter throws under details, and never throw', () => {
    const usage = { get inputTokens(): number { throw new Error('boom'); } };
    const error = new ModelApiError({ usage });
    expect(Object.hasOwn(error, 'usage')).toBe(false);
    expect((error.details as { usage: unknown }).usage).toBe(usage);
  });

  it('are fields of their classes alone: rateLimit given to another model error is kept under details', () => {
    expect(new ModelApiError({ rateLimit: { dimension: 'tokens' } } as never).details).toEqual({ rateLimit: { dimension: 'tokens' } });
  });

  it('requestedTokens and maxContextTokens are whole numbers of ModelContextLengthError', () => {
    const error = new ModelContextLengthError({ requestedTokens: 130000.4, maxContextTokens: 128000 });
    expect([error.requestedTokens, error.maxContextTokens, error.details]).toEqual([130000, 128000, undefined]);
    expect(new ModelContextLengthError({ requestedTokens: -5 }).details).toEqual({ requestedTokens: -5 });
  });
});
