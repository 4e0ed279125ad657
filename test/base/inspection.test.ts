import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NODE_INSPECT } from '../../src/base/inspection.js';
import { AuthenticationError, ModelApiError, serializeError, ToolNotFoundError } from '../../src/index.js';

describe('util.inspect and console.log', () => {
  it('show code, category and retryable from the class defaults, then the own fields', () => {
    const text = inspect(new ToolNotFoundError({ toolName: 'delete' }));
    expect(text).toMatch(/^ToolNotFoundError: The requested tool is not registered\n {4}at /);
    expect(text).toContain("{\n  code: 'TOOL_NOT_FOUND',\n  category: 'TOOL',\n  retryable: false,\n  toolName: 'delete'\n}");
  });

  it('show status and a computed retryable', () => {
    const text = inspect(new ModelApiError('Bad gateway', { status: 502 }));
    expect(text).toContain("code: 'MODEL_API_ERROR',\n  category: 'MODEL',\n  retryable: true,\n  status: 502\n}");
    expect(inspect(new AuthenticationError())).toContain('status: 401');
  });

  it('show the cause as Node shows any error’s cause', () => {
    expect(inspect(new ToolNotFoundError({ cause: new Error('inner') }))).toContain('[cause]: Error: inner');
  });

  it('leave the error itself unchanged: no own field is added, the JSON is the same', () => {
    const error = new ToolNotFoundError({ toolName: 'delete' });
    const before = JSON.stringify(serializeError(error));
    inspect(error);
    expect(Object.keys(error)).toEqual(['toolName']);
    expect(JSON.stringify(serializeError(error))).toBe(before);
  });

  it('give the error itself back to a runtime that calls the hook without an inspect function', () => {
    const error = new ToolNotFoundError();
    // Installed on FaultlineError.prototype on first use (installRoot), not declared in the class body.
    const hook = (error as unknown as Record<symbol, (depth: number, options: object, inspect: unknown) => unknown>)[NODE_INSPECT];
    expect(hook?.call(error, 2, {}, undefined)).toBe(error);
  });
});

describe('a logger that walks `for (key in error)`, as pino’s default error serializer does', () => {
  it('sees code, category, retryable and status, besides the own fields', () => {
    const keys: string[] = [];
    for (const key in new AuthenticationError({ requestId: 'r1' })) keys.push(key);
    expect(keys.sort()).toEqual(['category', 'code', 'message', 'requestId', 'retryable', 'status']);
  });
});
