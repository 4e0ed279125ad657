import { deserializeError, type FaultlineError, type SerializedError, type SerializeOptions } from '../index.js';
import { readProperty as at } from '../foundation/safe-read.js';

/*
 * How a faultline error rides through Inngest. Of a thrown error Inngest keeps `name`, `message`,
 * `stack` and `cause` alone (its SDK's serializeError also keeps `code`, which its server drops), and
 * of a cause that has no `name` it keeps the whole JSON value: through the step's result, the StepError
 * the function then sees, and the `inngest/function.failed` event an onFailure handler gets. So the
 * carrier is the cause of what toInngestError makes (a NonRetriableError, a RetryAfterError, or an
 * Error named as the class): an object without a `name`, holding the serialized error under one key.
 */

/** The key under which the cause of an Inngest error carries the serialized faultline error. */
export const CAUSE_KEY = 'faultline';

/** The cause toInngestError gives an Inngest error: the serialized faultline error (redacted, no stack, bounded). */
export interface CarriedCause {
  readonly [CAUSE_KEY]: SerializedError;
}

/**
 * The limits the carried error is written with, so that it stays small wherever Inngest stores it (a
 * step's result, the run's state, a failure event of at most 512 KB): at most
 * `maxSerializedSize(CARRIED_LIMITS)` characters of strings and keys, whatever the error holds.
 */
export const CARRIED_LIMITS = { maxMessageLength: 2000, maxDetailsSize: 4096, maxDepth: 3, maxErrors: 4 } as const satisfies SerializeOptions;

// How many causes down the carrier is looked for: Inngest serializes five causes deep, and a value that
// makes a fresh cause on every read must not keep the search going.
const MAX_CAUSES = 8;

/**
 * The faultline error carried by `value` or one of its first eight causes, rebuilt into its class with
 * the causes it was written with; undefined when none is carried. Never throws.
 */
export function carriedError(value: unknown): FaultlineError | undefined {
  let link = value;
  for (let depth = 0; depth <= MAX_CAUSES && typeof link === 'object' && link !== null; depth++) {
    const carried = at(link, CAUSE_KEY);
    if (carried !== undefined) {
      try {
        return deserializeError(carried);
      } catch {
        // a `faultline` key that is not a serialized faultline error: look further down
      }
    }
    link = at(link, 'cause');
  }
  return undefined;
}

