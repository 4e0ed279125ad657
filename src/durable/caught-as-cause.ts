import type { FaultlineError } from '../index.js';
import { defineHidden } from '../foundation/own-property.js';

/**
 * An error rebuilt from what an engine kept, given the value the caller caught as its `cause` (not
 * enumerable, as Error's own), so that nothing is lost: unless the error was written with a cause of
 * its own, which is kept, because the caller holds the value caught already and could not get the
 * written cause back otherwise. Then the rebuilt error re-serializes byte for byte as it was written.
 */
export function withCaughtCause(error: FaultlineError, caught: unknown): FaultlineError {
  if (!Object.hasOwn(error, 'cause')) {
    defineHidden(error, 'cause', caught);
  }
  return error;
}
