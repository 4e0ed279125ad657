import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NODE_INSPECT } from '../../src/base/inspection.js';
import { AuthenticationError, ModelApiError, normalizeError, serializeError, ToolError, ToolNotFoundError } from '../../src/index.js';

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

describe('a secret in a cause', () => {
  const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
  const bearer = 'Bearer abcdefghijklmnopqrstuvwxyz0123';
  const foreignWithSecrets = (): Error => {
    const inner = Object.assign(new Error(`upstream refused ${bearer}`), { status: 401, header: `Authorization: ${bearer}` });
    return new Error(`OpenAI rejected the key ${key}`, { cause: inner });
  };

  it('is printed redacted, in the cause’s message, stack and string fields, down the chain', () => {
    const text = inspect(normalizeError(foreignWithSecrets()));
    expect(text).not.toContain(key);
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz0123');
    expect(text).toContain('[cause]: Error: OpenAI rejected the key [REDACTED]');
    expect(text).toContain('[cause]: Error: upstream refused Bearer [REDACTED]');
    expect(text).toContain("header: 'Authorization: Bearer [REDACTED]'");
    expect(text).toContain('status: 401');
  });

  it('leaves the foreign error itself as it was: its message, stack and fields', () => {
    const foreign = foreignWithSecrets();
    const [message, stack, inner] = [foreign.message, foreign.stack, foreign.cause as Error & { header: string }];
    const [innerMessage, innerStack] = [inner.message, inner.stack];
    inspect(new ToolNotFoundError({ cause: foreign }));
    expect([foreign.message, foreign.stack, foreign.cause, Object.keys(foreign)]).toEqual([message, stack, inner, []]);
    expect([inner.message, inner.stack, inner.header]).toEqual([innerMessage, innerStack, `Authorization: ${bearer}`]);
    expect(inspect(foreign)).toContain(key);
  });

  it('is printed redacted in a string cause and in an AggregateError’s errors, and a cycle prints once', () => {
    expect(inspect(new ToolNotFoundError({ cause: `token ${key}` }))).not.toContain(key);
    const aggregate = new AggregateError([new Error(`first ${key}`)], 'all failed');
    expect(inspect(new ToolNotFoundError({ cause: aggregate }))).not.toContain(key);
    const looped = new Error(`looped ${key}`);
    Object.assign(looped, { cause: looped });
    const text = inspect(new ToolNotFoundError({ cause: looped }));
    expect(text).not.toContain(key);
    expect(text).toContain('[Circular');
  });

  it('keeps the cause printed as the error it is, of its class', () => {
    class UpstreamError extends Error {
      override name = 'UpstreamError';
    }
    expect(inspect(new ToolNotFoundError({ cause: new UpstreamError(`no ${key}`) }))).toContain('[cause]: UpstreamError: no [REDACTED]');
  });

  it('prints a cause that cannot be read as a marker, never throwing', () => {
    const { proxy, revoke } = Proxy.revocable(new Error('x'), {});
    const error = new ToolNotFoundError({ cause: proxy });
    revoke();
    expect(inspect(error)).toContain("[cause]: '[a cause that could not be read]'");
  });
});

describe('console.log(error) prints each value as the contract writes it, for the error and every cause', () => {
  const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

  it('redacts the error’s own details and fields by their names and their text, and keeps the raw values on the error', () => {
    const error = new ToolError('charge failed', { toolName: 'stripe', details: { apiKey: key, note: `retry with ${key}`, attempt: 2 } });
    const text = inspect(error);
    expect(text).not.toContain(key);
    expect(text).toContain("apiKey: '[REDACTED]'");
    expect(text).toContain("note: 'retry with [REDACTED]'");
    expect(text).toContain('attempt: 2');
    expect(error.details).toEqual({ apiKey: key, note: `retry with ${key}`, attempt: 2 });
  });

  it('redacts a cause’s nested objects: an HTTP client’s config headers, a URL with an API key, an SDK error’s headers', () => {
    const axiosLike = Object.assign(new Error('Request failed with status code 401'), {
      config: { url: `https://api.example.com/v1/run?api_key=${key}`, headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } },
      response: { status: 401, headers: { 'x-api-key': key } },
    });
    const text = inspect(new ToolError('upstream refused', { cause: axiosLike }), { depth: Infinity });
    expect(text).not.toContain(key);
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz0123');
    expect(text).toContain("Authorization: '[REDACTED]'");
    expect(text).toContain("Accept: 'application/json'");
    expect(text).toContain("'x-api-key': '[REDACTED]'");
    expect(text).toContain('api_key=[REDACTED]');
    expect(axiosLike.config.headers.Authorization).toBe(`Bearer ${key}`);
  });

  it('redacts a thrown plain object’s keys and text', () => {
    const error = normalizeError({ apiKey: key, reason: `denied for ${key}`, user: 'ada' });
    const text = inspect(error);
    expect(text).not.toContain(key);
    expect(text).toContain("apiKey: '[REDACTED]'");
    expect(text).toContain("user: 'ada'");
  });

  it('redacts the fields of a class of yours named like secrets', () => {
    const Charge = ToolError.subclass('InspectedChargeError', { fields: { apiToken: 'string', amountCents: 'number' } });
    const text = inspect(new Charge({ apiToken: key, amountCents: 500 }));
    expect(text).not.toContain(key);
    expect(text).toContain('amountCents: 500');
  });
});
