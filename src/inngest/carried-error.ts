import { deserializeError, type FaultlineError, type SerializedError, type SerializeOptions } from '../index.js';
import { readProperty as at } from '../foundation/safe-read.js';

// Of a thrown error Inngest keeps `name`, `message`, `stack` and `cause` alone, and of a cause that has no
// `name` the whole JSON value, through the step, the StepError and the failure event. So the carrier is
// the cause of what toInngestError makes: an object without a `name`, holding the contract under one key.

/** The key under which the cause of an Inngest error carries the serialized faultline error. */
export const CAUSE_KEY = 'faultline';

export interface CarriedCause {
  readonly [CAUSE_KEY]: SerializedError;
}

/** So that the carried error stays small wherever Inngest stores it (a failure event is at most 512 KB). */
export const CARRIED_LIMITS = { maxMessageLength: 2000, maxDetailsSize: 4096, maxDepth: 3, maxErrors: 4 } as const satisfies SerializeOptions;

// How many causes down the carrier is looked for: Inngest serializes five causes deep, and a value that
// makes a fresh cause on every read must not keep the search going.
const MAX_CAUSES = 8;

/** Never throws. */
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

