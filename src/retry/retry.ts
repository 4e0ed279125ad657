import { normalizeError } from '../index.js';
import { startAttempts } from './attempts.js';
import { checkRetryOptions, type RetryOptions } from './retry-options.js';
import { invalidOption } from '../foundation/option-checks.js';

/**
 * Calls `fn` until it succeeds, retrying while the error (normalized) is retryable and its policy allows
 * another attempt: an exponential backoff with full jitter, or never earlier than the server's
 * `retryAfterMs`; a server delay above `maxRetryAfterMs` gives up at once. It throws the last error,
 * normalized, with `details.attempts`. A control signal is rethrown at once as it is (docs/retry.md).
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
    // A missing `fn` would throw a TypeError at the first attempt, which would then be retried as a failure.
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

