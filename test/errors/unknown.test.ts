import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError,
  UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError,
] as const;

describe('UnknownError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(UnknownError))).toBe(FaultlineError);
    const error = new UnknownError();
    for (const ancestor of [UnknownError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new UnknownError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['UnknownError', 'UNKNOWN_ERROR', 'UNKNOWN', false, 'An unknown error occurred']);
  });
});

describe('UnknownError.from', () => {
  it.each([
    ['a plain Error', new Error('odd'), 'odd'],
    // Fails closed: even a value another mapper would call retryable stays not retryable here.
    ['a reset connection', Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'reset'],
    ['a plain object', { reason: 'odd' }, 'An unknown error occurred'],
    ['a boolean', false, 'Non-error value thrown: false'],
  ])('wraps %s as an UnknownError that is not retryable', (_label, value, message) => {
    const error = UnknownError.from(value, { requestId: 'r' });
    expect(error.constructor).toBe(UnknownError);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(message);
    expect(error.requestId).toBe('r');
    expect(error.cause).toBe(value);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new TransientError();
    expect(UnknownError.from(original)).toBe(original);
  });
});
