import { normalizeError, serializeError } from '../index.js';
import { isErrorObject } from '../foundation/error-object.js';
import { mayRunAgain, retryAfterMsOf } from '../foundation/policy-fields.js';
import { readProperty } from '../foundation/safe-read.js';
import { CARRIED_LIMITS, CAUSE_KEY, type CarriedCause } from './carried-error.js';
import { inngestSdk } from './load-sdk.js';
import type { InngestNonRetriableError, InngestRetryAfterError, InngestStepError } from './sdk.js';
import { isInstanceOf } from '../foundation/guarded-instance.js';
import { defineHidden } from '../foundation/own-property.js';

// Inngest's executor clips a longer delay to a day, and reads one of more than seven digits of seconds as none.
const LONGEST_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * What Inngest should do with any thrown value (normalized first): a non-retryable error becomes a
 * `NonRetriableError`, which ends the run; one with a `retryAfterMs` a `RetryAfterError` (whole seconds,
 * rounded up, at most a day); any other a plain `Error` named as its class, retried under the function's
 * policy. Each carries the serialized error (redacted, bounded) in its `cause` for `fromInngestError`.
 * Inngest's own decisions are returned as they are (docs/inngest.md). Without `inngest` installed, it
 * throws an Error that names the package.
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
  // A StepError is a step that failed for good: made into anything else, the run would be retried only to fail again.
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
  // Not the error itself: Inngest would store its raw cause as it is, secrets included. An Error named
  // as the class, carrying the contract, is retried the same way and reaches onFailure whole.
  const retried = new Error(json.message, { cause });
  defineHidden(retried, 'name', json.name);
  return retried;
}

/** Another copy of inngest's (its ESM and CJS builds are two), which Inngest's executor recognises by name as well. */
function isDecisionByName(value: unknown): value is InngestNonRetriableError | InngestRetryAfterError {
  if (!isErrorObject(value)) return false;
  const name = readProperty(value, 'name');
  return name === 'NonRetriableError' || (name === 'RetryAfterError' && typeof readProperty(value, 'retryAfter') === 'string');
}
