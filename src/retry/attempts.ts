import { AgentAbortedError, isControlSignal, isFaultlineError, serializeError, type FaultlineError } from '../index.js';
import { defineField } from '../foundation/own-property.js';
import { callListener } from '../foundation/listener.js';
import { MAX_TIMER_DELAY_MS, retryAfterMsOf, retryableOf } from '../foundation/policy-fields.js';
import { classify, type ErrorPolicy } from './error-policy.js';
import { RETRY_DEFAULTS, type RetryClock, type RetryOptions } from './retry-options.js';

/*
 * The attempts of one `retry` or `retryStream` call: after each failure, whether and how long to wait
 * before the next, by the error's policy and its server delay, within the caller's limits.
 */

// How much longer than a server's delay a client may wait, so that clients told the same delay do
// not all return in the same millisecond: a tenth of it, at most a second.
const SERVER_JITTER = { share: 0.1, maxMs: 1000 } as const;

const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      // The reason itself reaches the caller through retry's AgentAbortedError, as its cause.
      const abortError = (): Error => new Error('The wait was aborted');
      if (signal?.aborted === true) {
        reject(abortError());
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** The attempts of one call, and what happens after each failure. */
export interface Attempts {
  /** The caller's signal, or one that never aborts: handed to every attempt. */
  readonly signal: AbortSignal;
  /** Throws when the caller's signal has aborted. */
  checkAborted(): void;
  /**
   * Whether a value an attempt threw steers control (`isControlSignal` with the caller's signal): a
   * LangGraph interrupt or command, or the abort the caller asked for (the signal's reason, or an
   * AbortError once it has aborted). Such a value is rethrown as it is: not retried, normalized, counted
   * or told to `onError`.
   */
  isControlSignal(thrown: unknown): boolean;
  /** The policy of an error: the caller's `classify`, or faultline's. */
  policyOf(error: FaultlineError): ErrorPolicy;
  /**
   * After attempt `attempt` failed with `error`: tells `onError`, then waits for the next attempt, or
   * throws the error (with `details.attempts`) when the policy, the server's delay or the budget says
   * to give up. `adjust` changes the error's policy first.
   */
  failed(error: FaultlineError, attempt: number, adjust?: (policy: ErrorPolicy) => ErrorPolicy): Promise<void>;
}

/** The attempts of one call with these (already checked) options. */
export function startAttempts(options: RetryOptions | undefined): Attempts {
  const clock = options?.clock ?? realClock;
  const random = options?.random ?? Math.random;
  const policyOf = options?.classify ?? classify;
  const signal = options?.signal ?? new AbortController().signal;
  const start = clock.now();
  return {
    signal,
    checkAborted: () => {
      if (signal.aborted) throw aborted(signal);
    },
    isControlSignal: (thrown) => isControlSignal(thrown, signal),
    policyOf,
    failed: async (error, attempt, adjust) => {
      const policy = adjust === undefined ? policyOf(error) : adjust(policyOf(error));
      notify(options, policy, error);
      const maxAttempts = Math.min(options?.maxAttempts ?? policy.retry.maxAttempts, policy.retry.maxAttempts);
      if (!retryableOf(error) || attempt >= maxAttempts) throw gaveUp(error, attempt);
      const delayMs = delayFor(error, policy, attempt, options, random);
      if (delayMs === undefined) throw gaveUp(error, attempt);
      const budget = options?.totalTimeoutMs;
      if (budget !== undefined && clock.now() + delayMs - start > budget) throw gaveUp(error, attempt);
      callListener(options?.onRetry, { error, attempt, delayMs });
      try {
        await clock.sleep(delayMs, signal);
      } catch {
        throw aborted(signal);
      }
    },
  };
}

/**
 * The wait before the next attempt, or undefined when the server asks for longer than allowed, or
 * for longer than a timer can wait (2³¹ ms and more would fire after 1 ms).
 */
function delayFor(error: FaultlineError, policy: ErrorPolicy, attempt: number, options: RetryOptions | undefined, random: () => number): number | undefined {
  const server = retryAfterMsOf(error);
  // A delay of 0 ("retry at once") sets no minimum: the policy's own backoff applies.
  if (server !== undefined && server > 0) {
    if (server > (options?.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs) || server > MAX_TIMER_DELAY_MS) return undefined;
    return Math.min(server + Math.floor(jitter(random) * Math.min(server * SERVER_JITTER.share, SERVER_JITTER.maxMs)), MAX_TIMER_DELAY_MS);
  }
  const base = options?.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const cap = Math.min(options?.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs, MAX_TIMER_DELAY_MS);
  switch (policy.retry.backoff) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.min(base, cap);
    case 'exponential':
      // Full jitter: anywhere from 0 to the exponential step, so that clients spread out.
      return Math.floor(jitter(random) * Math.min(cap, base * 2 ** (attempt - 1)));
  }
}

// The caller's random, kept in [0, 1): a function that answers NaN or 7 must not make a wait NaN or longer than asked.
function jitter(random: () => number): number {
  const value = random();
  return typeof value === 'number' && value >= 0 && value < 1 ? value : 0;
}

function notify(options: RetryOptions | undefined, policy: ErrorPolicy, error: FaultlineError): void {
  if (options?.onError === undefined) return;
  callListener(options.onError, { severity: policy.logLevel, phase: options.phase ?? 'system', error: serializeError(error) });
}

/** The last error, with the number of attempts made in its details. */
function gaveUp(error: FaultlineError, attempts: number): FaultlineError {
  let details: unknown;
  try {
    details = { ...error.details, attempts };
  } catch {
    details = { attempts }; // details a getter or a Proxy will not give: the count still reaches the caller
  }
  try {
    defineField(error, 'details', details);
  } catch {
    // a frozen or hostile error: thrown as it is
  }
  return error;
}

/** The error of an aborted call: the signal's reason when it is a faultline error, else an AgentAbortedError that keeps it. */
export function aborted(signal: AbortSignal): FaultlineError {
  const reason: unknown = signal.reason;
  return isFaultlineError(reason) ? reason : new AgentAbortedError('The retry was aborted', { cause: reason });
}
