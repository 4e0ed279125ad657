// @vitest-environment happy-dom
/**
 * faultline/sentry in the browser SDK (issue #39): `Sentry.init` of the real @sentry/browser, with its
 * default integrations (global handlers, breadcrumbs, linked errors, dedupe), in happy-dom's window. An
 * error thrown uncaught (what the browser hands `window.onerror`), a rejection nobody handled and a
 * `captureException` each reach the envelope grouped by code, redacted, a control signal not sent.
 */
import * as Sentry from '@sentry/browser';
import { createTransport } from '@sentry/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, ModelContextLengthError, ModelRateLimitError } from '../../src/index.js';
import { faultlineIntegration } from '../../src/sentry/index.js';
import { envelopeText, eventsOf } from './recording-sentry.js';

// Made here, so that no source line holds it (see secrets.test.ts).
const KEY = `sk-proj-${'Zq3'.repeat(16)}`;

function startBrowserSentry(): string[] {
  const texts: string[] = [];
  Sentry.init({
    dsn: 'https://public@o0.ingest.sentry.io/0',
    transport: (options) => createTransport(options, (request) => {
      texts.push(envelopeText(request.body));
      return Promise.resolve({ statusCode: 200 });
    }),
    integrations: [faultlineIntegration()],
    sendClientReports: false,
  });
  return texts;
}

afterEach(async () => {
  await Sentry.close();
});

// What the browser does with an error nobody caught, and a rejection nobody handled: it calls the
// handlers Sentry's globalHandlersIntegration installed on the window.
type OnError = (message: string, source: string, line: number, column: number, error: unknown) => void;
function thrownUncaught(error: Error): void {
  (globalThis.onerror as unknown as OnError)(error.message, 'https://app.example/chat.js', 1, 1, error);
}
function rejectedUnhandled(reason: unknown): void {
  (globalThis.onunhandledrejection as unknown as (event: { reason: unknown }) => void)({ reason });
}

describe('@sentry/browser', () => {
  it('runs with its browser integrations in a window', () => {
    startBrowserSentry();
    expect(typeof window.document).toBe('object');
    expect(Sentry.getClient()?.getIntegrationByName('GlobalHandlers')?.name).toBe('GlobalHandlers');
    expect(Sentry.getClient()?.getIntegrationByName('Faultline')?.name).toBe('Faultline');
  });

  it('groups an uncaught error, an unhandled rejection and a captured error by their codes', async () => {
    const texts = startBrowserSentry();
    thrownUncaught(new ModelRateLimitError('Rate limit reached', { provider: 'openai', rateLimit: { dimension: 'requests' } }));
    rejectedUnhandled(new AuthenticationError('The key was refused', { provider: 'openai' }));
    Sentry.captureException(new ModelContextLengthError('Too long', { provider: 'anthropic', requestedTokens: 203_284, maxContextTokens: 200_000 }));
    await Sentry.flush(10_000);
    const events = eventsOf(texts);
    expect(events.map((event) => [event.exception?.values?.at(-1)?.mechanism?.type, event.fingerprint, event.tags?.['faultline.provider']])).toEqual([
      ['auto.browser.global_handlers.onerror', ['MODEL_RATE_LIMITED', 'openai'], 'openai'],
      ['auto.browser.global_handlers.onunhandledrejection', ['AUTH_UNAUTHENTICATED', 'openai'], 'openai'],
      ['generic', ['MODEL_CONTEXT_LENGTH_EXCEEDED', 'anthropic'], 'anthropic'],
    ]);
    expect(events[2]?.contexts?.faultline).toMatchObject({ requestedTokens: 203_284, maxContextTokens: 200_000 });
  });

  it('sends no key from a message or a cause, and no LangGraph interrupt', async () => {
    const texts = startBrowserSentry();
    const interrupt = Object.assign(new Error('Interrupt'), { name: 'GraphInterrupt' });
    thrownUncaught(interrupt);
    Sentry.captureException(new ModelRateLimitError('limited', { provider: 'openai', cause: new Error(`gateway refused ${KEY}`) }));
    await Sentry.flush(10_000);
    expect(eventsOf(texts).map((event) => event.fingerprint)).toEqual([['MODEL_RATE_LIMITED', 'openai']]);
    expect(texts.some((text) => text.includes(KEY))).toBe(false);
  });
});
