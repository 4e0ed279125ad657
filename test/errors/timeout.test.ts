import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, ModelTimeoutError, SecurityError, StorageError, TimeoutError, ToolError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TransientError, UnknownError,
] as const;

describe('TimeoutError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(TimeoutError))).toBe(FaultlineError);
    const error = new TimeoutError();
    for (const ancestor of [TimeoutError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('is not the parent of the model and tool timeouts', () => {
    expect(new ModelTimeoutError() instanceof TimeoutError).toBe(false);
    expect(new ToolTimeoutError() instanceof TimeoutError).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new TimeoutError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['TimeoutError', 'TIMEOUT', 'TIMEOUT', true, 'The operation timed out']);
  });

  it('sets timeoutMs from options', () => {
    expect(new TimeoutError('x', { timeoutMs: 30_000 }).timeoutMs).toBe(30_000);
  });
});

describe('TimeoutError.from', () => {
  it.each([
    ['a DOMException TimeoutError', new DOMException('The operation timed out', 'TimeoutError'), 'The operation timed out'],
    ['a plain Error', new Error('took too long'), 'took too long'],
    ['an abort', new DOMException('stop', 'AbortError'), 'stop'],
    ['a string', 'late', 'late'],
  ])('wraps %s as a retryable TimeoutError', (_label, value, message) => {
    const error = TimeoutError.from(value, { timeoutMs: 5000 });
    expect(error.constructor).toBe(TimeoutError);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(message);
    expect(error).toHaveProperty('timeoutMs', 5000);
    expect(error.cause).toBe(value);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new ToolTimeoutError();
    expect(TimeoutError.from(original, { timeoutMs: 1 })).toBe(original);
    expect(original.timeoutMs).toBeUndefined();
  });
});
