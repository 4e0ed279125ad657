import { isControlSignal, normalizeError } from '../index.js';
import { checkKnownKeys, checkNumber, checkType, invalidOption } from '../foundation/option-checks.js';
import { mayRunAgain, retryAfterMsOf } from '../foundation/policy-fields.js';

/** The options of {@link dbosStepConfig}: DBOS's retry schedule, and the step's own name and timeout. */
export interface DbosStepOptions {
  /** Attempts in all, the first included. Default 3 (DBOS's). */
  readonly maxAttempts?: number | undefined;
  /** Seconds before the first retry. Default 1 (DBOS's); DBOS caps each later wait at an hour. */
  readonly intervalSeconds?: number | undefined;
  /** What each wait is multiplied by for the next, 1 or more. Default 2 (DBOS's). */
  readonly backoffRate?: number | undefined;
  /** DBOS's `timeoutMS`: the longest one attempt may take (DBOS checks it). */
  readonly timeoutMS?: number | undefined;
  /** The step's name. */
  readonly name?: string | undefined;
}

/**
 * A step's configuration as `DBOS.registerStep`, `DBOS.runStep` and `@DBOS.step()` take one
 * (`StepConfig` of `@dbos-inc/dbos-sdk`), with retries on and `shouldRetry` set.
 */
export interface DbosStepConfig {
  readonly retriesAllowed: true;
  readonly maxAttempts: number;
  readonly intervalSeconds: number;
  readonly backoffRate: number;
  readonly shouldRetry: (error: unknown) => boolean;
  readonly timeoutMS?: number;
  readonly name?: string;
}

// DBOS caps each wait after the first at an hour (dbos-executor.js, maxRetryIntervalSec); the first is
// `intervalSeconds` whatever it is. So the shortest wait is the smaller of the two.
const MAX_INTERVAL_SECONDS = 3600;

/**
 * A DBOS step configuration whose `shouldRetry` follows faultline: a thrown value (normalized) is
 * retried when its `retryable` is true, so a ModelQuotaExceededError or a ValidationError fails the step
 * at its first attempt and a TransientError is retried on DBOS's schedule. DBOS has no delay per error:
 * it waits `intervalSeconds`, then that times `backoffRate`, and so on. So that a step never runs again
 * earlier than the provider asked, an error whose `retryAfterMs` is longer than `intervalSeconds` is not
 * retried either: the step fails with it (its `retryAfterMs` kept), and the workflow can wait durably
 * (`await DBOS.sleep(error.retryAfterMs)`) before it calls the step again. A LangGraph interrupt or a
 * stream that showed output is not retried. Throws a TypeError naming an option that is not valid.
 *
 * @example
 * ```ts
 * import { DBOS } from '@dbos-inc/dbos-sdk';
 * import { dbosStepConfig } from 'faultline/dbos';
 *
 * const answer = DBOS.registerStep(callModel, dbosStepConfig({ name: 'call model', maxAttempts: 5 }));
 * ```
 */
export function dbosStepConfig(options?: DbosStepOptions): DbosStepConfig {
  const where = 'dbosStepConfig';
  checkType(where, 'options', options, 'object');
  // A key DBOS takes but this does not (`shouldRetry`, `retriesAllowed`) would be dropped, silently.
  if (options !== undefined) checkKnownKeys(where, options, ['maxAttempts', 'intervalSeconds', 'backoffRate', 'timeoutMS', 'name']);
  checkNumber(where, 'maxAttempts', options?.maxAttempts, { min: 1, whole: true, infinite: true });
  // DBOS refuses a timeout of 0 or less when the step runs; refused here, at the call.
  const timeout: unknown = options?.timeoutMS;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) throw invalidOption(where, 'timeoutMS', timeout, 'a number above 0');
  checkNumber(where, 'intervalSeconds', options?.intervalSeconds, { min: 0 });
  // A rate below 1 would make a later wait shorter than the first, which the retryAfterMs rule reads.
  checkNumber(where, 'backoffRate', options?.backoffRate, { min: 1 });
  checkType(where, 'name', options?.name, 'string');
  const intervalSeconds = options?.intervalSeconds ?? 1;
  const shortestWaitMs = Math.min(intervalSeconds, MAX_INTERVAL_SECONDS) * 1000;
  return {
    retriesAllowed: true,
    maxAttempts: options?.maxAttempts ?? 3,
    intervalSeconds,
    backoffRate: options?.backoffRate ?? 2,
    shouldRetry: (error) => shouldRetry(error, shortestWaitMs),
    ...(options?.timeoutMS !== undefined && { timeoutMS: options.timeoutMS }),
    ...(options?.name !== undefined && { name: options.name }),
  };
}

/** Whether DBOS should run a step again after `error`, when it would wait `waitMs` first. Never throws. */
function shouldRetry(error: unknown, waitMs: number): boolean {
  if (isControlSignal(error)) return false;
  const value = normalizeError(error);
  return mayRunAgain(value) && (retryAfterMsOf(value) ?? 0) <= waitMs;
}
