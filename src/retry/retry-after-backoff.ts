import { normalizeError } from '../index.js';
import { MAX_TIMER_DELAY_MS, serverDelayOf } from '../foundation/policy-fields.js';

/** A backoff as cockatiel defines one: a duration, and the next backoff. */
export interface RetryBackoff<Context> {
  readonly duration: number;
  next(context: Context): RetryBackoff<Context>;
}

/** What makes backoffs, as cockatiel's `IBackoffFactory` does. */
export interface RetryBackoffFactory<Context> {
  next(context: Context): RetryBackoff<Context>;
}

/** The part of cockatiel's retry context this backoff reads: the last attempt's result. */
export interface RetryResultContext {
  readonly result: { readonly error: unknown } | { readonly value: unknown };
}

/**
 * A cockatiel backoff that honours `retryAfterMs`: the server's delay when the last attempt's error has
 * one, otherwise `fallback`'s (no wait without one).
 *
 * @example
 * ```ts
 * import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
 * import { isRetryable, retryAfterBackoff } from 'faultline/retry';
 *
 * const policy = retry(handleWhen(isRetryable), { maxAttempts: 4, backoff: retryAfterBackoff(new ExponentialBackoff()) });
 * ```
 */
export function retryAfterBackoff<Context extends RetryResultContext>(fallback?: RetryBackoffFactory<Context>): RetryBackoffFactory<Context> {
  return { next: (context) => backoffAfter(context, fallback, fallback?.next(context)) };
}

function backoffAfter<Context extends RetryResultContext>(
  context: Context,
  fallback: RetryBackoffFactory<Context> | undefined,
  fallbackStep: RetryBackoff<Context> | undefined,
): RetryBackoff<Context> {
  const thrown = 'error' in context.result ? context.result.error : undefined;
  const server = thrown === undefined ? undefined : serverDelayOf(normalizeError(thrown));
  return {
    // A delay of 0 sets no minimum, and no duration passes what a timer can wait (it would fire after 1 ms).
    duration: Math.min(server !== undefined && server > 0 ? server : (fallbackStep?.duration ?? 0), MAX_TIMER_DELAY_MS),
    next: (nextContext) => backoffAfter(nextContext, fallback, fallbackStep === undefined ? fallback?.next(nextContext) : fallbackStep.next(nextContext)),
  };
}
