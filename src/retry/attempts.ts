import { AgentAbortedError, isControlSignal, isFaultlineError, serializeError, type FaultlineError } from '../index.js';
import { defineField } from '../foundation/own-property.js';
import { callListener } from '../foundation/listener.js';
import { whenAborted } from '../foundation/abort-waiters.js';
import { MAX_TIMER_DELAY_MS, retryableOf, serverDelayOf } from '../foundation/policy-fields.js';
import { classify, type ErrorPolicy } from './error-policy.js';
import type { RetryClock, RetryOptions } from './retry-options.js';

// After each failure of one `retry` or `retryStream` call: whether and how long to wait, by the error's
// policy and its server delay, within the caller's limits.
const realClock: RetryClock = {
  now: () => Date.now(), // looked up on each call, so that fake timers and spies installed after import are seen
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        // The reason itself reaches the caller through retry's AgentAbortedError, as its cause.
        reject(new Error('The wait was aborted'));
      };
      const timer = setTimeout(() => {
        stop?.();
        resolve();
      }, ms);
      // A signal that has already aborted fires no event: the wait ends at once.
      if (signal?.aborted === true) onAbort();
      const stop = signal?.aborted === false ? whenAborted(signal, onAbort) : undefined;
    }),
};

export interface Attempts {
  readonly signal: AbortSignal;
  checkAborted(): void;
  /** A control signal (`isControlSignal` with the caller's signal) is rethrown as it is: not retried, normalized, counted or told. */
  isControlSignal(thrown: unknown): boolean;
  policyOf(error: FaultlineError): ErrorPolicy;
  /** Tells `onError`, then waits for the next attempt, or throws the error (with `details.attempts`) where the policy, the server's delay or the budget says to give up. */
  failed(error: FaultlineError, attempt: number, policy?: ErrorPolicy): Promise<void>;
}

export function startAttempts(options: RetryOptions | undefined): Attempts {
  const { clock = realClock, random = Math.random, classify: policyOf = classify, signal = new AbortController().signal } = options ?? {};
  const start = clock.now();
  return {
    signal,
    checkAborted: () => {
      if (signal.aborted) throw aborted(signal);
    },
    isControlSignal: (thrown) => isControlSignal(thrown, signal),
    policyOf,
    failed: async (error, attempt, policy = policyOf(error)) => {
      if (options?.onError !== undefined) callListener(options.onError, { severity: policy.logLevel, phase: options.phase ?? 'system', error: serializeError(error) });
      const maxAttempts = Math.min(options?.maxAttempts ?? policy.retry.maxAttempts, policy.retry.maxAttempts);
      const delayMs = retryableOf(error) && attempt < maxAttempts ? delayFor(error, policy, attempt, options, random) : undefined;
      const budget = options?.totalTimeoutMs;
      if (delayMs === undefined || (budget !== undefined && clock.now() + delayMs - start > budget)) throw gaveUp(error, attempt);
      callListener(options?.onRetry, { error, attempt, delayMs });
      try {
        await clock.sleep(delayMs, signal);
      } catch {
        throw aborted(signal);
      }
    },
  };
}

/** Undefined when the server asks for longer than allowed, or than a timer can wait (2³¹ ms and more would fire after 1 ms). */
function delayFor(error: FaultlineError, policy: ErrorPolicy, attempt: number, options: RetryOptions | undefined, random: () => number): number | undefined {
  const { baseDelayMs = 500, maxDelayMs = 30_000, maxRetryAfterMs = 60_000 } = options ?? {};
  const server = serverDelayOf(error);
  // A delay of 0 ("retry at once") sets no minimum: the policy's own backoff applies.
  if (server !== undefined && server > 0) {
    if (server > maxRetryAfterMs || server > MAX_TIMER_DELAY_MS) return undefined;
    // Up to a tenth longer than the server asked, at most a second, so that clients told the same
    // delay do not all return in the same millisecond.
    return Math.min(server + Math.floor(jitter(random) * Math.min(server / 10, 1000)), MAX_TIMER_DELAY_MS);
  }
  const cap = Math.min(maxDelayMs, MAX_TIMER_DELAY_MS);
  switch (policy.retry.backoff) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.min(baseDelayMs, cap);
    case 'exponential':
      // Full jitter: anywhere from 0 to the exponential step, so that clients spread out.
      return Math.floor(jitter(random) * Math.min(cap, baseDelayMs * 2 ** (attempt - 1)));
  }
}

// The caller's random, kept in [0, 1): a function that answers NaN or 7 must not make a wait NaN or longer than asked.
function jitter(random: () => number): number {
  const value = random();
  return typeof value === 'number' && value >= 0 && value < 1 ? value : 0;
}

function gaveUp(error: FaultlineError, attempts: number): FaultlineError {
  let details: unknown;
  try {
    details = { ...error.details, attempts };
  } catch {
    details = { attempts }; // details a getter or a Proxy will not give: the count still reaches the caller
  }
  setField(error, 'details', details);
  return error;
}

/** Past any setter; a frozen or hostile error is left as it is. */
export function setField(error: FaultlineError, key: string, value: unknown): void {
  try {
    defineField(error, key, value);
  } catch {
    // a frozen or hostile error: thrown as it is
  }
}

export function aborted(signal: AbortSignal): FaultlineError {
  const reason: unknown = signal.reason;
  return isFaultlineError(reason) ? reason : new AgentAbortedError('The retry was aborted', { cause: reason });
}
