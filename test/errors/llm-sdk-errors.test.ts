// What the real `openai` and `@anthropic-ai/sdk` clients throw, classified. Each client talks to a
// node:http server on 127.0.0.1 scripted to answer as the provider documents its errors (the bodies
// below are the providers' own formats), with the SDK's retries off, so that every answer reaches
// faultline once. The SDKs are devDependencies: faultline reads their errors by shape only.
import Anthropic from '@anthropic-ai/sdk';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError, AuthorizationError, ModelApiError, ModelContextLengthError, ModelError, ModelQuotaExceededError,
  ModelRateLimitError, ModelTimeoutError, normalizeError, TimeoutError, TransientError, type FaultlineError,
} from '../../src/index.js';

type AnyClass = abstract new (...args: never) => unknown;

interface Answer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Never answer: the client's own timeout must end the call. */
  readonly hang?: true;
}

let server: Server;
let port: number;
let next: Answer = { status: 200 };
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (next.hang === true) {
        hanging.push(response);
        return;
      }
      response.writeHead(next.status, { 'content-type': 'application/json', 'x-request-id': 'req_test_1', 'request-id': 'req_test_1', ...next.headers });
      response.end(next.body === undefined ? '' : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
});

// A short client timeout only where the server never answers: an answered call on a loaded machine
// must not become a timeout.
const clientTimeout = (): number => (next.hang === true ? 400 : 30_000);
const openai = (): OpenAI => new OpenAI({ apiKey: 'sk-test', baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0, timeout: clientTimeout() });
const anthropic = (): Anthropic => new Anthropic({ apiKey: 'sk-ant-test', baseURL: `http://127.0.0.1:${port}`, maxRetries: 0, timeout: clientTimeout() });

async function thrownBy(call: () => Promise<unknown>, answer: Answer): Promise<unknown> {
  next = answer;
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const callOpenAI = (): Promise<unknown> => openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
const callAnthropic = (): Promise<unknown> =>
  anthropic().messages.create({ model: 'claude-test-model', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });

// The bodies as the providers document them.
const openaiError = (message: string, type: string, code: string | null): unknown => ({ error: { message, type, param: null, code } });
const anthropicError = (type: string, message: string): unknown => ({ type: 'error', error: { type, message } });

/**
 * The error `ModelError.from` makes of what the SDK threw. normalizeError, with no family hint, must
 * make the same class of an SDK's API error (one with a status); of a failure with no status it makes
 * the generic class, given as `normalized`.
 */
async function classified(provider: 'openai' | 'anthropic', answer: Answer, normalized?: AnyClass): Promise<FaultlineError> {
  const thrown = await thrownBy(provider === 'openai' ? callOpenAI : callAnthropic, answer);
  const error = ModelError.from(thrown, { provider, model: 'm' });
  expect(normalizeError(thrown).constructor).toBe(normalized ?? error.constructor);
  expect(error.cause).toBe(thrown);
  return error;
}

describe.each(['openai', 'anthropic'] as const)('%s', (provider) => {
  it('429 with retry-after in seconds: ModelRateLimitError waiting that long', async () => {
    const body = provider === 'openai'
      ? openaiError('Rate limit reached for gpt-4o in organization org-x on requests per min (RPM): Limit 3, Used 3, Requested 1.', 'requests', 'rate_limit_exceeded')
      : anthropicError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit');
    const error = await classified(provider, { status: 429, headers: { 'retry-after': '2' }, body });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([error.retryable, error.retryAfterMs, error.status, error.requestId]).toEqual([true, 2000, 429, 'req_test_1']);
    expect(error).toMatchObject({ provider });
  });

  it('429 with retry-after-ms: the milliseconds, rounded up', async () => {
    const error = await classified(provider, { status: 429, headers: { 'retry-after-ms': '150.5', 'retry-after': '9' }, body: {} });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect(error.retryAfterMs).toBe(151);
  });

  it('429 with retry-after as an HTTP-date: the time until then', async () => {
    const at = new Date(Date.now() + 600_000).toUTCString();
    const error = await classified(provider, { status: 429, headers: { 'retry-after': at }, body: {} });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    // The date has whole seconds, and some time passes before it is read: ten minutes ahead, so that
    // however slow the machine, what is left is between eight and ten minutes.
    expect(error.retryAfterMs).toBeGreaterThan(480_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(600_000);
  });

  it('an account out of quota: ModelQuotaExceededError, not retryable, keeping status, request id and provider', async () => {
    const answer: Answer = provider === 'openai'
      ? { status: 429, body: openaiError('You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.', 'insufficient_quota', 'insufficient_quota') }
      : { status: 400, body: anthropicError('invalid_request_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.') };
    const error = await classified(provider, answer);
    expect(error).toBeInstanceOf(ModelQuotaExceededError);
    expect([error.code, error.retryable, error.status, error.requestId]).toEqual(['MODEL_QUOTA_EXCEEDED', false, answer.status, 'req_test_1']);
    expect(error).toMatchObject({ provider });
  });

  it('an overloaded provider: ModelApiError, retryable, with its status', async () => {
    const answer: Answer = provider === 'openai'
      ? { status: 503, body: openaiError('The engine is currently overloaded, please try again later.', 'server_error', null) }
      : { status: 529, body: anthropicError('overloaded_error', 'Overloaded') };
    const error = await classified(provider, answer);
    expect(error.constructor).toBe(ModelApiError);
    expect([error.retryable, error.status]).toEqual([true, answer.status]);
  });

  it.each([500, 503])('%i: ModelApiError, retryable', async (status) => {
    const error = await classified(provider, { status, body: provider === 'openai' ? openaiError('The server had an error while processing your request.', 'server_error', null) : anthropicError('api_error', 'Internal server error') });
    expect(error.constructor).toBe(ModelApiError);
    expect([error.retryable, error.status]).toEqual([true, status]);
  });

  it('x-should-retry: false decides over the status', async () => {
    const error = await classified(provider, { status: 500, headers: { 'x-should-retry': 'false' }, body: {} });
    expect(error.constructor).toBe(ModelApiError);
    expect(error.retryable).toBe(false);
  });

  it('401: AuthenticationError keeping the provider and status', async () => {
    const body = provider === 'openai' ? openaiError('Incorrect API key provided: sk-test.', 'invalid_request_error', 'invalid_api_key') : anthropicError('authentication_error', 'invalid x-api-key');
    const error = await classified(provider, { status: 401, body });
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, provider, retryable: false });
  });

  it('403: AuthorizationError keeping the provider and status', async () => {
    const body = provider === 'openai' ? openaiError('Country, region, or territory not supported', 'request_forbidden', 'unsupported_country_region_territory') : anthropicError('permission_error', 'Your API key does not have permission to use the specified resource.');
    const error = await classified(provider, { status: 403, body });
    expect(error).toBeInstanceOf(AuthorizationError);
    expect(error).toMatchObject({ status: 403, provider });
  });

  it('a 400 context-length error: ModelContextLengthError', async () => {
    const body = provider === 'openai'
      ? openaiError("This model's maximum context length is 128000 tokens. However, your messages resulted in 130437 tokens. Please reduce the length of the messages.", 'invalid_request_error', 'context_length_exceeded')
      : anthropicError('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum');
    const error = await classified(provider, { status: 400, body });
    expect(error).toBeInstanceOf(ModelContextLengthError);
    expect([error.retryable, error.status]).toEqual([false, 400]);
  });

  it('a response that never comes: ModelTimeoutError from the client timeout', async () => {
    const error = await classified(provider, { status: 200, hang: true }, TimeoutError);
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect([error.retryable, error.status]).toEqual([true, undefined]);
  });

  it('a closed port: ModelApiError, retryable, with no status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => { resolve(); }));
    const client = provider === 'openai'
      ? (): Promise<unknown> => new OpenAI({ apiKey: 'sk-test', baseURL: `http://127.0.0.1:${closedPort}/v1`, maxRetries: 0 }).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })
      : (): Promise<unknown> => new Anthropic({ apiKey: 'k', baseURL: `http://127.0.0.1:${closedPort}`, maxRetries: 0 }).messages.create({ model: 'claude-test-model', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
    const thrown = await thrownBy(client, { status: 200 });
    const error = ModelError.from(thrown, { provider });
    expect(error.constructor).toBe(ModelApiError);
    expect([error.retryable, error.status]).toEqual([true, undefined]);
    expect(normalizeError(thrown).constructor).toBe(TransientError);
  });
});
