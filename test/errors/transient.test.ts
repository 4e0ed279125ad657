import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError,
  UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TimeoutError, UnknownError,
] as const;

describe('TransientError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(TransientError))).toBe(FaultlineError);
    const error = new TransientError();
    for (const ancestor of [TransientError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new TransientError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['TransientError', 'TRANSIENT', 'TRANSIENT', true, 'A transient failure occurred; retrying may succeed']);
  });
});

describe('TransientError.from', () => {
  it.each([
    ['a plain Error', new Error('socket hang up'), 'socket hang up'],
    ['a reset connection', Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'reset'],
    ['a timeout', new DOMException('slow', 'TimeoutError'), 'slow'],
    ['a number', 7, 'Non-error value thrown: 7'],
    ['undefined', undefined, 'A transient failure occurred; retrying may succeed'],
  ])('wraps %s as a retryable TransientError', (_label, value, message) => {
    const error = TransientError.from(value, { retryAfterMs: 500 });
    expect(error.constructor).toBe(TransientError);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(message);
    expect(error.retryAfterMs).toBe(500);
    expect(error.cause).toBe(value);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new UnknownError();
    expect(TransientError.from(original)).toBe(original);
  });
});
