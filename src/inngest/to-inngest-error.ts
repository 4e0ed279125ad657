import { normalizeError, type FaultlineError } from '../index.js';
import { isErrorObject } from '../foundation/error-object.js';
import { retryableOf, retryAfterMsOf } from '../foundation/policy-fields.js';
import { readProperty } from '../foundation/safe-read.js';
import { carriedCause, serializedForInngest } from './carried-error.js';
import { inngestSdk } from './load-sdk.js';
import type { InngestNonRetriableError, InngestRetryAfterError, InngestStepError } from './sdk.js';

/**
 * The longest delay Inngest waits before a retry: its executor clips a longer one to a day
 * (`MaxRetryDuration`), and reads a delay of more than seven digits of seconds as none at all.
 */
const LONGEST_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * What Inngest should do with any thrown value (normalized first), to throw from a step or a function:
 * a non-retryable error becomes a `NonRetriableError`, which ends the run at once; a retryable one with
 * a `retryAfterMs` becomes a `RetryAfterError`, so that Inngest never retries earlier than the provider
 * asked (in whole seconds, rounded up; at most a day, Inngest's own limit); any other retryable error is
 * the faultline error itself, which Inngest retries under the function's retry policy. The first two
 * carry the serialized error (redacted, no stack, bounded) in their `cause`, which Inngest keeps through
 * the step, the StepError and the onFailure event, for `fromInngestError`; their message is the
 * contract's, redacted. Inngest's own decisions (a NonRetriableError, a RetryAfterError, a StepError of a
 * step that already failed for good) are returned as they are. The first two are instances of the
 * application's own `inngest` classes; without `inngest` installed, it throws an Error that names the package.
 *
 * @example
 * ```ts
 * import { Inngest } from 'inngest';
 * import { ModelError } from 'faultline';
 * import { toInngestError } from 'faultline/inngest';
 *
 * const inngest = new Inngest({ id: 'agents' });
 * inngest.createFunction({ id: 'answer', triggers: [{ event: 'app/question' }] }, async ({ step }) =>
 *   step.run('call model', async () => {
 *     try {
 *       return await callModel();
 *     } catch (error) {
 *       throw toInngestError(ModelError.from(error, { provider: 'openai' })); // quota: not retried; 429: after its Retry-After
 *     }
 *   }),
 * );
 * ```
 */
export function toInngestError(error: unknown): InngestNonRetriableError | InngestRetryAfterError | InngestStepError | FaultlineError {
  const { NonRetriableError, RetryAfterError, StepError } = inngestSdk();
  // Already what Inngest reads: as it is. A StepError is a step that failed for good; made into
  // anything else, it would have the run retried only to fail at the same step again.
  if (isInstance(error, StepError) || isInstance(error, NonRetriableError) || isInstance(error, RetryAfterError) || isDecisionByName(error)) {
    return error;
  }
  const value = normalizeError(error);
  if (!retryableOf(value)) {
    const json = serializedForInngest(value);
    return new NonRetriableError(json.message, { cause: carriedCause(json) });
  }
  // A delay of 0 (or none readable) sets none: the function's own retry policy applies.
  const delay = retryAfterMsOf(value) ?? 0;
  if (delay === 0) return value;
  const json = serializedForInngest(value);
  return new RetryAfterError(json.message, Math.min(delay, LONGEST_RETRY_DELAY_MS), { cause: carriedCause(json) });
}

// `instanceof`, false rather than a TypeError for a revoked Proxy.
function isInstance<T>(value: unknown, Class: abstract new (...args: never) => T): value is T {
  try {
    return value instanceof Class;
  } catch {
    return false;
  }
}

/**
 * A NonRetriableError or RetryAfterError of another copy of inngest (its ES module and CommonJS builds
 * are two), which Inngest's executor recognises by its name as well.
 */
function isDecisionByName(value: unknown): value is InngestNonRetriableError | InngestRetryAfterError {
  if (!isErrorObject(value)) return false;
  const name = readProperty(value, 'name');
  return name === 'NonRetriableError' || (name === 'RetryAfterError' && typeof readProperty(value, 'retryAfter') === 'string');
}
