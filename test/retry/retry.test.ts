import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, ModelQuotaExceededError, ModelRateLimitError, ToolExecutionError, TransientError, UnknownError,
  ValidationError, type FaultlineError,
} from '../../src/index.js';
import type { ErrorEvent } from '../../src/index.js';
import { retry, type RetryClock } from '../../src/retry/index.js';

/** A clock that never waits: it records each sleep and moves its time on by it. */
function fakeClock(): RetryClock & { readonly sleeps: number[] } {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: (ms, signal) => {
      if (signal?.aborted === true) return Promise.reject(new Error('aborted'));
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/** A function that throws the given errors in turn, then returns 'done'. */
function failing(...errors: unknown[]): () => Promise<string> {
  let call = 0;
  return () => {
    const error = errors[call++];
    if (error === undefined) return Promise.resolve('done');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a thrown non-Error is one of the cases under test
    return Promise.reject(error);
  };
}

async function rejection(promise: Promise<unknown>): Promise<FaultlineError> {
  try {
    await promise;
  } catch (error) {
    return error as FaultlineError;
  }
  throw new Error('did not reject');
}

describe('retry', () => {
  it('returns what fn returns, calling it with the attempt and a signal', async () => {
    const seen: number[] = [];
    const result = await retry(({ attempt, signal }) => {
      seen.push(attempt);
      expect(signal).toBeInstanceOf(AbortSignal);
      return attempt < 3 ? Promise.reject(new TransientError()) : Promise.resolve(attempt);
    }, { clock: fakeClock(), random: () => 0.5 });
    expect([result, seen]).toEqual([3, [1, 2, 3]]);
  });

  it('waits an exponential backoff with full jitter, capped by maxDelayMs', async () => {
    const clock = fakeClock();
    await retry(failing(new TransientError(), new TransientError(), new TransientError()), { clock, random: () => 0.5, baseDelayMs: 100, maxDelayMs: 300 });
    // random 0.5 of 100, 200, then 400 capped at 300
    expect(clock.sleeps).toEqual([50, 100, 150]);
  });

  it('never retries earlier than the server asked: its jitter only lengthens the wait', async () => {
    for (const random of [0, 0.99]) {
      const clock = fakeClock();
      await retry(failing(new ModelRateLimitError({ retryAfterMs: 2000 })), { clock, random: () => random });
      expect(clock.sleeps[0]).toBe(random === 0 ? 2000 : 2000 + Math.floor(0.99 * 200));
    }
  });

  it.each<[string, FaultlineError]>([
    ['a Retry-After of 0', new ModelRateLimitError({ retryAfterMs: 0 })],
    ['a retryAfterMs of 0 on any retryable error', new TransientError({ retryAfterMs: 0 })],
  ])('takes %s as no minimum: the policy’s own backoff applies', async (_, error) => {
    const clock = fakeClock();
    await retry(failing(error, error, error), { clock, random: () => 0.5, baseDelayMs: 100 });
    expect(clock.sleeps).toEqual([50, 100, 200]);
  });

  it('gives up rather than sleeping longer than maxRetryAfterMs, keeping the delay on the error; a delay at the cap is waited', async () => {
    const clock = fakeClock();
    const error = await rejection(retry(failing(new ModelRateLimitError({ retryAfterMs: 120_000 })), { clock, maxRetryAfterMs: 60_000 }));
    expect([error.retryAfterMs, error.details, clock.sleeps]).toEqual([120_000, { attempts: 1 }, []]);
    const atCap = fakeClock();
    await retry(failing(new ModelRateLimitError({ retryAfterMs: 60_000 })), { clock: atCap, maxRetryAfterMs: 60_000, random: () => 0 });
    expect(atCap.sleeps).toEqual([60_000]);
  });

  it('never retries what is not retryable, and throws it normalized with the attempt count', async () => {
    const clock = fakeClock();
    const error = await rejection(retry(failing(new Error('boom')), { clock }));
    expect([error.constructor, error.message, error.details, clock.sleeps]).toEqual([UnknownError, 'boom', { attempts: 1 }, []]);
    const quota = await rejection(retry(failing(new ModelQuotaExceededError()), { clock }));
    expect([quota.constructor, quota.details]).toEqual([ModelQuotaExceededError, { attempts: 1 }]);
  });

  it('stops at the policy’s attempts, or fewer when maxAttempts says so', async () => {
    const clock = fakeClock();
    const many = Array.from({ length: 10 }, () => new TransientError());
    expect((await rejection(retry(failing(...many), { clock, random: () => 0 }))).details).toEqual({ attempts: 4 });
    expect((await rejection(retry(failing(...many), { clock, random: () => 0, maxAttempts: 2 }))).details).toEqual({ attempts: 2 });
    // A retryable tool error retries once.
    const tool = [new ToolExecutionError({ retryable: true }), new ToolExecutionError({ retryable: true }), new ToolExecutionError({ retryable: true })];
    expect((await rejection(retry(failing(...tool), { clock }))).details).toEqual({ attempts: 2 });
  });

  it('keeps to a total time budget', async () => {
    const clock = fakeClock();
    const error = await rejection(retry(failing(new ModelRateLimitError({ retryAfterMs: 5000 })), { clock, totalTimeoutMs: 4000, random: () => 0 }));
    expect([error.details, clock.sleeps]).toEqual([{ attempts: 1 }, []]);
  });

  it('rejects at once with AgentAbortedError when the signal aborts during a wait', async () => {
    const controller = new AbortController();
    const clock: RetryClock = {
      now: () => 0,
      sleep: (_ms, signal) => new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => { reject(new Error('aborted')); }, { once: true });
        controller.abort();
      }),
    };
    const error = await rejection(retry(failing(new TransientError()), { clock, signal: controller.signal }));
    expect(error).toBeInstanceOf(AgentAbortedError);
  });

  it('calls onRetry before each wait, and onError for each failure with the error serialized; a failing onError is isolated', async () => {
    const retries: [number, number, string][] = [];
    const events: ErrorEvent[] = [];
    await retry(failing(new TransientError('one'), new ValidationError({ retryable: true, fields: { q: 'Required' } })), {
      clock: fakeClock(),
      random: () => 0,
      onRetry: ({ error, attempt, delayMs }) => retries.push([attempt, delayMs, error.message]),
      onError: (event) => {
        events.push(event);
        throw new Error('a broken listener');
      },
      phase: 'model',
    }).catch(() => undefined);
    expect(retries).toEqual([[1, 0, 'one']]);
    expect(events.map((event) => [event.severity, event.phase, event.error.name])).toEqual([
      ['warn', 'model', 'TransientError'], ['info', 'model', 'ValidationError'],
    ]);
  });

  it.each([
    ['throws', (): void => { throw new Error('a broken listener'); }],
    ['returns a promise that rejects', (): Promise<void> => Promise.reject(new Error('an async listener failed'))],
    ['returns a thenable whose then throws', (): PromiseLike<void> => ({ then: () => { throw new Error('a broken thenable'); } })],
  ])('isolates an onError or onRetry hook that %s: the call goes on, and no rejection is left unhandled', async (_, hook) => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', onUnhandled);
    try {
      const result = await retry(failing(new TransientError(), new TransientError()), { clock: fakeClock(), random: () => 0, onError: hook, onRetry: hook });
      // Unhandled rejections are reported after the microtask queue drains: give it a macrotask.
      await new Promise((resolve) => { setImmediate(resolve); });
      expect([result, unhandled]).toEqual(['done', []]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
