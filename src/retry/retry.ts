import { normalizeError } from '../index.js';
import { startAttempts } from './attempts.js';
import { checkRetryOptions, type RetryOptions } from './retry-options.js';
import { invalidOption } from '../foundation/option-checks.js';

/**
 * Calls `fn` until it succeeds, retrying only while the error (normalized) is retryable and its
 * policy allows another attempt. Without a delay from the server it waits an exponential backoff with
 * full jitter (a fixed delay for a `fixed` policy), capped by `maxDelayMs`; with one
 * (`retryAfterMs`) it never retries earlier than asked, and its jitter only lengthens the wait. A
 * server delay above `maxRetryAfterMs` means giving up at once (the delay stays on the error for a
 * caller who schedules the work later). When it gives up it throws the last error, normalized, with
 * `details.attempts`. A control signal `fn` throws (`isControlSignal`: a LangGraph interrupt or command,
 * or, once the caller's `signal` has aborted, its reason or an AbortError) is rethrown at once as it is:
 * never retried, normalized, counted or told to `onError`.
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
  checkRetryOptions('retry', options);
  // Not left to the first attempt: calling a missing `fn` would throw a TypeError that is then retried as a failure.
  if (typeof fn !== 'function') throw invalidOption('retry', 'fn', fn, 'a function');
  const attempts = startAttempts(options);
  for (let attempt = 1; ; attempt++) {
    attempts.checkAborted();
    try {
      return await fn({ attempt, signal: attempts.signal });
    } catch (thrown) {
      if (attempts.isControlSignal(thrown)) throw thrown;
      await attempts.failed(normalizeError(thrown), attempt);
    }
  }
}

