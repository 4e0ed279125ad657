import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError,
  UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, StorageError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError,
] as const;

describe('SecurityError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(SecurityError))).toBe(FaultlineError);
    const error = new SecurityError();
    for (const ancestor of [SecurityError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new SecurityError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['SecurityError', 'SECURITY_VIOLATION', 'SECURITY', false, 'A security policy denied the operation']);
  });

  it('sets policy from options', () => {
    expect(new SecurityError('x', { policy: 'input-guard' }).policy).toBe('input-guard');
  });
});

describe('SecurityError.from', () => {
  it.each([
    ['a plain Error', new Error('blocked'), 'blocked'],
    ['a string', 'injection', 'injection'],
    ['null', null, 'A security policy denied the operation'],
    // A denial stays a denial, whatever it looked like: never retryable.
    ['a timeout', new DOMException('slow', 'TimeoutError'), 'slow'],
    ['a network failure', Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'reset'],
  ])('maps %s to a SecurityError that is not retryable', (_label, value, message) => {
    const error = SecurityError.from(value, { policy: 'pii-filter' });
    expect(error.constructor).toBe(SecurityError);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(value);
    expect(error).toHaveProperty('policy', 'pii-filter');
  });

  it('passes a faultline error through unchanged', () => {
    const original = new ToolError();
    expect(SecurityError.from(original, { policy: 'p' })).toBe(original);
  });
});
