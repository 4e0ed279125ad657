import { ApplicationFailure, ApplicationFailureCategory, TemporalFailure } from '@temporalio/common';
import { checkKnownKeys, checkType } from '../foundation/option-checks.js';
import { mayRunAgain } from '../foundation/policy-fields.js';
import { normalizeError, serializeError, type FaultlineError, type SerializeOptions } from '../index.js';
import type { ErrorPolicy } from '../retry/index.js';
import { isInstanceOf } from '../foundation/guarded-instance.js';

/** Options of {@link toApplicationFailure}. */
export interface ToApplicationFailureOptions {
  /**
   * The policy of an error, whose `logLevel` `'debug'` marks a failure as expected: Temporal's benign
   * category. Without it no failure is benign (faultline/retry's default table marks none expected):
   * pass a faultline/retry `createClassifier` with `logLevel: 'debug'` for the codes your workflows expect.
   */
  readonly classify?: (error: unknown) => ErrorPolicy;
}

/**
 * The limits the serialized error is written with, for the failure's message and its details. The
 * most it can take is `maxSerializedSize(DETAILS_LIMITS)` (about 270,000 characters; a few hundred for
 * a typical error), far below the 2 MiB past which Temporal's server replaces a failure with a
 * non-retryable "failure exceeds size limit" ServerFailure, which would change what is retried.
 */
export const DETAILS_LIMITS = { maxMessageLength: 2000, maxDetailsSize: 4096, maxDepth: 4, maxErrors: 4 } as const satisfies SerializeOptions;

const WHERE = 'toApplicationFailure';

/**
 * The `ApplicationFailure` Temporal should record for any thrown value (normalized first): `type` is the
 * error's code (what a retry policy's `nonRetryableErrorTypes` matches), `nonRetryable` is `!retryable`,
 * `nextRetryDelay` is `retryAfterMs` (when retryable and above 0), `details` holds the serialized error
 * (redacted, no stack, bounded by {@link DETAILS_LIMITS}), and `message` is its message, redacted. A
 * stream that had shown output (`outputStarted`) is non-retryable: it is never replayed. It has
 * no `cause`: Temporal would record the cause's message and stack unredacted; the serialized error keeps
 * the causes instead. Where the policy's `logLevel` is `'debug'` the failure is expected, and its category
 * is Temporal's benign one (logged at debug, not counted in the failure metrics). A Temporal failure is
 * returned as it is: a `CancelledFailure` must propagate, and an `ActivityFailure` rethrown by a workflow
 * keeps its whole chain.
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
/** Any thrown value: a Temporal failure as it is, anything else (normalized) the ApplicationFailure above. */
export function toApplicationFailure(error: unknown, options?: ToApplicationFailureOptions): TemporalFailure;
export function toApplicationFailure(error: unknown, options?: ToApplicationFailureOptions): TemporalFailure {
  checkOptions(options);
  // Temporal's `instanceof` reads a marker on the value, so it holds across copies of @temporalio/common.
  if (isInstanceOf(error, TemporalFailure)) return error;
  const value = normalizeError(error);
  const json = serializeError(value, DETAILS_LIMITS);
  // A stream that had shown output is never replayed, whatever the provider said (docs/streaming.md).
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

// A classify that throws, or answers no policy, marks nothing expected: the activity's own error is
// what Temporal must get, never the classifier's.
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
