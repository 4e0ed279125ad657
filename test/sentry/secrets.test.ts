/**
 * Nothing secret reaches Sentry (issue #39): an API key in an error's message, in a cause's message, in
 * `details` and in an SDK error's response headers reaches no envelope the real @sentry/node sends, with
 * its default integrations and with extraErrorDataIntegration listed before or after faultline's. Each test
 * searches the whole text of every envelope, and shows first that without faultlineIntegration the key
 * does reach it (where it does): the search can fail.
 */
import * as Sentry from '@sentry/node';
import { extraErrorDataIntegration, type Integration } from '@sentry/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelApiError, normalizeError, setMessageRedaction, ToolExecutionError } from '../../src/index.js';
import { faultlineIntegration } from '../../src/sentry/index.js';
import { realCases, type RealCase } from '../recognition/real-world/cases.js';
import { CaseServer } from '../recognition/real-world/throw-through-sdk.js';
import { captureAll, startSentry } from './recording-sentry.js';

// A key of OpenAI's shape, made here so that no line of this file holds it: Sentry sends the source lines
// around each frame of a stack trace, and a key written in the test would reach the envelope that way.
const KEY = `sk-proj-${Array.from({ length: 48 }, (_, index) => 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'[(index * 17 + 5) % 55]).join('')}`;
// Its last characters alone: a redaction that kept part of the key would leave these.
const KEY_TAIL = KEY.slice(-12);

const holdsKey = (texts: readonly string[]): boolean => texts.some((text) => text.includes(KEY) || text.includes(KEY_TAIL));

afterEach(async () => {
  setMessageRedaction(true);
  await Sentry.close();
});

// OpenAI's answer to a bad key, as the corpus holds it ("Incorrect API key provided: sk-VKMIs***…wjh3."),
// with the key whole, as a proxy that does not mask it would send it back.
function badKeyAnswer(): RealCase {
  const entry = realCases().find((candidate) => candidate.name === 'openai-401-incorrect-api-key');
  if (entry?.response === undefined) throw new Error('no case openai-401-incorrect-api-key in the corpus');
  return { ...entry, response: { ...entry.response, body: entry.response.body.replace(/sk-[A-Za-z0-9*]+/, KEY) } };
}

// OpenAI's rate limit, through the AI SDK, its answer carrying the key in a header (a gateway that echoes
// the request's key): the AI SDK keeps every response header on its APICallError, as `responseHeaders`.
function echoedKeyAnswer(): RealCase {
  const entry = realCases().find((candidate) => candidate.name === 'openai-429-tpm-rate-limit-used-requested');
  if (entry?.response === undefined) throw new Error('no case openai-429-tpm-rate-limit-used-requested in the corpus');
  return { ...entry, sdk: 'ai', response: { ...entry.response, headers: { 'x-upstream-api-key': KEY } } };
}

const server = new CaseServer();

/** Each source of a secret: the value to capture, made anew for each capture (Sentry sends an error object once). */
const SOURCES: readonly (readonly [string, () => Promise<unknown>])[] = [
  ['a message: the OpenAI SDK’s AuthenticationError for a key the server echoes', () => server.thrownBy(badKeyAnswer())],
  ['a cause’s message', () => Promise.resolve(new ModelApiError('The provider refused the call', { provider: 'openai', cause: new Error(`upstream answered: invalid key ${KEY}`) }))],
  ['details', () => Promise.resolve(new ToolExecutionError('The search failed', {
    toolName: 'search', details: { apiKey: KEY, request: { headers: { authorization: `Bearer ${KEY}` } }, note: `tried ${KEY}` },
  }))],
  ['an SDK error’s response headers: the AI SDK’s APICallError', () => server.thrownBy(echoedKeyAnswer())],
  ['a message faultline was told not to redact when the error was built (setMessageRedaction(false))', () => {
    setMessageRedaction(false);
    const error = new ModelApiError(`The gateway refused ${KEY}`, { provider: 'openai' });
    setMessageRedaction(true);
    return Promise.resolve(error);
  }],
  ['a thrown plain object faultline reads as an error (Sentry keeps it raw as extra.__serialized__)', () => Promise.resolve({
    name: 'APIError', status: 401, message: `Incorrect API key provided: ${KEY}`, error: { type: 'invalid_request_error', code: 'invalid_api_key' },
  })],
];

const SETUPS: readonly (readonly [string, () => Integration[]])[] = [
  ['Sentry’s default integrations', () => [faultlineIntegration()]],
  ['extraErrorDataIntegration listed before', () => [extraErrorDataIntegration(), faultlineIntegration()]],
  ['extraErrorDataIntegration listed after', () => [faultlineIntegration(), extraErrorDataIntegration()]],
];

describe.each(SOURCES.map(([source, make]) => [source, make] as const))('an API key in %s', (_source, make) => {
  it.each(SETUPS.map(([setup, integrations]) => [setup, integrations] as const))('reaches no envelope, with %s', async (_setup, integrations) => {
    await server.start();
    try {
      const sentry = await startSentry(integrations());
      const [event] = await captureAll(sentry, [await make()]);
      expect(event?.tags?.['faultline.code']).toBeDefined();
      expect(sentry.texts.length).toBeGreaterThan(0);
      expect(holdsKey(sentry.texts)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('without faultlineIntegration, the same keys reach the envelope', () => {
  it.each([
    ['a message', 0, []],
    ['a cause’s message', 1, []],
    ['a message not redacted when the error was built', 4, []],
    ['an SDK error’s response headers, through extraErrorDataIntegration', 3, [extraErrorDataIntegration()]],
    ['a thrown plain object', 5, []],
  ] as const)('%s', async (_source, index, integrations) => {
    await server.start();
    try {
      const sentry = await startSentry([...integrations]);
      await captureAll(sentry, [await SOURCES[index]?.[1]()]);
      expect(holdsKey(sentry.texts)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('but not details: a faultline error’s toJSON, which extraErrorDataIntegration writes over its own fields, is redacted', async () => {
    const sentry = await startSentry([extraErrorDataIntegration()]);
    await captureAll(sentry, [await SOURCES[2]?.[1]()]);
    expect(holdsKey(sentry.texts)).toBe(false);
  });
});

describe('an error faultline does not recognize', () => {
  const unrecognized = (): readonly unknown[] => [new TypeError(`connect failed with ${KEY}`), `connect failed with ${KEY}`];

  it('reaches Sentry with its message redacted, grouped and tagged by Sentry alone', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    const events = await captureAll(sentry, unrecognized());
    expect(events.map((event) => event.exception?.values?.map((value) => value.value))).toEqual([
      ['connect failed with [REDACTED]'],
      ['connect failed with [REDACTED]'],
    ]);
    expect(events.map((event) => [event.fingerprint, event.tags?.['faultline.code'], event.contexts?.faultline])).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(holdsKey(sentry.texts)).toBe(false);
  });

  it('reaches it whole without faultlineIntegration', async () => {
    const sentry = await startSentry([]);
    await captureAll(sentry, unrecognized());
    expect(holdsKey(sentry.texts)).toBe(true);
  });
});

describe('the redact option', () => {
  // Made here, as KEY is, so that no source line Sentry sends beside a frame holds them.
  const customer = (id: number): string => ['cust', id].join('-');
  const account = String(4_000_123_412_341_234);

  it('adds a team’s own patterns and key names, to the messages and the context', async () => {
    const sentry = await startSentry([faultlineIntegration({ redact: { patterns: [/\bcust-\d{6}\b/g], keys: ['accountNumber'] } })]);
    const error = normalizeError(Object.assign(new Error(`Refused for ${customer(123_456)}`), { status: 429, accountNumber: account }));
    const [event] = await captureAll(sentry, [new ToolExecutionError(`failed for ${customer(654_321)}`, { toolName: 'billing', details: { accountNumber: account }, cause: error })]);
    expect(event?.exception?.values?.map((value) => value.value)).toEqual(['Refused for [REDACTED]', 'Refused for [REDACTED]', 'failed for [REDACTED]']);
    expect(event?.contexts?.faultline).toMatchObject({ details: { accountNumber: '[REDACTED]' } });
    expect(sentry.texts.some((text) => text.includes(customer(123_456)) || text.includes(customer(654_321)) || text.includes(account))).toBe(false);
  });
});
