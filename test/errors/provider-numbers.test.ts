// The numbers of issue #31 as the real SDKs deliver them: `openai`, `@anthropic-ai/sdk` and the Vercel AI
// SDK (`ai` with `@ai-sdk/openai` and `@ai-sdk/anthropic`), each talking to a node:http server on
// 127.0.0.1 scripted with the providers' documented headers and bodies, with the SDKs' own retries off.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { generateText } from 'ai';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelContextLengthError, ModelError, ModelRateLimitError, normalizeError, type FaultlineError } from '../../src/index.js';
import { retry } from '../../src/retry/index.js';
import { startJsonServer, type JsonResponse, type JsonServer } from '../mapping/json-server.js';

// The time the answers are received: Anthropic's resets are times, measured from it.
const NOW = Date.UTC(2026, 0, 1);

let server: JsonServer;
beforeAll(async () => { server = await startJsonServer(); });
afterAll(async () => { await server.close(); });
// Only Date is faked: the SDKs' timers and the sockets run as ever.
beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'], now: NOW }); });
afterEach(() => { vi.useRealTimers(); });

type Client = 'openai' | 'anthropic' | 'ai-sdk-openai' | 'ai-sdk-anthropic';

async function thrownBy(client: Client, answer: JsonResponse): Promise<unknown> {
  server.script(answer);
  try {
    if (client === 'openai') {
      await new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 }).chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    } else if (client === 'anthropic') {
      await new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 }).messages.create({ model: 'claude-sonnet-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
    } else {
      const model = client === 'ai-sdk-openai'
        ? createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test' }).chat('gpt-4o')
        : createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test' })('claude-sonnet-4-5');
      await generateText({ model, prompt: 'hi', maxRetries: 0 });
    }
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

/** What ModelError.from makes of what the client threw; normalizeError must make the same. */
async function classified(client: Client, answer: JsonResponse): Promise<FaultlineError> {
  const thrown = await thrownBy(client, answer);
  const error = ModelError.from(thrown);
  const normalized = normalizeError(thrown);
  expect(normalized.constructor).toBe(error.constructor);
  expect(JSON.stringify(normalized)).toBe(JSON.stringify(error));
  return error;
}

function rateLimitOf(error: FaultlineError): ModelRateLimitError['rateLimit'] {
  expect(error).toBeInstanceOf(ModelRateLimitError);
  return error instanceof ModelRateLimitError ? error.rateLimit : undefined;
}

// OpenAI's headers (https://platform.openai.com/docs/guides/rate-limits#rate-limits-in-headers), tokens spent.
const OPENAI_HEADERS = {
  'x-ratelimit-limit-requests': '5000', 'x-ratelimit-remaining-requests': '4999', 'x-ratelimit-reset-requests': '12ms',
  'x-ratelimit-limit-tokens': '30000', 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '2.4s',
};
const OPENAI_TPM = {
  error: {
    message: 'Rate limit reached for gpt-4o in organization org-test on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200. Please try again in 2.4s.',
    type: 'tokens', param: null, code: 'rate_limit_exceeded',
  },
};
// Anthropic's headers (https://docs.anthropic.com/en/api/rate-limits#response-headers), input tokens spent.
const ANTHROPIC_HEADERS = {
  'anthropic-ratelimit-requests-limit': '50', 'anthropic-ratelimit-requests-remaining': '49', 'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:01Z',
  'anthropic-ratelimit-input-tokens-limit': '30000', 'anthropic-ratelimit-input-tokens-remaining': '0', 'anthropic-ratelimit-input-tokens-reset': '2026-01-01T00:00:12.5Z',
  'anthropic-ratelimit-output-tokens-limit': '8000', 'anthropic-ratelimit-output-tokens-remaining': '8000', 'anthropic-ratelimit-output-tokens-reset': '2026-01-01T00:00:00Z',
  'anthropic-ratelimit-tokens-limit': '38000', 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:12.5Z',
};
const ANTHROPIC_ITPM = {
  type: 'error',
  error: {
    type: 'rate_limit_error',
    message: "This request would exceed your organization's rate limit of 30,000 input tokens per minute (org: test, model: claude-sonnet-4-5). For details, refer to: https://docs.claude.com/en/api/rate-limits.",
  },
};

describe.each(['openai', 'ai-sdk-openai'] as const)('a 429 with OpenAI’s rate-limit headers, through %s', (client) => {
  it('gives ModelRateLimitError with the tokens limit, waiting for its reset when there is no Retry-After', async () => {
    const error = await classified(client, { status: 429, headers: OPENAI_HEADERS, body: OPENAI_TPM });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([rateLimitOf(error), error.retryAfterMs]).toEqual([{ dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 }, 2400]);
  });

  it('keeps the Retry-After over the reset', async () => {
    const error = await classified(client, { status: 429, headers: { ...OPENAI_HEADERS, 'retry-after': '3' }, body: OPENAI_TPM });
    expect([rateLimitOf(error)?.resetMs, error.retryAfterMs]).toEqual([2400, 3000]);
  });

  it('names a daily limit its body names, whose reset is longer than any retry waits', async () => {
    const body = { error: { ...OPENAI_TPM.error, message: 'Rate limit reached for gpt-4o in organization org-test on requests per day (RPD): Limit 10000, Used 10000, Requested 1.', type: 'requests' } };
    const headers = { ...OPENAI_HEADERS, 'x-ratelimit-limit-requests': '10000', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '13h12m0s' };
    const error = await classified(client, { status: 429, headers, body });
    expect([rateLimitOf(error), error.retryAfterMs]).toEqual([{ dimension: 'requests', limit: 10000, remaining: 0, resetMs: 47_520_000 }, 47_520_000]);
  });

  it('gives up at once in retry: a daily reset is past maxRetryAfterMs, as any delay above it is', async () => {
    const body = { error: { ...OPENAI_TPM.error, message: 'Rate limit reached for gpt-4o in organization org-test on requests per day (RPD): Limit 10000, Used 10000, Requested 1.', type: 'requests' } };
    const headers = { ...OPENAI_HEADERS, 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '13h12m0s' };
    const thrown = await thrownBy(client, { status: 429, headers, body });
    let calls = 0;
    const failure = await retry(() => {
      calls++;
      throw ModelError.from(thrown);
    }).catch((error: unknown) => error as FaultlineError);
    expect([calls, failure.retryAfterMs, failure.details]).toEqual([1, 47_520_000, { attempts: 1 }]);
  });

  it('gives no rateLimit when the headers and the body name none', async () => {
    const error = await classified(client, { status: 429, body: { error: { message: 'Too many requests', type: 'server_error', param: null, code: null } } });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([Object.hasOwn(error, 'rateLimit'), error.retryAfterMs]).toEqual([false, undefined]);
  });
});

describe.each(['anthropic', 'ai-sdk-anthropic'] as const)('a 429 with Anthropic’s rate-limit headers, through %s', (client) => {
  it('gives ModelRateLimitError with the input tokens limit its body names, its reset measured from the answer', async () => {
    const error = await classified(client, { status: 429, headers: ANTHROPIC_HEADERS, body: ANTHROPIC_ITPM });
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([rateLimitOf(error), error.retryAfterMs]).toEqual([{ dimension: 'inputTokens', limit: 30000, remaining: 0, resetMs: 12500 }, 12500]);
  });

  it('keeps Anthropic’s retry-after over the reset', async () => {
    const error = await classified(client, { status: 429, headers: { ...ANTHROPIC_HEADERS, 'retry-after': '13' }, body: ANTHROPIC_ITPM });
    expect([rateLimitOf(error)?.dimension, error.retryAfterMs]).toEqual(['inputTokens', 13000]);
  });

  it('ignores a reset it cannot read, and waits for nothing it did not read', async () => {
    const headers = { ...ANTHROPIC_HEADERS, 'anthropic-ratelimit-input-tokens-reset': 'soon' };
    const error = await classified(client, { status: 429, headers, body: ANTHROPIC_ITPM });
    expect([rateLimitOf(error), error.retryAfterMs]).toEqual([{ dimension: 'inputTokens', limit: 30000, remaining: 0 }, undefined]);
  });
});

function contextOf(error: FaultlineError): readonly [number | undefined, number | undefined] {
  expect(error).toBeInstanceOf(ModelContextLengthError);
  return error instanceof ModelContextLengthError ? [error.requestedTokens, error.maxContextTokens] : [undefined, undefined];
}

const openaiError = (message: string, code: string | null): unknown => ({ error: { message, type: 'invalid_request_error', param: 'messages', code } });
const anthropicError = (message: string): unknown => ({ type: 'error', error: { type: 'invalid_request_error', message } });

describe.each(['openai', 'ai-sdk-openai'] as const)('a 400 for the context length, through %s', (client) => {
  it.each([
    ["This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.", [130000, 128000]],
    ["This model's maximum context length is 128000 tokens. However, you requested 130000 tokens (120000 in the messages, 10000 in the completion). Please reduce the length of the messages or completion.", [130000, 128000]],
    ['Your input exceeds the context window of this model. Please adjust your input and try again.', [undefined, undefined]],
  ] as const)('%s', async (message, numbers) => {
    const error = await classified(client, { status: 400, body: openaiError(message, 'context_length_exceeded') });
    expect(contextOf(error)).toEqual(numbers);
  });
});

describe.each(['anthropic', 'ai-sdk-anthropic'] as const)('a 400 for the context length, through %s', (client) => {
  it.each([
    ['prompt is too long: 208310 tokens > 200000 maximum', [208310, 200000]],
    ['input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000, decrease input length or `max_tokens` and try again', [205818, 200000]],
  ] as const)('%s', async (message, numbers) => {
    const error = await classified(client, { status: 400, body: anthropicError(message) });
    expect(contextOf(error)).toEqual(numbers);
  });
});

describe('a Gemini 400 for the context length, as its REST API answers', () => {
  it('gives the input token count and the window, from the error an HTTP client made of it', () => {
    const body = { error: { code: 400, message: 'The input token count (1234567) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } };
    const thrown = Object.assign(new Error(`got status: INVALID_ARGUMENT. ${JSON.stringify(body)}`), { status: 400, error: body.error });
    expect(contextOf(ModelError.from(thrown, { provider: 'google' }))).toEqual([1234567, 1048576]);
  });
});

describe('a framework’s error over the provider’s, as LangChain throws them', () => {
  const named = (name: string, message: string, fields: object): Error => Object.assign(new Error(message), { name }, fields);

  it('a ContextOverflowError over the SDK’s 400 gives the numbers the provider states', async () => {
    const thrown = await thrownBy('anthropic', { status: 400, body: anthropicError('prompt is too long: 208310 tokens > 200000 maximum') });
    const overflow = named('ContextOverflowError', 'Input exceeded the model’s context window.', { cause: thrown });
    expect(contextOf(normalizeError(overflow))).toEqual([208310, 200000]);
    expect(contextOf(ModelError.from(overflow))).toEqual([208310, 200000]);
  });

  it('a ContextOverflowError alone gives none: its own message states no numbers', () => {
    expect(contextOf(normalizeError(named('ContextOverflowError', 'Input exceeded the model’s context window.', {})))).toEqual([undefined, undefined]);
  });

  it('a MODEL_RATE_LIMIT the SDK’s 429 carries gives its rateLimit, waiting for its reset', async () => {
    const thrown = await thrownBy('openai', { status: 429, headers: OPENAI_HEADERS, body: OPENAI_TPM });
    const stamped = Object.assign(thrown as Error, { lc_error_code: 'MODEL_RATE_LIMIT' });
    for (const error of [normalizeError(stamped), ModelError.from(stamped)]) {
      expect([rateLimitOf(error), error.retryAfterMs]).toEqual([{ dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 }, 2400]);
    }
  });
});

describe('the AI SDK’s RetryError after its own retries', () => {
  it('keeps the rateLimit of its last error', async () => {
    server.script({ status: 429, headers: { ...OPENAI_HEADERS, 'retry-after-ms': '5' }, body: OPENAI_TPM });
    const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test' }).chat('gpt-4o');
    const thrown = await generateText({ model, prompt: 'hi', maxRetries: 1 }).then(() => undefined, (error: unknown) => error);
    expect((thrown as Error).name).toBe('AI_RetryError');
    for (const error of [normalizeError(thrown), ModelError.from(thrown)]) {
      expect([rateLimitOf(error), error.retryAfterMs, error.details]).toEqual([
        { dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 }, 5, { attempts: 2, reason: 'maxRetriesExceeded' },
      ]);
    }
  });
});
