// Retries do not stack: the OpenAI SDK retries a 429 twice by its own default, so faultline's retry
// around it multiplies the requests. The real `openai` client against a node:http server on
// 127.0.0.1 that always answers 429, counting the requests both ways. And what each failed attempt
// cost reaches onError and onRetry: the Vercel AI SDK's generateObject against the same server.
import { createOpenAI } from '@ai-sdk/openai';
import { generateObject } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError, ModelOutputError, ModelRateLimitError, type ErrorEvent } from '../../src/index.js';
import { retry, type RetryClock } from '../../src/retry/index.js';
import { chatCompletion, startJsonServer, type JsonResponse, type JsonServer } from '../mapping/json-server.js';

/** The `usage` a model error carries, read as a listener reads any error. */
const usageOf = (error: unknown): unknown => (error as { readonly usage?: unknown }).usage;

let server: JsonServer;

// retry-after-ms: 1 keeps the SDK's own waits short; faultline's waits go to a clock that never sleeps.
const RATE_LIMITED: JsonResponse = {
  status: 429,
  headers: { 'retry-after-ms': '1' },
  body: { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
};

beforeAll(async () => {
  server = await startJsonServer();
});

afterAll(() => server.close());

const instantClock: RetryClock = { now: () => 0, sleep: () => Promise.resolve() };

async function requestsSent(client: OpenAI): Promise<number> {
  server.script(RATE_LIMITED);
  const error = await retry(async () => {
    try {
      return await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    } catch (thrown) {
      throw ModelError.from(thrown, { provider: 'openai' });
    }
  }, { clock: instantClock, maxAttempts: 4 }).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ModelRateLimitError);
  return server.requests();
}

describe('retry around the real openai SDK', () => {
  it('sends 3 × 4 requests when the SDK keeps its own two retries', async () => {
    expect(await requestsSent(new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1` }))).toBe(12);
  });

  it('sends 4 requests, one per attempt, with maxRetries: 0', async () => {
    expect(await requestsSent(new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 }))).toBe(4);
  });
});

describe('retry around the Vercel AI SDK: what each failed attempt cost', () => {
  it('hands onError every failed attempt’s usage and onRetry each but the last, as the AI SDK reported it', async () => {
    const answer = (promptTokens: number): JsonResponse =>
      chatCompletion({ content: 'Sure! The weather is nice.' }, 'stop', { prompt_tokens: promptTokens, completion_tokens: 5, total_tokens: promptTokens + 5 });
    server.script(answer(100), answer(200));
    const model = createOpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1` }).chat('gpt-test');
    const told: ErrorEvent[] = [];
    const retried: unknown[] = [];
    const error = await retry(
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the call whose error is under test
      () => generateObject({ model, schema: z.object({ city: z.string() }), prompt: 'Weather?', maxRetries: 0 }),
      { clock: instantClock, maxAttempts: 2, onError: (event) => told.push(event), onRetry: ({ error: failed }) => retried.push(usageOf(failed)) },
    ).catch((thrown: unknown) => thrown);
    const usage = (input: number): object => ({ inputTokens: input, outputTokens: 5, totalTokens: input + 5, cachedInputTokens: 0, reasoningTokens: 0 });
    expect([error instanceof ModelOutputError, usageOf(error)]).toEqual([true, usage(200)]);
    expect([told.map((event) => event.error.usage), retried, server.requests()]).toEqual([[usage(100), usage(200)], [usage(100)], 2]);
  });
});
