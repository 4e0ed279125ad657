/**
 * faultline/sentry through the real @sentry/node (issue #39): what reaches the envelopes for a faultline
 * error (fingerprint, tags, the `faultline` context with its cause chain), a fingerprint of the user's,
 * the options, what is not sent (a LangGraph interrupt, an abort, a retried error the team drops), and
 * an error faultline does not recognize, which keeps Sentry's own grouping, message and level.
 */
import { GraphInterrupt } from '@langchain/langgraph';
import * as Sentry from '@sentry/node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentAbortedError, ModelContextLengthError, ModelRateLimitError, normalizeError, ToolExecutionError, TransientError,
} from '../../src/index.js';
import { retry } from '../../src/retry/index.js';
import { faultlineIntegration, type FaultlineIntegrationOptions } from '../../src/sentry/index.js';
import { captureAll, startSentry } from './recording-sentry.js';

afterEach(async () => {
  await Sentry.close();
});

function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The events Sentry sends for `values`, each caught and captured at one catch site. */
async function sent(values: readonly unknown[], options?: FaultlineIntegrationOptions): Promise<Sentry.Event[]> {
  return captureAll(await startSentry([faultlineIntegration(options)]), values);
}

const rateLimit = (): ModelRateLimitError =>
  new ModelRateLimitError('Rate limit reached', {
    provider: 'openai', model: 'gpt-4o-2024-08-06', status: 429, retryAfterMs: 1500,
    rateLimit: { dimension: 'tokens', limit: 30_000, remaining: 0 }, usage: { inputTokens: 1035 }, cause: new Error('upstream', { cause: new Error('socket') }),
  });

describe('an event of a faultline error', () => {
  it('is grouped by its code and provider, tagged with its fields, and carries its contract as the faultline context', async () => {
    const [event] = await sent([rateLimit()]);
    expect(event?.fingerprint).toEqual(['MODEL_RATE_LIMITED', 'openai']);
    expect(event?.tags).toMatchObject({
      'faultline.code': 'MODEL_RATE_LIMITED', 'faultline.category': 'MODEL', 'faultline.retryable': 'true', 'faultline.provider': 'openai',
      'faultline.model': 'gpt-4o-2024-08-06', 'faultline.status': '429', 'faultline.rate_limit': 'tokens',
    });
    expect(event?.tags?.['faultline.tool']).toBeUndefined();
    expect(event?.level).toBe('error');
    expect(event?.exception?.values?.at(-1)).toMatchObject({ type: 'ModelRateLimitError', value: 'Rate limit reached' });
  });

  it('carries the whole cause chain and the numbers, past Sentry’s normalizeDepth of 3', async () => {
    const [event] = await sent([rateLimit()]);
    expect(event?.contexts?.faultline).toEqual({
      name: 'ModelRateLimitError', code: 'MODEL_RATE_LIMITED', category: 'MODEL', message: 'Rate limit reached', retryable: true, retryAfterMs: 1500, status: 429,
      model: 'gpt-4o-2024-08-06', provider: 'openai', usage: { inputTokens: 1035 }, rateLimit: { dimension: 'tokens', limit: 30_000, remaining: 0 },
      cause: { name: 'Error', message: 'upstream', cause: { name: 'Error', message: 'socket' } },
    });
  });

  it('of a tool is grouped by its code and tool name', async () => {
    const [event] = await sent([new ToolExecutionError('The search index is down', { toolName: 'search' })]);
    expect(event?.fingerprint).toEqual(['TOOL_EXECUTION_ERROR', 'search']);
    expect(event?.tags).toMatchObject({ 'faultline.tool': 'search', 'faultline.category': 'TOOL', 'faultline.retryable': 'false' });
  });

  it('keeps the fingerprint the user set on the scope, and the tags the user set', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    Sentry.withScope((scope) => {
      scope.setFingerprint(['checkout', '{{ default }}']);
      scope.setTag('faultline.provider', 'azure');
      scope.setTag('capture', 'on-scope');
      Sentry.captureException(rateLimit());
    });
    Sentry.captureException(rateLimit(), { fingerprint: ['by-hand'], tags: { capture: 'in-capture' } });
    await Sentry.flush(10_000);
    // The transport may deliver the two events in either order: each is found by the tag it was captured with.
    const captured = (name: string) => sentry.events().find((event) => event.tags?.capture === name);
    const [onScope, inCapture] = [captured('on-scope'), captured('in-capture')];
    expect(onScope?.fingerprint).toEqual(['checkout', '{{ default }}']);
    expect(onScope?.tags).toMatchObject({ 'faultline.provider': 'azure', 'faultline.code': 'MODEL_RATE_LIMITED' });
    expect(inCapture?.fingerprint).toEqual(['by-hand']);
  });
});

describe('the pass after Sentry’s normalization', () => {
  it('removes no context of the user’s: one named like the error stays where extraErrorDataIntegration is not installed', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    Sentry.withScope((scope) => {
      scope.setContext('ModelRateLimitError', { runbook: 'https://wiki.example/rate-limits' });
      Sentry.captureException(rateLimit());
    });
    await Sentry.flush(10_000);
    expect(sentry.events()[0]?.contexts?.ModelRateLimitError).toEqual({ runbook: 'https://wiki.example/rate-limits' });
  });

  it('puts back no context a processor of the user’s took out', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    Sentry.withScope((scope) => {
      scope.addEventProcessor((event) => ({ ...event, contexts: { ...event.contexts, faultline: undefined } }));
      Sentry.captureException(rateLimit());
    });
    await Sentry.flush(10_000);
    const [event] = sentry.events();
    expect([event?.contexts?.faultline, event?.tags?.['faultline.code']]).toEqual([undefined, 'MODEL_RATE_LIMITED']);
  });
});

describe('the fingerprint option', () => {
  it('groups by the keys a team chooses, in their order, the model without its version date', async () => {
    const [event] = await sent([rateLimit()], { fingerprint: ['category', 'model', 'rate_limit'] });
    expect(event?.fingerprint).toEqual(['MODEL', 'gpt-4o', 'tokens']);
  });

  it('leaves out a key the error does not have', async () => {
    const [event] = await sent([new TransientError('ECONNRESET')], { fingerprint: ['code', 'provider', 'model'] });
    expect(event?.fingerprint).toEqual(['TRANSIENT']);
  });

  it('set to [] keeps Sentry’s own grouping, and still tags', async () => {
    const [event] = await sent([rateLimit()], { fingerprint: [] });
    expect(event?.fingerprint).toBeUndefined();
    expect(event?.tags?.['faultline.code']).toBe('MODEL_RATE_LIMITED');
  });
});

describe('what is not a failure', () => {
  it('a LangGraph interrupt is not sent; the failure captured after it is', async () => {
    const events = await sent([new GraphInterrupt([{ value: 'approve?' }]), rateLimit()]);
    expect(events.map((event) => event.tags?.['faultline.code'])).toEqual(['MODEL_RATE_LIMITED']);
  });

  it('an abort is not sent: an AbortError, and faultline’s AgentAbortedError', async () => {
    const events = await sent([new DOMException('This operation was aborted', 'AbortError'), new AgentAbortedError(), rateLimit()]);
    expect(events.map((event) => event.tags?.['faultline.code'])).toEqual(['MODEL_RATE_LIMITED']);
  });
});

describe('an error retry gave up on', () => {
  // What faultline's retry throws when it gives up: the last error, with the attempts it made in its details.
  async function gaveUp(error: ModelRateLimitError | ModelContextLengthError, maxAttempts: number): Promise<unknown> {
    return retry(() => Promise.reject(error), { maxAttempts, baseDelayMs: 0 }).catch((thrown: unknown) => thrown);
  }

  it('retried and retryable: sent as an error by default, at the level the team chose, or not at all', async () => {
    const thrown = await gaveUp(new ModelRateLimitError({ provider: 'openai' }), 3);
    expect((thrown as ModelRateLimitError).details).toEqual({ attempts: 3 });
    const levels: unknown[] = [];
    // A new error each time: Sentry sends one error object once.
    for (const retried of [undefined, 'warning', 'info', 'drop'] as const) {
      const events = await sent([await gaveUp(new ModelRateLimitError({ provider: 'openai' }), 3)], { retried });
      levels.push(events.map((event) => event.level));
    }
    expect(levels).toEqual([['error'], ['warning'], ['info'], []]);
  });

  it('not retried (one attempt, or not retryable): sent as an error whatever the option', async () => {
    const once = await gaveUp(new ModelRateLimitError({ provider: 'openai', retryAfterMs: 90_000 }), 3);
    expect((once as ModelRateLimitError).details).toEqual({ attempts: 1 });
    const final = await gaveUp(new ModelContextLengthError({ provider: 'openai' }), 3);
    expect((final as ModelContextLengthError).details).toEqual({ attempts: 1 });
    const notRetryable = new ModelContextLengthError({ provider: 'openai', details: { attempts: 4 } });
    expect((await sent([once, final, notRetryable], { retried: 'drop' })).map((event) => event.level)).toEqual(['error', 'error', 'error']);
  });
});

describe('an error faultline does not recognize', () => {
  const bugs = (): unknown[] => [new TypeError("Cannot read properties of undefined (reading 'choices')"), { reason: 'a plain object' }];

  it('keeps Sentry’s own grouping, type, message and level: the event is the one Sentry sends without the integration', async () => {
    const runs: Sentry.Event[][] = [];
        for (const integrations of [[faultlineIntegration()], []]) runs.push(await captureAll(await startSentry(integrations), bugs()));
    // What Sentry groups, titles and levels an event by, and what the integration would add; not the machine's free memory.
    const comparable = (event: Sentry.Event): unknown => ({
      fingerprint: event.fingerprint, level: event.level, tags: event.tags, extra: event.extra, contexts: Object.keys(event.contexts ?? {}),
      exception: event.exception?.values?.map(({ type, value, mechanism }) => ({ type, value, mechanism })),
    });
    const [withIntegration = [], without = []] = runs;
    expect(withIntegration.map(comparable)).toEqual(without.map(comparable));
    expect(withIntegration.map((event) => [event.fingerprint, event.level, event.tags?.['faultline.code'], event.exception?.values?.[0]?.type])).toEqual([
      [undefined, 'error', undefined, 'TypeError'], [undefined, 'error', undefined, 'Error'],
    ]);
  });

  it('thrown as faultline’s UnknownError (normalizeError at a catch site): tagged and given its context, grouped by Sentry', async () => {
    const [event] = await sent([normalizeError(new TypeError('x is not a function'))]);
    expect(event?.fingerprint).toBeUndefined();
    expect(event?.tags).toMatchObject({ 'faultline.code': 'UNKNOWN_ERROR', 'faultline.category': 'UNKNOWN' });
    expect(event?.contexts?.faultline).toMatchObject({ name: 'UnknownError', cause: { name: 'TypeError', message: 'x is not a function' } });
  });

  it('a message is Sentry’s: captureMessage is sent as it is', async () => {
    const sentry = await startSentry([faultlineIntegration()]);
    Sentry.captureMessage('ETIMEDOUT: the request timed out');
    await Sentry.flush(10_000);
    const [event] = sentry.events();
    expect([event?.message, event?.level, event?.fingerprint, event?.tags?.['faultline.code']]).toEqual(['ETIMEDOUT: the request timed out', 'info', undefined, undefined]);
  });
});

describe('faultlineIntegration’s options', () => {
  it.each([
    ['all', 'faultlineIntegration: the option options must be an object; got "all"'],
    [{ fingerprints: ['code'] }, 'faultlineIntegration: the option fingerprints must be a known option (fingerprint, retried, redact); got "fingerprints"'],
    [{ fingerprint: 'code' }, 'faultlineIntegration: the option fingerprint must be an array of keys; got "code"'],
    [{ fingerprint: ['code', 'request_id'] }, "faultlineIntegration: the option fingerprint must be one of 'code', 'category', 'provider', 'model', 'tool', 'rate_limit'; got \"request_id\""],
    [{ retried: 'error' }, "faultlineIntegration: the option retried must be one of 'drop', 'warning', 'info'; got \"error\""],
    [{ redact: false }, 'faultlineIntegration: the option redact must be an object; got false'],
  ])('refuses %j with a TypeError naming the option and the value, kept as its cause', (options, message) => {
    const refusal = thrownBy(() => faultlineIntegration(options as FaultlineIntegrationOptions));
    expect(refusal).toEqual(new TypeError(message));
    expect(refusal).toBeInstanceOf(TypeError);
    expect((refusal as TypeError).cause).toBeDefined();
  });

  it('names itself Faultline, as Sentry lists its integrations', async () => {
    expect(faultlineIntegration().name).toBe('Faultline');
    await startSentry([faultlineIntegration()]);
    expect(Sentry.getClient()?.getIntegrationByName('Faultline')?.name).toBe('Faultline');
  });
});
