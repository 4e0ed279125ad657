import type * as SentryBrowser from '@sentry/browser';
import type { Client, Event, EventHint, Integration } from '@sentry/core';
import type * as SentryNode from '@sentry/node';
import { describe, expectTypeOf, it } from 'vitest';
import { faultlineIntegration, type FaultlineIntegration, type FaultlineIntegrationOptions, type SentryFingerprintKey } from '../../src/sentry/index.js';

declare const event: Event;
declare const hint: EventHint;

describe('faultlineIntegration', () => {
  it('is an Integration of @sentry/core, with Sentry’s own types and no import of Sentry’s', () => {
    expectTypeOf(faultlineIntegration()).toExtend<Integration>();
    expectTypeOf(faultlineIntegration().processEvent(event, hint)).toEqualTypeOf<Event | null>();
    expectTypeOf<EventHint>().toExtend<Parameters<FaultlineIntegration['processEvent']>[1]>();
    expectTypeOf<Client>().toExtend<Parameters<FaultlineIntegration['setup']>[0]>();
  });

  it('goes into the integrations of Sentry.init, for Node and for the browser', () => {
    expectTypeOf([faultlineIntegration()]).toExtend<NonNullable<SentryNode.NodeOptions['integrations']>>();
    expectTypeOf([faultlineIntegration()]).toExtend<NonNullable<SentryBrowser.BrowserOptions['integrations']>>();
  });

  it('takes the fingerprint’s keys from a closed list, and the levels a retried error may be sent at', () => {
    expectTypeOf<SentryFingerprintKey>().toEqualTypeOf<'code' | 'category' | 'provider' | 'model' | 'tool' | 'rate_limit'>();
    expectTypeOf<NonNullable<FaultlineIntegrationOptions['retried']>>().toEqualTypeOf<'drop' | 'warning' | 'info'>();
    // @ts-expect-error: a request id is never a key of the fingerprint
    faultlineIntegration({ fingerprint: ['request_id'] });
  });
});
