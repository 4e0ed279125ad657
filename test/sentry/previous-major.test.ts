/**
 * faultline/sentry on Sentry's previous major (issue #39: "and the previous one, where the interface is the
 * same"): @sentry/core 10 (installed as `sentry-core-10`), its ServerRuntimeClient (the client of the server
 * runtimes outside Node: Cloudflare, Vercel's edge, Deno) with Sentry's shared integrations, a transport that
 * records envelopes. The same integration object, typed against 10's `Integration`, groups, tags, carries
 * the whole cause chain and sends no key.
 */
import {
  captureException, close, createStackParser, createTransport, dedupeIntegration, eventFiltersIntegration, extraErrorDataIntegration,
  flush, initAndBind, linkedErrorsIntegration, nodeStackLineParser, parseEnvelope, SDK_VERSION, ServerRuntimeClient, type Event, type Integration,
} from 'sentry-core-10';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ModelRateLimitError } from '../../src/index.js';
import { faultlineIntegration } from '../../src/sentry/index.js';
import { envelopeText } from './recording-sentry.js';

// Made here, so that no source line holds it (see secrets.test.ts).
const KEY = `sk-proj-${'Wm7'.repeat(16)}`;

afterEach(async () => {
  await close();
});

function startSentry10(integrations: readonly Integration[]): string[] {
  const texts: string[] = [];
  initAndBind(ServerRuntimeClient, {
    dsn: 'https://public@o0.ingest.sentry.io/0',
    transport: (options) => createTransport(options, (request) => {
      texts.push(envelopeText(request.body));
      return Promise.resolve({ statusCode: 200 });
    }),
    stackParser: createStackParser(nodeStackLineParser()),
    integrations: [linkedErrorsIntegration(), dedupeIntegration(), eventFiltersIntegration(), ...integrations],
    sendClientReports: false,
  });
  return texts;
}

const eventsOf = (texts: readonly string[]): Event[] =>
  texts.flatMap((text) => parseEnvelope(text)[1].filter(([header]) => header.type === 'event').map(([, item]) => item as Event));

describe('@sentry/core 10', () => {
  it('is the previous major', () => {
    expect(SDK_VERSION.split('.')[0]).toBe('10');
    expectTypeOf(faultlineIntegration()).toExtend<Integration>();
  });

  it('with extraErrorDataIntegration listed after: one fingerprint, the tags, the whole cause chain, no key', async () => {
    const texts = startSentry10([faultlineIntegration(), extraErrorDataIntegration()]);
    captureException(new ModelRateLimitError('Rate limit reached', {
      provider: 'openai', details: { apiKey: KEY }, cause: new Error('gateway', { cause: new Error(`refused ${KEY}`) }),
    }));
    await flush(10_000);
    const [event] = eventsOf(texts);
    expect(event?.fingerprint).toEqual(['MODEL_RATE_LIMITED', 'openai']);
    expect(event?.tags).toEqual({ 'faultline.code': 'MODEL_RATE_LIMITED', 'faultline.category': 'MODEL', 'faultline.retryable': 'true', 'faultline.provider': 'openai' });
    expect(event?.contexts?.faultline).toMatchObject({ details: { apiKey: '[REDACTED]' }, cause: { message: 'gateway', cause: { message: 'refused [REDACTED]' } } });
    expect(event?.contexts?.ModelRateLimitError).toBeUndefined();
    expect(texts.some((text) => text.includes(KEY))).toBe(false);
  });
});
