/**
 * Grouping, measured on the envelopes the real @sentry/node sends (issue #39), for errors the real SDKs
 * throw: each answer is a case of the real-world corpus (test/fixtures/real-world/, each from the public
 * source named there), sent by a local server to the provider's own client, its retries off.
 *
 * - Split: 50 rate limits from one provider, with 50 messages, are one fingerprint.
 * - Merged: a rate limit, a bad key and a context overflow caught at one catch site are three.
 * - The AI SDK's APICallError, the OpenAI SDK's RateLimitError and faultline's class, for one failure, are one.
 */
import * as Sentry from '@sentry/node';
import { generateText } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, normalizeError } from '../../src/index.js';
import { faultlineIntegration } from '../../src/sentry/index.js';
import { realCases, type RealCase } from '../recognition/real-world/cases.js';
import { CaseServer } from '../recognition/real-world/throw-through-sdk.js';
import { captureAll, startSentry } from './recording-sentry.js';

const server = new CaseServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
afterEach(async () => {
  await Sentry.close();
});

function corpusCase(name: string): RealCase {
  const found = realCases().find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no case ${name} in the corpus`);
  return found;
}

// "Rate limit reached for gpt-4 in organization org-********** on tokens per min (TPM): Limit 10000, Used 9348,
// Requested 5086. Please try again in 26.604s. ...": OpenAI's own answer, as the corpus holds it.
const RATE_LIMIT = corpusCase('openai-429-tpm-rate-limit-used-requested');

/** The rate limit's answer as OpenAI writes it for another request: the same text, with that request's numbers. */
function rateLimitAnswer(request: number): RealCase {
  const response = RATE_LIMIT.response;
  if (response === undefined) throw new Error('the case has no response');
  const body = response.body
    .replace(/Used \d+, Requested \d+/, `Used ${9_000 + request * 7}, Requested ${1_000 + request * 31}`)
    .replace(/try again in [\d.]+s/, `try again in ${(1 + request * 0.417).toFixed(3)}s`);
  return { ...RATE_LIMIT, response: { ...response, body } };
}

const messages = (events: readonly Sentry.Event[]): Set<string | undefined> => new Set(events.map((event) => event.exception?.values?.at(-1)?.value));
const fingerprints = (events: readonly Sentry.Event[]): string[] => events.map((event) => JSON.stringify(event.fingerprint));

describe('split: one failure mode with messages that differ', () => {
  it('50 rate limits from OpenAI, with 50 messages, have one fingerprint', async () => {
    const thrown: unknown[] = [];
    for (let request = 0; request < 50; request++) thrown.push(await server.thrownBy(rateLimitAnswer(request)));
    const events = await captureAll(await startSentry([faultlineIntegration()]), thrown);
    expect(events).toHaveLength(50);
    expect(messages(events).size).toBe(50);
    expect(new Set(fingerprints(events))).toEqual(new Set(['["MODEL_RATE_LIMITED"]']));
    expect(new Set(events.map((event) => event.tags?.['faultline.rate_limit']))).toEqual(new Set(['tokens']));
  });

  it('without the integration, the same 50 carry 50 messages and no fingerprint: Sentry groups them by what differs', async () => {
    const thrown: unknown[] = [];
    for (let request = 0; request < 50; request++) thrown.push(await server.thrownBy(rateLimitAnswer(request)));
    const events = await captureAll(await startSentry([]), thrown);
    expect(messages(events).size).toBe(50);
    expect(new Set(events.map((event) => event.fingerprint))).toEqual(new Set([undefined]));
  });
});

describe('merged: failures caught at one catch site', () => {
  const ANSWERS = ['openai-429-tpm-rate-limit-used-requested', 'openai-401-incorrect-api-key', 'openai-400-context-length-messages-functions'].map(corpusCase);

  it('a rate limit, a bad key and a context overflow have three fingerprints', async () => {
    const thrown: unknown[] = [];
    for (const answer of ANSWERS) thrown.push(await server.thrownBy(answer));
    const events = await captureAll(await startSentry([faultlineIntegration()]), thrown);
    expect(fingerprints(events)).toEqual(['["MODEL_RATE_LIMITED"]', '["AUTH_UNAUTHENTICATED"]', '["MODEL_CONTEXT_LENGTH_EXCEEDED"]']);
  });

  it('without the integration, the three have one type and the same in-app frames: what Sentry groups one issue by', async () => {
    const thrown: unknown[] = [];
    for (const answer of ANSWERS) thrown.push(await server.thrownBy(answer));
    const events = await captureAll(await startSentry([]), thrown);
    // Where a stack trace has frames of the application's own, Sentry's grouping reads those alone.
    const frames = events.map((event) => JSON.stringify(event.exception?.values?.at(-1)?.stacktrace?.frames?.filter((frame) => frame.in_app === true).map((frame) => [frame.filename, frame.function, frame.lineno])));
    expect(new Set(events.map((event) => event.exception?.values?.at(-1)?.type))).toEqual(new Set(['Error']));
    expect(new Set(frames).size).toBe(1);
    expect(new Set(events.map((event) => event.fingerprint))).toEqual(new Set([undefined]));
  });
});

describe('the same failure, thrown by another SDK or as faultline’s class', () => {
  it('the AI SDK’s AI_APICallError, the OpenAI SDK’s RateLimitError and faultline’s ModelRateLimitError have one fingerprint', async () => {
    const apiCallError = await server.thrownBy({ ...RATE_LIMIT, sdk: 'ai' });
    const sdkError = await server.thrownBy(RATE_LIMIT);
    expect([(apiCallError as Error).name, (sdkError as Error).constructor.name]).toEqual(['AI_APICallError', 'RateLimitError']);
    const events = await captureAll(await startSentry([faultlineIntegration()]), [apiCallError, sdkError, normalizeError(await server.thrownBy({ ...RATE_LIMIT, sdk: 'ai' })), ModelError.from(await server.thrownBy(RATE_LIMIT))]);
    expect(events.map((event) => event.exception?.values?.at(-1)?.type)).toEqual(['AI_APICallError', 'Error', 'ModelRateLimitError', 'ModelRateLimitError']);
    expect(fingerprints(events)).toEqual(Array(4).fill('["MODEL_RATE_LIMITED"]'));
  });

  it('a provider named on the error (ModelError.from with the call’s context) groups that provider’s failures apart', async () => {
    const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test' }).chat('gpt-4o');
    const fingerprinted: string[] = [];
    // The server answers with the case it was last given: the rate limit. One Sentry each, as Sentry's
    // dedupe drops an error that repeats the one before it, which it reads before any grouping.
    for (const provider of ['openai', 'azure-openai']) {
      const thrown = await generateText({ model, prompt: 'hi', maxRetries: 0 }).then(() => undefined, (error: unknown) => ModelError.from(error, { provider, model: 'gpt-4o-2024-08-06' }));
      fingerprinted.push(...fingerprints(await captureAll(await startSentry([faultlineIntegration()]), [thrown])));
    }
    expect(fingerprinted).toEqual(['["MODEL_RATE_LIMITED","openai"]', '["MODEL_RATE_LIMITED","azure-openai"]']);
  });
});
