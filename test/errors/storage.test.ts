import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError,
  UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError,
] as const;

describe('StorageError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(StorageError))).toBe(FaultlineError);
    const error = new StorageError();
    for (const ancestor of [StorageError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new StorageError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['StorageError', 'STORAGE_ERROR', 'STORAGE', false, 'The store operation failed']);
  });

  it('sets store from options', () => {
    expect(new StorageError('x', { store: 'redis' }).store).toBe('redis');
  });
});

describe('StorageError.from', () => {
  it.each([
    ['a plain Error', new Error('disk full'), false, 'disk full'],
    ['a string', 'boom', false, 'boom'],
    ['a refused connection', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), true, 'refused'],
    ['a failed DNS lookup', Object.assign(new Error('dns'), { code: 'EAI_AGAIN' }), true, 'dns'],
    ['an ETIMEDOUT error', Object.assign(new Error('slow'), { code: 'ETIMEDOUT' }), true, 'slow'],
    ['a DOMException TimeoutError', new DOMException('slow', 'TimeoutError'), true, 'slow'],
    ['an aborted call', new DOMException('stop', 'AbortError'), false, 'stop'],
  ])('maps %s to StorageError', (_label, value, retryable, message) => {
    const error = StorageError.from(value, { store: 'redis' });
    expect(error.constructor).toBe(StorageError);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(value);
    expect(error).toHaveProperty('store', 'redis');
  });

  it('passes a faultline error through unchanged', () => {
    const original = new TransientError();
    expect(StorageError.from(original, { store: 'redis' })).toBe(original);
  });
});
