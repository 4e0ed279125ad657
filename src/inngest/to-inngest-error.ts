import { normalizeError, serializeError } from '../index.js';
import { isErrorObject } from '../foundation/error-object.js';
import { mayRunAgain, retryAfterMsOf } from '../foundation/policy-fields.js';
import { readProperty } from '../foundation/safe-read.js';
import { CARRIED_LIMITS, CAUSE_KEY, type CarriedCause } from './carried-error.js';
import { inngestSdk } from './load-sdk.js';
import type { InngestNonRetriableError, InngestRetryAfterError, InngestStepError } from './sdk.js';
import { isInstanceOf } from '../foundation/guarded-instance.js';
import { defineHidden } from '../foundation/own-property.js';

/**
 * The longest delay Inngest waits before a retry: its executor clips a longer one to a day
 * (`MaxRetryDuration`), and reads a delay of more than seven digits of seconds as none at all.
 */
const LONGEST_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * What Inngest should do with any thrown value (normalized first), to throw from a step or a function:
 * a non-retryable error becomes a `NonRetriableError`, which ends the run at once; a retryable one with
 * a `retryAfterMs` becomes a `RetryAfterError`, so that Inngest never retries earlier than the provider
 * asked (in whole seconds, rounded up; at most a day, Inngest's own limit); any other retryable error
 * becomes a plain `Error` named as its class, which Inngest retries under the function's retry policy
 * (not the faultline error itself, whose raw cause Inngest would store as it is). Each carries the
 * serialized error (redacted, no stack, bounded) in its `cause`, which Inngest keeps through the step,
 * the StepError and the onFailure event, for `fromInngestError`; its message is the contract's,
 * redacted. A stream that had shown output is not retried (`outputStarted`). Inngest's own decisions (a
 * NonRetriableError, a RetryAfterError, a StepError of a step that already failed for good) are returned
 * as they are. The first two are instances of the application's own `inngest` classes; without `inngest`
 * installed, it throws an Error that names the package.
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
export function toInngestError(error: unknown): InngestNonRetriableError | InngestRetryAfterError | InngestStepError | Error {
  const { NonRetriableError, RetryAfterError, StepError } = inngestSdk();
  // Already what Inngest reads: as it is. A StepError is a step that failed for good; made into
  // anything else, it would have the run retried only to fail at the same step again.
  if (isInstanceOf(error, StepError) || isInstanceOf(error, NonRetriableError) || isInstanceOf(error, RetryAfterError) || isDecisionByName(error)) {
    return error;
  }
  const value = normalizeError(error);
  const json = serializeError(value, CARRIED_LIMITS);
  const cause: CarriedCause = { [CAUSE_KEY]: json };
  if (!mayRunAgain(value)) return new NonRetriableError(json.message, { cause });
  // A delay of 0 (or none readable) sets none: the function's own retry policy applies.
  const delay = retryAfterMsOf(value) ?? 0;
  if (delay > 0) return new RetryAfterError(json.message, Math.min(delay, LONGEST_RETRY_DELAY_MS), { cause });
  // Retried on the function's own policy. Not the error itself: Inngest would store its raw cause as it
  // is (five causes deep, messages and stacks, secrets included). An Error named as the class, carrying
  // the contract, is retried the same way and reaches onFailure whole.
  const retried = new Error(json.message, { cause });
  defineHidden(retried, 'name', json.name);
  return retried;
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
