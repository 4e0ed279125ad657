import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromResponse, GENERIC_DETAIL, toHttpStatus, toProblemDetails, toResponse } from '../../src/http/index.js';
import {
  AuthenticationError, ModelApiError, ModelRateLimitError, normalizeError, serializeError, TimeoutError, ToolError, ToolNotFoundError, TransientError, UnknownError,
  ValidationError, type FaultlineError,
} from '../../src/index.js';
import { BUILT_INS } from './builtins.js';
import { MAX_FIELD_LENGTH } from '../../src/contract/serialize-options.js';

describe('toHttpStatus', () => {
  it.each(BUILT_INS.map(([Class, status]) => [Class.name, Class, status] as const))('%s → %i', (_, Class, status) => {
    expect(toHttpStatus(new Class())).toBe(status);
  });

  it('ignores the status an error carries from upstream: the table decides', () => {
    expect(toHttpStatus(new AuthenticationError({ status: 401 }))).toBe(401);
    expect(toHttpStatus(new UnknownError({ status: 404 }))).toBe(500);
    expect(toHttpStatus(new ValidationError({ status: 503 }))).toBe(400);
  });

  it('answers with the status a class declares in subclass (a 4xx or 5xx), over the table, for a class of your own', () => {
    class PaymentRequiredError extends ToolError.subclass('PaymentRequiredError', { code: 'PAYMENT_REQUIRED', status: 402 }) {}
    class UnprocessableError extends ValidationError.subclass('UnprocessableError', { status: 422 }) {}
    class StrictUnprocessableError extends UnprocessableError.subclass('StrictUnprocessableError', {}) {}
    class NotAStatusError extends ToolError.subclass('NotAStatusError', { status: 200 }) {}
    expect([
      toHttpStatus(new PaymentRequiredError()), toHttpStatus(new PaymentRequiredError({ status: 503 })), toHttpStatus(new UnprocessableError()),
      toHttpStatus(new StrictUnprocessableError()), toHttpStatus(new NotAStatusError()),
    ]).toEqual([402, 402, 422, 422, 500]);
    expect(toProblemDetails(new PaymentRequiredError('Top up your account'))).toMatchObject({ status: 402, detail: 'Top up your account', title: 'The tool call failed' });
  });

  it('normalizes any other value first', () => {
    expect(toHttpStatus(new Error('boom'))).toBe(500);
    expect(toHttpStatus(new DOMException('slow', 'TimeoutError'))).toBe(504);
    expect(toHttpStatus('text')).toBe(500);
  });
});

describe('toProblemDetails', () => {
  it('writes an RFC 9457 problem with faultline’s extension members', () => {
    const error = new ValidationError('Invalid tool arguments', { fields: { query: 'Required' }, requestId: 'req_1' });
    expect(toProblemDetails(error, { instance: '/runs/42' })).toEqual({
      type: 'urn:faultline:error:VALIDATION_FAILED', title: 'Validation failed', status: 400, detail: 'Invalid tool arguments',
      instance: '/runs/42', name: 'ValidationError', code: 'VALIDATION_FAILED', category: 'VALIDATION', retryable: false,
      requestId: 'req_1', fields: { query: 'Required' },
    });
  });

  it('puts the code under typeBase, and keeps the title the same for every error of the code', () => {
    const problem = toProblemDetails(new ToolNotFoundError('Tool x is missing'), { typeBase: 'https://errors.example.com/' });
    expect([problem.type, problem.title, problem.detail]).toEqual(['https://errors.example.com/TOOL_NOT_FOUND', 'The requested tool is not registered', 'Tool x is missing']);
  });

  it('gives a 5xx a generic detail unless expose is set, so that a server leaks nothing by default', () => {
    const error = new UnknownError('db password rejected for host 10.0.0.7');
    expect(toProblemDetails(error).detail).toBe(GENERIC_DETAIL);
    expect(toProblemDetails(error, { expose: true }).detail).toBe('db password rejected for host 10.0.0.7');
    expect(toProblemDetails(new ValidationError('bad input')).detail).toBe('bad input');
  });

  it('redacts as the contract redacts', () => {
    expect(toProblemDetails(new ValidationError('token=sk-live-123 is invalid')).detail).toBe('token=[REDACTED] is invalid');
  });
});

describe('toResponse', () => {
  it('answers with application/problem+json and the problem as the body', async () => {
    const response = toResponse(new ToolNotFoundError({ toolName: 'delete' }));
    expect([response.status, response.headers.get('content-type'), response.headers.get('retry-after')]).toEqual([404, 'application/problem+json', null]);
    expect(await response.json()).toMatchObject({ status: 404, code: 'TOOL_NOT_FOUND', name: 'ToolNotFoundError' });
  });

  it('sets Retry-After in whole seconds, rounded up', () => {
    expect(toResponse(new ModelRateLimitError({ retryAfterMs: 1500 })).headers.get('retry-after')).toBe('2');
    expect(toResponse(new TransientError({ retryAfterMs: 0 })).headers.get('retry-after')).toBe('0');
  });
});

// A real node:http server answering with toResponse, and the real fetch reading it back.
let server: Server;
let base: string;
let answer: FaultlineError | { status: number; headers: Record<string, string>; body: string } = new UnknownError();

beforeAll(async () => {
  server = createServer((_request, response) => {
    void (async () => {
      const web = 'status' in answer && !(answer instanceof Error) ? new Response(answer.body, answer) : toResponse(answer, { expose: true });
      response.writeHead(web.status, Object.fromEntries(web.headers));
      response.end(await web.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
});

describe('fromResponse, over a real server and the real fetch', () => {
  it.each(BUILT_INS.map(([Class]) => [Class.name, Class] as const))('%s comes back as the same class with the same fields', async (_, Class) => {
    const sent = new Class({ message: 'it failed', requestId: 'req_9', retryAfterMs: 2000 });
    answer = sent;
    const response = await fetch(base);
    const received = await fromResponse(response);
    expect(received.constructor).toBe(Class);
    expect([received.name, received.code, received.category, received.retryable, received.message, received.requestId, received.retryAfterMs]).toEqual([
      sent.name, sent.code, sent.category, sent.retryable, 'it failed', 'req_9', 2000,
    ]);
    expect(received.status).toBe(response.status);
    expect((received.cause as { response?: unknown }).response).toBe(response);
    expect(serializeError(received).cause).toEqual({
      name: 'HttpError', message: `HTTP ${response.status} ${response.statusText}`, status: response.status, statusText: response.statusText, url: `${base}/`,
    });
  });

  it('keeps a validation error’s fields', async () => {
    answer = new ValidationError({ fields: { 'user.email': 'Invalid email' } });
    const received = await fromResponse(await fetch(base));
    expect(received).toBeInstanceOf(ValidationError);
    expect(received).toMatchObject({ fields: { 'user.email': 'Invalid email' } });
  });

  it('classifies any other response by the generic status table and its headers', async () => {
    answer = { status: 503, headers: { 'retry-after': '3', 'x-request-id': 'req_up' }, body: '<html>busy</html>' };
    const received = await fromResponse(await fetch(base));
    expect([received.constructor, received.status, received.retryAfterMs, received.requestId, received.retryable]).toEqual([TransientError, 503, 3000, 'req_up', true]);
    answer = { status: 504, headers: {}, body: '' };
    expect(await fromResponse(await fetch(base))).toBeInstanceOf(TimeoutError);
    answer = { status: 400, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify({ type: 'about:blank', title: 'Bad', status: 400 }) };
    expect(await fromResponse(await fetch(base))).toBeInstanceOf(ValidationError);
    answer = { status: 418, headers: {}, body: '' };
    const teapot = await fromResponse(await fetch(base));
    expect([teapot.constructor, teapot.status, teapot.message]).toEqual([UnknownError, 418, "HTTP 418 I'm a Teapot"]);
  });

  it.each<[string, number, Record<string, string>, string, string]>([
    ['a problem’s detail', 400, { 'content-type': 'application/problem+json' }, JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The field email is required' }), 'The field email is required'],
    ['an OpenAI-style error.message', 429, { 'content-type': 'application/json' }, JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o', type: 'requests', code: 'rate_limit_exceeded' } }), 'Rate limit reached for gpt-4o'],
    ['an Anthropic-style error.message', 401, { 'content-type': 'application/json' }, JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }), 'invalid x-api-key'],
    ['a message', 404, { 'content-type': 'application/json' }, JSON.stringify({ message: 'No run 42' }), 'No run 42'],
    ['an error given as text', 429, { 'content-type': 'application/json' }, JSON.stringify({ error: 'slow down' }), 'slow down'],
    ['a short text body, trimmed', 403, { 'content-type': 'text/plain' }, '  Forbidden: this key may not run tools\n', 'Forbidden: this key may not run tools'],
    ['a secret in it, redacted as in any message', 401, { 'content-type': 'application/json' }, JSON.stringify({ error: { message: 'Incorrect API key provided: sk-proj-abcdefghijklmnopqrstuvwxyz0123' } }), 'Incorrect API key provided: [REDACTED]'],
  ])('takes a 4xx’s message from its body: %s', async (_, status, headers, body, message) => {
    answer = { status, headers: { ...headers, 'x-request-id': 'req_4' }, body };
    const response = await fetch(base);
    const received = await fromResponse(response);
    expect([received.message, received.status, received.requestId, received.cause]).toEqual([
      message, status, 'req_4', { name: 'HttpError', message: `HTTP ${status} ${response.statusText}`, status, statusText: response.statusText, url: `${base}/` },
    ]);
  });

  it('reads a response as normalizeError reads a thrown value: by the generic table, or by the model rules where the body is a provider’s', async () => {
    answer = { status: 429, headers: {}, body: '' };
    const plain = await fromResponse(await fetch(base));
    expect([plain.constructor, normalizeError(new Response('', { status: 429 })).constructor]).toEqual([TransientError, TransientError]);
    answer = { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: 'Invalid model', type: 'invalid_request_error', param: 'model', code: null } }) };
    const provider = await fromResponse(await fetch(base));
    expect([provider.constructor, provider.message, provider.retryable]).toEqual([ModelApiError, 'Invalid model', false]);
    answer = { status: 503, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }) };
    expect((await fromResponse(await fetch(base))).constructor).toBe(ModelApiError);
  });

  it.each<[string, number, Record<string, string>, string]>([
    ['an HTML page', 404, { 'content-type': 'text/html' }, '<html><body>Not found</body></html>'],
    ['a long text body', 400, { 'content-type': 'text/plain' }, 'x'.repeat(1001)],
    ['JSON with no message of its own', 400, { 'content-type': 'application/json' }, JSON.stringify({ error: { code: 42 }, detail: ['a', 'list'], message: '' })],
    ['an empty body', 409, {}, ''],
    ['a 5xx’s own words, which may tell a server’s internals', 500, { 'content-type': 'application/json' }, JSON.stringify({ error: { message: 'db password rejected for host 10.0.0.7' } })],
  ])('keeps the status line as the message for %s', async (_, status, headers, body) => {
    answer = { status, headers, body };
    const response = await fetch(base);
    expect((await fromResponse(response)).message).toBe(`HTTP ${status} ${response.statusText}`);
  });

  it('cuts a request id read from a problem body to the writer’s field limit, and reads one in a header longer than that as none', async () => {
    const long = 'r'.repeat(50_000);
    answer = { status: 429, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify({ ...toProblemDetails(new ModelRateLimitError('slow down')), requestId: long }) };
    const fromBody = await fromResponse(await fetch(base));
    const fromHeader = await fromResponse({ status: 502, headers: { 'x-request-id': 'r'.repeat(10_000_000) }, text: () => Promise.resolve('') });
    const fromShortHeader = await fromResponse({ status: 502, headers: { 'x-request-id': 'r'.repeat(MAX_FIELD_LENGTH) }, text: () => Promise.resolve('') });
    expect([fromBody.name, fromBody.requestId, fromHeader.requestId]).toEqual(['ModelRateLimitError', 'r'.repeat(MAX_FIELD_LENGTH), undefined]);
    expect(fromShortHeader.requestId).toBe('r'.repeat(MAX_FIELD_LENGTH));
  });

  it('keeps the response as what a reader of the log needs (status, status text, URL), never {}, and the response itself as cause.response', async () => {
    answer = { status: 502, headers: { 'x-request-id': 'req_up' }, body: '<html>bad gateway</html>' };
    const response = await fetch(`${base}/v1/run?attempt=2`);
    const received = await fromResponse(response);
    expect(serializeError(received)).toEqual({
      name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'HTTP 502 Bad Gateway', retryable: true, status: 502, requestId: 'req_up',
      cause: { name: 'HttpError', message: 'HTTP 502 Bad Gateway', status: 502, statusText: 'Bad Gateway', url: `${base}/v1/run?attempt=2` },
    });
    expect(received.cause).toMatchObject({ name: 'HttpError', status: 502 });
    expect((received.cause as { response?: unknown }).response).toBe(response);
  });

  it('does not throw on a body it cannot read', async () => {
    const broken = { status: 500, headers: new Headers(), text: (): Promise<string> => Promise.reject(new Error('reset')) };
    expect((await fromResponse(broken)).constructor).toBe(TransientError);
  });

  it('reads back the class, the code, the delay and the HTTP status (provider and other class fields do not cross HTTP)', async () => {
    const sent = new ModelRateLimitError({ provider: 'openai', retryAfterMs: 1000 });
    answer = sent;
    const received = await fromResponse(await fetch(base));
    expect(serializeError(received)).toMatchObject({ name: 'ModelRateLimitError', code: 'MODEL_RATE_LIMITED', retryAfterMs: 1000, status: 429 });
  });
});
