import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthenticationError, AuthError, AuthorizationError, FaultlineError, ModelError, SecurityError, StorageError,
  TimeoutError, ToolError, TransientError, UnknownError, ValidationError,
} from '../../src/index.js';

type AnyClass = abstract new (...args: never) => unknown;

const OTHER_FAMILIES: readonly AnyClass[] = [
  ModelError, ToolError, AgentError, StorageError, SecurityError, ValidationError, TransientError, TimeoutError, UnknownError,
];

// The auth rows of issue #2's class table, plus each class's default message and status.
const TABLE = [
  { Class: AuthError, parent: FaultlineError, name: 'AuthError', code: 'AUTH_ERROR', message: 'Authentication or authorization failed', status: undefined, sibling: undefined },
  { Class: AuthenticationError, parent: AuthError, name: 'AuthenticationError', code: 'AUTH_UNAUTHENTICATED', message: 'Authentication is required or failed', status: 401, sibling: AuthorizationError },
  { Class: AuthorizationError, parent: AuthError, name: 'AuthorizationError', code: 'AUTH_FORBIDDEN', message: 'The caller is not allowed to do this', status: 403, sibling: AuthenticationError },
] as const;

describe.each(TABLE)('$name', ({ Class, parent, name, code, message, status, sibling }) => {
  it('extends its parent and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is `parent`.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(Class))).toBe(parent);
    const error = new Class();
    for (const ancestor of [Class, parent, AuthError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
    if (sibling !== undefined) expect(error instanceof sibling).toBe(false);
  });

  it('has its name, code, category, retryable default, default message and status', () => {
    const error = new Class();
    expect([error.name, error.code, error.category, error.retryable, error.message, error.status])
      .toEqual([name, code, 'AUTH', false, message, status]);
  });

  it('takes another status from options', () => {
    expect(new Class('x', { status: 407 }).status).toBe(407);
  });
});

describe('AuthError.from', () => {
  it.each([
    ['status 401', Object.assign(new Error('who?'), { status: 401 }), AuthenticationError, 401, 'who?'],
    ['statusCode 401', Object.assign(new Error('who?'), { statusCode: 401 }), AuthenticationError, 401, 'who?'],
    ['status 403', Object.assign(new Error('no'), { status: 403 }), AuthorizationError, 403, 'no'],
    ['status 500', Object.assign(new Error('down'), { status: 500 }), AuthError, 500, 'down'],
    ['no status', new Error('odd'), AuthError, undefined, 'odd'],
    ['a string', 'denied', AuthError, undefined, 'denied'],
  ])('maps an error with %s', (_label, value, Class, status, message) => {
    const error = AuthError.from(value, { requestId: 'req_9' });
    expect(error.constructor).toBe(Class);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(false);
    expect(error.requestId).toBe('req_9');
    expect(error.cause).toBe(value);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new AuthorizationError();
    expect(AuthError.from(original)).toBe(original);
  });

  it('keeps a status given in the context when the value carries none', () => {
    const error = AuthError.from(new Error('expired'), { status: 401 });
    expect(error.status).toBe(401);
    expect(error).toBeInstanceOf(AuthenticationError);
  });
});
