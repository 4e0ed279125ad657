// Retries do not stack: the OpenAI SDK retries a 429 twice by its own default, so faultline's retry
// around it multiplies the requests. The real `openai` client against a node:http server on
// 127.0.0.1 that always answers 429, counting the requests both ways.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, ModelRateLimitError } from '../../src/index.js';
import { retry, type RetryClock } from '../../src/retry/index.js';
import { startJsonServer, type JsonResponse, type JsonServer } from '../mapping/json-server.js';

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
