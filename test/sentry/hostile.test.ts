/**
 * faultline/sentry given bad input (issue #39): an event with no exception, a hint whose
 * `originalException` is a throwing getter, a revoked Proxy or any of the core's hostile values, errors
 * whose fields throw, and a huge `details`. The event is sent unchanged or enriched; the integration never
 * throws, and never blocks (its processEvent answers at once, never with a promise).
 */
import * as Sentry from '@sentry/node';
import type { Event } from '@sentry/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelRateLimitError, ToolExecutionError } from '../../src/index.js';
import { faultlineIntegration, type SentryClient } from '../../src/sentry/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { revokedProxy, throwingProxy, withThrowingGetters } from '../hardening/hostile.js';
import { captureAll, startSentry } from './recording-sentry.js';

afterEach(async () => {
  await Sentry.close();
});

const EVENT: Event = { exception: { values: [{ type: 'Error', value: 'boom' }] }, tags: { route: '/chat' } };

/** processEvent's answer, which must be there at once: a promise would be an event Sentry waits for. */
function processed(event: Event, hint: object): Event | null {
  const answer = faultlineIntegration().processEvent(event, hint);
  expect(typeof (answer as { then?: unknown } | null)?.then).not.toBe('function');
  return answer;
}

describe('processEvent on a hostile hint', () => {
  it('an event with no exception and no original exception comes back as it is', () => {
    const event: Event = { message: 'deploy finished', level: 'info' };
    expect(processed(event, {})).toBe(event);
  });

  it('a hint whose originalException getter throws: the event comes back as it is', () => {
    const hint = Object.defineProperty({}, 'originalException', { get: () => { throw new Error('getter'); } });
    expect(processed(EVENT, hint)).toBe(EVENT);
  });

  it('a hint that is itself a revoked Proxy, or a Proxy whose every trap throws: the event comes back as it is', () => {
    expect(processed(EVENT, revokedProxy())).toBe(EVENT);
    expect(processed(EVENT, throwingProxy())).toBe(EVENT);
  });

  it.each(HOSTILE_KINDS)('an originalException that is the core’s hostile value %s: the event comes back as it is', (kind) => {
    expect(processed(EVENT, { originalException: hostileValue(kind) })).toBe(EVENT);
  });

  it('a faultline error whose every field getter throws: enriched from what reads, or as it is, never a throw', () => {
    const error = withThrowingGetters(new ModelRateLimitError('limited', { provider: 'openai' }), 'provider', 'details', 'cause', 'retryable', 'status', 'message', 'name');
    const answer = processed(EVENT, { originalException: error });
    expect(answer?.tags).toMatchObject({ route: '/chat', 'faultline.code': 'MODEL_RATE_LIMITED' });
  });

  it('an event whose fields are hostile: the event comes back as it is', () => {
    const event = withThrowingGetters<Event>({ ...EVENT }, 'exception', 'tags', 'contexts', 'fingerprint', 'extra');
    expect(processed(event, { originalException: new ModelRateLimitError() })).toBe(event);
  });
});

describe('the pass after normalization, given what it cannot write to', () => {
  it('an event whose contexts are frozen, or whose contexts getter throws: no throw, the event as it is', () => {
    const callbacks: ((event: { contexts?: Record<string, unknown> }, hint?: object) => void)[] = [];
    const client: SentryClient = { on: (_hook, callback) => callbacks.push(callback), getIntegrationByName: () => ({}) };
    const integration = faultlineIntegration();
    integration.setup(client);
    const hint = { originalException: new ModelRateLimitError('limited', { cause: new Error('a', { cause: new Error('b') }) }) };
    const enriched = integration.processEvent({ ...EVENT }, hint);
    expect(enriched?.contexts?.faultline).toBeDefined();
    const frozen = Object.freeze({ contexts: Object.freeze({ faultline: '[Object]', Error: {} }) });
    const throwing = withThrowingGetters({}, 'contexts');
    for (const callback of callbacks) {
      expect(() => { callback(frozen, hint); }).not.toThrow();
      expect(() => { callback(throwing, hint); }).not.toThrow();
      expect(() => { callback({ contexts: {} }, undefined); }).not.toThrow();
    }
    expect(frozen.contexts).toEqual({ faultline: '[Object]', Error: {} });
  });

  it('a client without the hook (an SDK older than the interface): setup does nothing and the integration still enriches', () => {
    const integration = faultlineIntegration();
    expect(() => { integration.setup({}); }).not.toThrow();
    expect(integration.processEvent({ ...EVENT }, { originalException: new ModelRateLimitError() })?.tags?.['faultline.code']).toBe('MODEL_RATE_LIMITED');
  });
});

describe('through the real @sentry/node', () => {
  it('an event with no exception is sent as it is', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    Sentry.captureEvent({ message: 'deploy finished', level: 'info', tags: { stage: 'prod' } });
    await Sentry.flush(10_000);
    const [event] = sentry.events();
    expect([event?.message, event?.level, event?.tags, event?.fingerprint, event?.contexts?.faultline]).toEqual(['deploy finished', 'info', { stage: 'prod' }, undefined, undefined]);
  });

  it('an error whose getters throw is sent, enriched as far as it reads', async () => {
    // Not `cause`: Sentry's own linkedErrorsIntegration reads it, and sends nothing when it throws, with or without faultline.
    const error = withThrowingGetters(new ToolExecutionError('The search failed', { toolName: 'search' }), 'details', 'toolName', 'retryable');
    const [event] = await captureAll(await startSentry([faultlineIntegration()]), [error]);
    expect(event?.tags).toMatchObject({ 'faultline.code': 'TOOL_EXECUTION_ERROR', 'faultline.category': 'TOOL' });
    expect(event?.exception?.values?.at(-1)?.value).toBe('The search failed');
  });

  it('a huge details: the event is sent, its context cut to the integration’s limits, the envelope far below Sentry’s 1 MB', async () => {
    const causes = Array.from({ length: 1_000 }).reduce<Error>((cause, _, index) => new Error(`layer ${index}`, { cause }), new Error('root'));
    const huge = new ModelRateLimitError('limited', {
      provider: 'openai',
      details: { blob: 'x'.repeat(20_000_000), rows: Array.from({ length: 200_000 }, (_, index) => ({ index, text: 'row' })) },
      cause: new AggregateError(Array.from({ length: 10_000 }, (_, index) => new Error(`part ${index}`)), 'many', { cause: causes }),
    });
    const sentry = await startSentry([faultlineIntegration()]);
    const [event] = await captureAll(sentry, [huge]);
    const context = event?.contexts?.faultline as { truncated?: unknown; details?: unknown } | undefined;
    expect(event?.fingerprint).toEqual(['MODEL_RATE_LIMITED', 'openai']);
    expect(context?.truncated).toEqual({ details: true });
    expect(JSON.stringify(context).length).toBeLessThan(50_000);
    expect(sentry.texts.reduce((size, text) => size + text.length, 0)).toBeLessThan(200_000);
  });
});
