/**
 * faultline/retry: retrying by the error's own fields. `retry` honours Retry-After, `classify` gives
 * an error's policy, `fallbackModelFor` picks a model whose context holds a request too long for its
 * own, and the predicates and `retryAfterBackoff` plug faultline into cockatiel and p-retry. Re-exports only.
 */
export {
  classify, createClassifier,
  type Backoff, type ClassifierOptions, type ErrorPolicy, type LogLevel, type PolicyOverride,
} from './error-policy.js';
export { retry } from './retry.js';
export { retryStream, type RetryStreamOptions, type StreamAttempt } from './retry-stream.js';
export type { RetryClock, RetryOptions } from './retry-options.js';
export { countsTowardCircuit, isRetryable } from './predicates.js';
export { fallbackModelFor, type FallbackModel } from './fallback-model.js';
export { retryAfterBackoff, type RetryBackoff, type RetryBackoffFactory, type RetryResultContext } from './retry-after-backoff.js';
