import { ApplicationFailure, ApplicationFailureCategory, TemporalFailure } from '@temporalio/common';
import { checkKnownKeys, checkType } from '../foundation/option-checks.js';
import { mayRunAgain } from '../foundation/policy-fields.js';
import { normalizeError, serializeError, type FaultlineError, type SerializeOptions } from '../index.js';
import type { ErrorPolicy } from '../retry/index.js';
import { isInstanceOf } from '../foundation/guarded-instance.js';

export interface ToApplicationFailureOptions {
  /**
   * The policy of an error, whose `logLevel: 'debug'` marks a failure as expected: Temporal's benign category.
   * Without it no failure is benign; pass a `createClassifier` with `logLevel: 'debug'` for the codes you expect.
   */
  readonly classify?: (error: unknown) => ErrorPolicy;
}

/**
 * The limits the serialized error is written with: `maxSerializedSize(DETAILS_LIMITS)` is far below the
 * 2 MiB past which Temporal's server replaces a failure with a non-retryable ServerFailure.
 */
export const DETAILS_LIMITS = { maxMessageLength: 2000, maxDetailsSize: 4096, maxDepth: 4, maxErrors: 4 } as const satisfies SerializeOptions;

const WHERE = 'toApplicationFailure';

/**
 * The `ApplicationFailure` Temporal should record for any thrown value (normalized first): `type` is the
 * code, `nonRetryable` is `!retryable`, `nextRetryDelay` is `retryAfterMs`, `details` holds the serialized
 * error (redacted, bounded), and there is no `cause`, whose message and stack Temporal would record
 * unredacted. An expected failure (policy `logLevel: 'debug'`) is benign. A Temporal failure is returned as
 * it is, so that a `CancelledFailure` propagates (docs/temporal.md).
 *
 * @example
 * ```ts
 * import { ModelError } from 'faultline';
 * import { toApplicationFailure } from 'faultline/temporal';
 *
 * export async function callModelActivity(question: string): Promise<string> {
 *   try {
 *     return await callModel(question);
 *   } catch (error) {
 *     throw toApplicationFailure(ModelError.from(error, { provider: 'openai' })); // a quota error is not retried
 *   }
 * }
 * ```
 */
export function toApplicationFailure(error: FaultlineError, options?: ToApplicationFailureOptions): ApplicationFailure;
/** Any thrown value: a Temporal failure as it is, anything else the ApplicationFailure above. */
export function toApplicationFailure(error: unknown, options?: ToApplicationFailureOptions): TemporalFailure;
export function toApplicationFailure(error: unknown, options?: ToApplicationFailureOptions): TemporalFailure {
  checkOptions(options);
  // Temporal's `instanceof` reads a marker on the value, so it holds across copies of @temporalio/common.
  if (isInstanceOf(error, TemporalFailure)) return error;
  const value = normalizeError(error);
  const json = serializeError(value, DETAILS_LIMITS);
  const retryable = mayRunAgain(value);
  const delay = retryable ? json.retryAfterMs : undefined;
  return ApplicationFailure.create({
    message: json.message,
    type: json.code,
    nonRetryable: !retryable,
    details: [json],
    // A delay of 0 sets none: the retry policy's own backoff applies.
    ...(delay !== undefined && delay > 0 && { nextRetryDelay: delay }),
    ...(isExpected(value, options?.classify) && { category: ApplicationFailureCategory.BENIGN }),
  });
}

// A classify that throws marks nothing expected: the activity's own error is what Temporal must get.
function isExpected(error: FaultlineError, classify: ((error: unknown) => ErrorPolicy) | undefined): boolean {
  if (classify === undefined) return false;
  try {
    return classify(error).logLevel === 'debug';
  } catch {
    return false;
  }
}

function checkOptions(options: ToApplicationFailureOptions | undefined): void {
  checkType(WHERE, 'options', options, 'object');
  if (options === undefined) return;
  checkKnownKeys(WHERE, options, ['classify']);
  checkType(WHERE, 'classify', options.classify, 'function');
}
