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

/** `StepConfig` of `@dbos-inc/dbos-sdk`, with retries on and `shouldRetry` set. */
export interface DbosStepConfig {
  readonly retriesAllowed: true;
  readonly maxAttempts: number;
  readonly intervalSeconds: number;
  readonly backoffRate: number;
  readonly shouldRetry: (error: unknown) => boolean;
  readonly timeoutMS?: number;
  readonly name?: string;
}

// DBOS caps each wait after the first at an hour; the first is `intervalSeconds` whatever it is.
const MAX_INTERVAL_SECONDS = 3600;

/**
 * A DBOS step configuration whose `shouldRetry` follows the error's `retryable`: a ValidationError fails the
 * step at once, a TransientError is retried on DBOS's schedule. DBOS has no delay per error, so that an error
 * whose `retryAfterMs` is longer than the next wait is not retried either: the step fails with it, and the
 * workflow can `await DBOS.sleep(error.retryAfterMs)` first (docs/dbos.md). Throws a TypeError naming an
 * option that is not valid.
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

function shouldRetry(error: unknown, waitMs: number): boolean {
  if (isControlSignal(error)) return false;
  const value = normalizeError(error);
  return mayRunAgain(value) && (retryAfterMsOf(value) ?? 0) <= waitMs;
}
