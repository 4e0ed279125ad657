// faultline/retry given what a careless caller or a hostile peer hands it: options that are not what
// their types say, delays no timer can wait, fields mutated to the wrong type, and errors whose
// getters throw. Each is refused at the call, or read as unknown (fail closed); nothing throws the raw
// getter's error or waits NaN.
import { ConstantBackoff, handleWhen, retry as cockatielRetry } from 'cockatiel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelRateLimitError, ToolError, TransientError, ValidationError, type FaultlineError } from '../../src/index.js';
import {
  classify, countsTowardCircuit, createClassifier, isRetryable, retry, retryAfterBackoff, type RetryClock, type RetryOptions,
} from '../../src/retry/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { withThrowingGetters } from '../hardening/hostile.js';
import { rejection } from '../rejection.js';

function fakeClock(): RetryClock & { readonly sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: (ms) => { sleeps.push(ms); now += ms; return Promise.resolve(); } };
}



/** A faultline error whose field `key` was mutated to `value`. */
function mutated<E extends FaultlineError>(error: E, key: string, value: unknown): E {
  Object.defineProperty(error, key, { value, configurable: true, writable: true, enumerable: true });
  return error;
}

describe('retry refuses invalid options at the call, naming the option and the value', () => {
  it.each<[keyof RetryOptions, unknown, string]>([
    ['maxAttempts', Number.NaN, 'a whole number, 1 or more (or Infinity); got NaN'],
    ['maxAttempts', 0, 'a whole number, 1 or more (or Infinity); got 0'],
    ['maxAttempts', 2.5, 'a whole number, 1 or more (or Infinity); got 2.5'],
    ['maxAttempts', '3', 'a whole number, 1 or more (or Infinity); got "3"'],
    ['baseDelayMs', -1, 'a number, 0 or more; got -1'],
    ['baseDelayMs', Number.POSITIVE_INFINITY, 'a number, 0 or more; got Infinity'],
    ['maxDelayMs', Number.NaN, 'a number, 0 or more (or Infinity); got NaN'],
    ['maxRetryAfterMs', -5, 'a number, 0 or more (or Infinity); got -5'],
    ['totalTimeoutMs', Number.NEGATIVE_INFINITY, 'a number, 0 or more (or Infinity); got -Infinity'],
    ['onRetry', 'log', 'a function; got "log"'],
    ['onError', 1, 'a function; got 1'],
    ['classify', {}, 'a function; got an object'],
    ['random', 0.5, 'a function; got 0.5'],
    ['phase', 'tools', "one of 'model', 'tool', 'agent', 'system'; got \"tools\""],
    ['signal', {}, 'an AbortSignal; got an object'],
    ['signal', null, 'an AbortSignal; got null'],
    ['clock', { now: () => 0 }, 'an object with now() and sleep(); got an object'],
    ['clock', 5, 'an object with now() and sleep(); got 5'],
  ])('%s: %s', async (option, value, expected) => {
    let calls = 0;
    const error = await rejection(retry(() => { calls++; return 'x'; }, { [option]: value }));
    expect(error).toBeInstanceOf(TypeError);
    expect([(error as Error).message, calls]).toEqual([`retry: the option ${option} must be ${expected}`, 0]);
  });

  it.each([undefined, 'callModel'])('refuses an fn that is not a function (%s) before any attempt, rather than retrying the TypeError of calling it', async (fn) => {
    const told: unknown[] = [];
    const error = await rejection(retry(fn as never, { onError: (event) => told.push(event) }));
    expect(error).toBeInstanceOf(TypeError);
    expect([(error as Error).message, told]).toEqual([`retry: the option fn must be a function; got ${fn === undefined ? 'undefined' : `"${fn}"`}`, []]);
  });

  it('refuses options that are not an object', async () => {
    expect(await rejection(retry(() => 'x', 5 as never))).toBeInstanceOf(TypeError);
  });

  it('takes Infinity where it means no limit', async () => {
    const clock = fakeClock();
    const options = { maxAttempts: Infinity, maxDelayMs: Infinity, maxRetryAfterMs: Infinity, totalTimeoutMs: Infinity, clock, random: () => 0.5 };
    expect(await retry((({ attempt }) => (attempt < 3 ? Promise.reject(new TransientError()) : 'done')), options)).toBe('done');
    expect(clock.sleeps).toEqual([250, 500]);
  });
});

describe('retry and delays no timer can wait', () => {
  it.each([2 ** 31, 2 ** 31 + 1, 10 * 24 * 3_600_000 * 10])('gives up at once on a server delay of %i ms, whatever maxRetryAfterMs, and keeps it on the error', async (delay) => {
    const clock = fakeClock();
    const error = await rejection(retry(() => Promise.reject(new ModelRateLimitError({ retryAfterMs: delay })), { clock, maxRetryAfterMs: Infinity }));
    expect([(error as FaultlineError).retryAfterMs, (error as FaultlineError).details, clock.sleeps]).toEqual([delay, { attempts: 1 }, []]);
  });

  it.each([1e308, Number.MAX_SAFE_INTEGER + 2, Number.POSITIVE_INFINITY])('gives up at once on a retryAfterMs of %s, past the whole numbers the constructor keeps, and keeps it on the error', async (delay) => {
    const clock = fakeClock();
    let calls = 0;
    const error = await rejection(retry(() => { calls++; return Promise.reject(mutated(new ModelRateLimitError(), 'retryAfterMs', delay)); }, { clock, maxRetryAfterMs: Infinity }));
    expect([calls, (error as FaultlineError).retryAfterMs, (error as FaultlineError).details, clock.sleeps]).toEqual([1, delay, { attempts: 1 }, []]);
    expect(isRetryable(mutated(new ModelRateLimitError(), 'retryAfterMs', delay))).toBe(false);
  });

  it.each([1e308, Number.POSITIVE_INFINITY])('gives up at once on an error constructed with a retryAfterMs of %s, which it keeps as the largest whole number', async (delay) => {
    const clock = fakeClock();
    let calls = 0;
    const error = await rejection(retry(() => { calls++; return Promise.reject(new ModelRateLimitError({ retryAfterMs: delay })); }, { clock, maxRetryAfterMs: Infinity }));
    expect([calls, (error as FaultlineError).retryAfterMs, clock.sleeps]).toEqual([1, Number.MAX_SAFE_INTEGER, []]);
    expect(isRetryable(new ModelRateLimitError({ retryAfterMs: delay }))).toBe(false);
  });

  it('gives up at once on a Retry-After too long for any number to hold exactly, rather than forgetting it', async () => {
    const clock = fakeClock();
    // A provider's 429 (its body says so): a model error, read by the model rules.
    const response = { status: 429, message: 'Too many requests', headers: { 'retry-after': '9'.repeat(400) }, error: { message: 'Too many requests', type: 'rate_limit_error' } };
    const error = await rejection(retry(() => Promise.reject(Object.assign(new Error(response.message), response)), { clock, maxRetryAfterMs: Infinity }));
    expect([(error as FaultlineError).name, (error as FaultlineError).retryAfterMs, (error as FaultlineError).details, clock.sleeps]).toEqual([
      'ModelRateLimitError', Number.MAX_SAFE_INTEGER, { attempts: 1 }, [],
    ]);
  });

  it('waits a server delay just under what a timer can wait', async () => {
    const clock = fakeClock();
    let calls = 0;
    await retry(() => (++calls === 1 ? Promise.reject(new ModelRateLimitError({ retryAfterMs: 2 ** 31 - 2 })) : 'done'), { clock, maxRetryAfterMs: Infinity, random: () => 0.99 });
    expect(clock.sleeps).toEqual([2 ** 31 - 1]);
  });

  it('never computes a backoff past what a timer can wait, even with maxDelayMs: Infinity', async () => {
    const clock = fakeClock();
    await retry(({ attempt }) => (attempt < 40 ? Promise.reject(new TransientError()) : 'done'), {
      clock, maxDelayMs: Infinity, baseDelayMs: 1000, random: () => 0.999, classify: () => ({ ...classify(new TransientError()), retry: { maxAttempts: 40, backoff: 'exponential' } }),
    });
    expect(Math.max(...clock.sleeps)).toBeLessThanOrEqual(2 ** 31 - 1);
  });
});

describe('retry reads retryable and retryAfterMs as the constructor keeps them', () => {
  it.each(['yes', 1, 'true', null])('does not retry an error whose retryable was mutated to %s', async (value) => {
    let calls = 0;
    const error = await rejection(retry(() => { calls++; return Promise.reject(mutated(new TransientError(), 'retryable', value)); }, { clock: fakeClock() }));
    expect([calls, (error as FaultlineError).details]).toEqual([1, { attempts: 1 }]);
  });

  it.each(['5000', Number.NaN, -1, {}])('takes a retryAfterMs mutated to %s as no delay: the policy’s backoff applies', async (value) => {
    const clock = fakeClock();
    let calls = 0;
    await retry(() => (++calls === 1 ? Promise.reject(mutated(new ModelRateLimitError(), 'retryAfterMs', value)) : 'done'), { clock, random: () => 0.5, baseDelayMs: 100 });
    expect(clock.sleeps).toEqual([50]);
  });

  it.each([Number.NaN, -1, 2, Number.POSITIVE_INFINITY])('keeps a random that answers %s from making a wait NaN, negative or longer than asked', async (value) => {
    const clock = fakeClock();
    let calls = 0;
    await retry(() => (++calls < 3 ? Promise.reject(calls === 1 ? new TransientError() : new ModelRateLimitError({ retryAfterMs: 1000 })) : 'done'), {
      clock, random: () => value, baseDelayMs: 100,
    });
    expect(clock.sleeps).toEqual([0, 1000]);
  });
});

describe('errors whose getters throw', () => {
  const hostileErrors = (): [string, FaultlineError][] => [
    ['code', withThrowingGetters(new TransientError('x'), 'code')],
    ['retryable', withThrowingGetters(new TransientError('x'), 'retryable')],
    ['retryAfterMs', withThrowingGetters(new ModelRateLimitError('x'), 'retryAfterMs')],
    ['fields', withThrowingGetters(new ValidationError('x'), 'fields')],
    ['details', withThrowingGetters(new ToolError('x', { retryable: true }), 'details')],
    ['every field', withThrowingGetters(new TransientError('x'), 'code', 'retryable', 'retryAfterMs', 'category', 'details', 'message')],
  ];

  it.each(hostileErrors())('retry rejects with the error (%s) and the attempt count, never the getter’s error', async (_, error) => {
    const thrown = await rejection(retry(() => Promise.reject(error), { clock: fakeClock(), onError: () => undefined }));
    expect(thrown).toBe(error);
    expect(Object.getOwnPropertyDescriptor(thrown, 'details')?.value).toMatchObject({ attempts: expect.any(Number) as number });
  });

  it.each(hostileErrors())('isRetryable, countsTowardCircuit, classify and createClassifier never throw (%s)', (_, error) => {
    const classifyHere = createClassifier({ codes: { TRANSIENT: { logLevel: 'info' } }, categories: { TRANSIENT: { fallback: true } } });
    expect(typeof isRetryable(error)).toBe('boolean');
    expect(typeof countsTowardCircuit(error)).toBe('boolean');
    expect(classify(error).retry.maxAttempts).toBeGreaterThanOrEqual(1);
    expect(classifyHere(error).retry.maxAttempts).toBeGreaterThanOrEqual(1);
  });

  it('reads an unreadable retryable as not retryable: fail closed', () => {
    expect(isRetryable(withThrowingGetters(new TransientError(), 'retryable'))).toBe(false);
    expect(classify(withThrowingGetters(new TransientError(), 'retryable')).retry.maxAttempts).toBe(4);
  });
});


describe('the predicates, given the hardening corpus', () => {
  it.each(HOSTILE_KINDS)('never throw on a %s, or on an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(isRetryable(value)).toBe(false);
      expect(typeof countsTowardCircuit(value)).toBe('boolean');
      expect(classify(value).retry).toEqual({ maxAttempts: 1, backoff: 'none' });
    }
  });

  it.each(HOSTILE_KINDS)('a cockatiel policy with retryAfterBackoff survives a %s thrown', async (kind) => {
    const policy = cockatielRetry(handleWhen(isRetryable), { maxAttempts: 2, backoff: retryAfterBackoff(new ConstantBackoff(1)) });
    let calls = 0;
    // Kept in an array: a revoked Proxy cannot be resolved as a promise's value (its `then` is read).
    const thrown: unknown[] = [];
    await policy.execute(() => { calls++; throw hostileValue(kind); }).catch((error: unknown) => thrown.push(error));
    expect([calls, thrown.length]).toEqual([1, 1]);
  });
});

describe('retryAfterBackoff', () => {
  it.each([2 ** 31, 1e15, 1e308])('never hands cockatiel a duration past what a timer can wait (%i)', async (delay) => {
    const policy = cockatielRetry(handleWhen(() => true), { maxAttempts: 1, backoff: retryAfterBackoff(new ConstantBackoff(1)) });
    const delays: number[] = [];
    policy.onRetry(({ delay: waited }) => delays.push(waited));
    const realSetTimeout = globalThis.setTimeout;
    // cockatiel waits with setTimeout: answer at once rather than in 25 days.
    globalThis.setTimeout = ((fn: () => void) => realSetTimeout(fn, 0)) as typeof setTimeout;
    try {
      let calls = 0;
      await policy.execute(() => (++calls === 1 ? Promise.reject(mutated(new ModelRateLimitError(), 'retryAfterMs', delay)) : Promise.resolve('done')));
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(delays).toEqual([2 ** 31 - 1]);
  });
});

describe('properties', () => {
  const anyOption = fc.oneof(fc.double(), fc.integer({ min: -5, max: 10 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 2 ** 31), fc.anything());

  it('any value as any number option is refused with a TypeError, or gives waits that are whole, finite and at most what a timer can wait', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('maxAttempts', 'baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs', 'totalTimeoutMs'), anyOption, async (option, value) => {
        const clock = fakeClock();
        let calls = 0;
        const outcome = await rejection(retry(() => { calls++; return Promise.reject(new TransientError()); }, { [option]: value, clock }));
        if (outcome instanceof TypeError) {
          expect(calls).toBe(0);
          expect(outcome.message).toContain(`retry: the option ${option} must be`);
        } else {
          expect(outcome).toBeInstanceOf(TransientError);
          for (const wait of clock.sleeps) expect(Number.isInteger(wait) && wait >= 0 && wait <= 2 ** 31 - 1).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('any value as a mutated retryAfterMs or retryable gives waits that are whole, finite and at most what a timer can wait', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (delay, retryable) => {
        const clock = fakeClock();
        const error = mutated(mutated(new ModelRateLimitError(), 'retryAfterMs', delay), 'retryable', retryable);
        await rejection(retry(() => Promise.reject(error), { clock, maxRetryAfterMs: Infinity }));
        if (retryable !== true) expect(clock.sleeps).toEqual([]);
        for (const wait of clock.sleeps) expect(Number.isInteger(wait) && wait >= 0 && wait <= 2 ** 31 - 1).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('isRetryable and a stream that showed output', () => {
  it('answers false for an error with outputStarted: true, as classify does, so that cockatiel and p-retry never replay it', () => {
    const error = new ModelRateLimitError();
    Object.defineProperty(error, 'outputStarted', { value: true, enumerable: true });
    expect([isRetryable(error), isRetryable(new ModelRateLimitError())]).toEqual([false, true]);
  });
});

describe('createClassifier and misspelt options', () => {
  it.each<[string, unknown, string]>([
    ['an override key', { codes: { MODEL_RATE_LIMITED: { logLvl: 'info' } } }, 'createClassifier: the option codes.MODEL_RATE_LIMITED.logLvl must be a known option (retry, countsTowardCircuit, fallback, logLevel, userMessage); got "logLvl"'],
    ['a retry key', { categories: { MODEL: { retry: { maxAttempt: 9 } } } }, 'createClassifier: the option categories.MODEL.retry.maxAttempt must be a known option (maxAttempts, backoff); got "maxAttempt"'],
    ['a top-level key', { code: {} }, 'createClassifier: the option code must be a known option (codes, categories, userMessages, locale); got "code"'],
  ])('refuses %s that would override nothing', (_, options, message) => {
    expect(() => createClassifier(options as never)).toThrow(new TypeError(message));
  });

  it('takes a locale whose messages are undefined as one with none: the built-in message', () => {
    const classifyHere = createClassifier({ userMessages: { fr: undefined } });
    expect(createClassifier({ userMessages: { fr: undefined }, locale: 'fr' })(new TransientError())).toEqual(classify(new TransientError()));
    expect(classifyHere(new TransientError()).userMessage).toBe('A temporary problem occurred. Trying again.');
  });

  it('gives the default table with no options', () => {
    expect(createClassifier()(new TransientError())).toEqual(classify(new TransientError()));
  });
});
