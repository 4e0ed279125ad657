import { normalizeError } from '../index.js';
import { MAX_TIMER_DELAY_MS, mayRunAgain, serverDelayOf } from '../foundation/policy-fields.js';
import { classify } from './error-policy.js';

/**
 * Whether a thrown value (normalized) may be retried: cockatiel's `handleWhen` takes it as it is, p-retry's
 * `shouldRetry` in one line. A field not of its type, a server delay no timer can wait, and `outputStarted:
 * true` read as not retryable. Never throws.
 *
 * @example
 * ```ts
 * import { handleWhen, retry, ExponentialBackoff } from 'cockatiel';
 * import { isRetryable } from 'faultline/retry';
 *
 * const policy = retry(handleWhen(isRetryable), { maxAttempts: 3, backoff: new ExponentialBackoff() });
 * ```
 */
export function isRetryable(error: unknown): boolean {
  const value = normalizeError(error);
  return mayRunAgain(value) && (serverDelayOf(value) ?? 0) <= MAX_TIMER_DELAY_MS;
}

/**
 * Whether a thrown value says the callee is unhealthy, so that a circuit breaker should count it: a
 * transient failure or a timeout does, a validation error or an empty account does not.
 *
 * @example
 * ```ts
 * import { circuitBreaker, ConsecutiveBreaker, handleWhen } from 'cockatiel';
 * import { countsTowardCircuit } from 'faultline/retry';
 *
 * const breaker = circuitBreaker(handleWhen(countsTowardCircuit), { halfOpenAfter: 10_000, breaker: new ConsecutiveBreaker(5) });
 * ```
 */
export function countsTowardCircuit(error: unknown): boolean {
  return classify(error).countsTowardCircuit;
}
