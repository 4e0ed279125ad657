import { describe, expect, it } from 'vitest';
import {
  AgentMaxIterationsError, ModelRateLimitError, serializeError, ToolError, ToolNotFoundError, ToolTimeoutError, TransientError, ValidationError,
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
