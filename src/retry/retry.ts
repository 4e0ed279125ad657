import { AgentAbortedError, isFaultlineError, normalizeError, serializeError, type ErrorEvent, type FaultlineError } from '../index.js';
import { classify, type ErrorPolicy } from './error-policy.js';
import { callListener } from '../foundation/listener.js';

/** The clock `retry` waits on: injectable, so that tests never sleep for real. */
export interface RetryClock {
  now(): number;
  /** Waits `ms`, and rejects at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/** Options of {@link retry}. Every one has a default, listed in docs/retry.md. */
export interface RetryOptions {
  /** The most attempts in all, over the policy's own. Default: the error's policy (`classify`). */
  readonly maxAttempts?: number | undefined;
  /** The first backoff step, in milliseconds. Default 500. */
  readonly baseDelayMs?: number | undefined;
  /** The longest backoff retry computes itself. Default 30,000. */
  readonly maxDelayMs?: number | undefined;
  /** The longest delay a server may ask for before retry gives up instead of waiting. Default 60,000 (a delay exactly at it is waited). */
  readonly maxRetryAfterMs?: number | undefined;
  /** A budget for all attempts and waits together, in milliseconds. Default: none. */
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
    if (!error.retryable || attempt >= maxAttempts) throw gaveUp(error, attempt);
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

/** The wait before the next attempt, or undefined when the server asks for longer than allowed. */
function delayFor(error: FaultlineError, policy: ErrorPolicy, attempt: number, options: RetryOptions | undefined, random: () => number): number | undefined {
  const server = error.retryAfterMs;
  // A delay of 0 ("retry at once") sets no minimum: the policy's own backoff applies.
  if (server !== undefined && server > 0) {
    if (server > (options?.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs)) return undefined;
    return server + Math.floor(random() * Math.min(server * SERVER_JITTER.share, SERVER_JITTER.maxMs));
  }
  const base = options?.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const cap = options?.maxDelayMs ?? DEFAULTS.maxDelayMs;
  switch (policy.retry.backoff) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.min(base, cap);
    case 'exponential':
      // Full jitter: anywhere from 0 to the exponential step, so that clients spread out.
      return Math.floor(random() * Math.min(cap, base * 2 ** (attempt - 1)));
  }
}

function notify(options: RetryOptions | undefined, policy: ErrorPolicy, error: FaultlineError): void {
  if (options?.onError === undefined) return;
  callListener(options.onError, { severity: policy.logLevel, phase: options.phase ?? 'system', error: serializeError(error) });
}

/** The last error, with the number of attempts made in its details. */
function gaveUp(error: FaultlineError, attempts: number): FaultlineError {
  Object.defineProperty(error, 'details', { value: { ...error.details, attempts }, writable: true, configurable: true, enumerable: true });
  return error;
}

function aborted(signal: AbortSignal): FaultlineError {
  const reason: unknown = signal.reason;
  return isFaultlineError(reason) ? reason : new AgentAbortedError('The retry was aborted', { cause: reason });
}
