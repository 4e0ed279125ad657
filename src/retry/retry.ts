import { AgentAbortedError, isFaultlineError, normalizeError, serializeError, type ErrorEvent, type FaultlineError } from '../index.js';
import { classify, type ErrorPolicy } from './error-policy.js';
import { callListener } from '../foundation/listener.js';
import { checkNumber, checkOneOf, checkType, invalidOption } from '../foundation/option-checks.js';
import { MAX_TIMER_DELAY_MS, retryAfterMsOf, retryableOf } from '../foundation/policy-fields.js';

/** The clock `retry` waits on: injectable, so that tests never sleep for real. */
export interface RetryClock {
  now(): number;
  /** Waits `ms`, and rejects at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/**
 * Options of {@link retry}. Every one has a default, listed in docs/retry.md. An option that is not
 * what its type says (`maxAttempts: NaN`, what `Number(process.env.X)` gives when the variable is
 * unset; a negative delay; a `phase` that is not one) is refused at the call with a TypeError that
 * names the option and the value.
 */
export interface RetryOptions {
  /** The most attempts in all, over the policy's own: a whole number, 1 or more. Default (and `Infinity`): the error's policy (`classify`). */
  readonly maxAttempts?: number | undefined;
  /** The first backoff step, in milliseconds. Default 500. */
  readonly baseDelayMs?: number | undefined;
  /** The longest backoff retry computes itself. Default 30,000; `Infinity` lets it grow to what a timer can wait (2³¹ − 1 ms). */
  readonly maxDelayMs?: number | undefined;
  /**
   * The longest delay a server may ask for before retry gives up instead of waiting. Default 60,000 (a
   * delay exactly at it is waited). Whatever it is, `Infinity` included, a delay of 2³¹ ms or more
   * (about 25 days, more than a timer can wait) gives up, the delay kept on the error.
   */
  readonly maxRetryAfterMs?: number | undefined;
  /** A budget for all attempts and waits together, in milliseconds. Default (and `Infinity`): none. */
  readonly totalTimeoutMs?: number | undefined;
  /** Aborts the waits (at once) and is handed to every attempt. */
  readonly signal?: AbortSignal | undefined;
  /** Called before each wait. A hook that throws or rejects never breaks the call. */
  readonly onRetry?: ((event: { readonly error: FaultlineError; readonly attempt: number; readonly delayMs: number }) => void) | undefined;
  /**
   * Called for every failed attempt, with the error serialized. A hook that throws, or returns a
   * promise that rejects, never breaks the call and never becomes an unhandled rejection.
   */
  readonly onError?: ((event: ErrorEvent) => void) | undefined;
  /** What the attempts call: `onError`'s phase. Default `system`. */
  readonly phase?: ErrorEvent['phase'] | undefined;
  /** The policy of an error. Default `classify`. */
  readonly classify?: ((error: FaultlineError) => ErrorPolicy) | undefined;
  readonly clock?: RetryClock | undefined;
  /** A number in [0, 1): the jitter. Default `Math.random`. */
  readonly random?: (() => number) | undefined;
}

const DEFAULTS = { baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 } as const;
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

/**
 * Calls `fn` until it succeeds, retrying only while the error (normalized) is retryable and its
 * policy allows another attempt. Without a delay from the server it waits an exponential backoff with
 * full jitter (a fixed delay for a `fixed` policy), capped by `maxDelayMs`; with one
 * (`retryAfterMs`) it never retries earlier than asked, and its jitter only lengthens the wait. A
 * server delay above `maxRetryAfterMs` means giving up at once (the delay stays on the error for a
 * caller who schedules the work later). When it gives up it throws the last error, normalized, with
 * `details.attempts`.
 *
 * @example
 * ```ts
 * import { retry } from 'faultline/retry';
 * import { ModelError } from 'faultline';
 *
 * const answer = await retry(async () => {
 *   try {
 *     return await callModel();
 *   } catch (error) {
 *     throw ModelError.from(error, { provider: 'openai' }); // a 429 waits its Retry-After
 *   }
 * }, { maxRetryAfterMs: 10_000 });
 * ```
 */
export async function retry<T>(fn: (context: { readonly attempt: number; readonly signal: AbortSignal }) => Promise<T> | T, options?: RetryOptions): Promise<T> {
  checkRetryOptions(options);
  const clock = options?.clock ?? realClock;
  const random = options?.random ?? Math.random;
  const policyOf = options?.classify ?? classify;
  const signal = options?.signal ?? new AbortController().signal;
  const start = clock.now();
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw aborted(signal);
    let error: FaultlineError;
    try {
      return await fn({ attempt, signal });
    } catch (thrown) {
      error = isFaultlineError(thrown) ? thrown : normalizeError(thrown);
    }
    const policy = policyOf(error);
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
  }
}

const WHERE = 'retry';

function checkRetryOptions(options: RetryOptions | undefined): void {
  if (options === undefined) return;
  checkType(WHERE, 'options', options, 'object');
  checkNumber(WHERE, 'maxAttempts', options.maxAttempts, { min: 1, whole: true, infinite: true });
  checkNumber(WHERE, 'baseDelayMs', options.baseDelayMs, { min: 0 });
  checkNumber(WHERE, 'maxDelayMs', options.maxDelayMs, { min: 0, infinite: true });
  checkNumber(WHERE, 'maxRetryAfterMs', options.maxRetryAfterMs, { min: 0, infinite: true });
  checkNumber(WHERE, 'totalTimeoutMs', options.totalTimeoutMs, { min: 0, infinite: true });
  for (const name of ['onRetry', 'onError', 'classify', 'random'] as const) checkType(WHERE, name, options[name], 'function');
  checkOneOf(WHERE, 'phase', options.phase, PHASES);
  checkType(WHERE, 'signal', options.signal, 'object');
  if (options.signal !== undefined && typeof options.signal.aborted !== 'boolean') throw invalidOption(WHERE, 'signal', options.signal, 'an AbortSignal');
  checkType(WHERE, 'clock', options.clock, 'object');
  if (options.clock !== undefined && (typeof options.clock.now !== 'function' || typeof options.clock.sleep !== 'function')) {
    throw invalidOption(WHERE, 'clock', options.clock, 'an object with now() and sleep()');
  }
}

const PHASES: readonly ErrorEvent['phase'][] = ['model', 'tool', 'agent', 'system'];

/**
 * The wait before the next attempt, or undefined when the server asks for longer than allowed, or
 * for longer than a timer can wait (2³¹ ms and more would fire after 1 ms).
 */
function delayFor(error: FaultlineError, policy: ErrorPolicy, attempt: number, options: RetryOptions | undefined, random: () => number): number | undefined {
  const server = retryAfterMsOf(error);
  // A delay of 0 ("retry at once") sets no minimum: the policy's own backoff applies.
  if (server !== undefined && server > 0) {
    if (server > (options?.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs) || server > MAX_TIMER_DELAY_MS) return undefined;
    return Math.min(server + Math.floor(jitter(random) * Math.min(server * SERVER_JITTER.share, SERVER_JITTER.maxMs)), MAX_TIMER_DELAY_MS);
  }
  const base = options?.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const cap = Math.min(options?.maxDelayMs ?? DEFAULTS.maxDelayMs, MAX_TIMER_DELAY_MS);
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
    Object.defineProperty(error, 'details', { value: details, writable: true, configurable: true, enumerable: true });
  } catch {
    // a frozen or hostile error: thrown as it is
  }
  return error;
}

function aborted(signal: AbortSignal): FaultlineError {
  const reason: unknown = signal.reason;
  return isFaultlineError(reason) ? reason : new AgentAbortedError('The retry was aborted', { cause: reason });
}
