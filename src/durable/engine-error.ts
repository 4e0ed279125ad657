import type { FaultlineError } from '../index.js';
import { defineHidden } from '../foundation/own-property.js';

/**
 * The error rebuilt from what an engine carried, with the value it was read from (an ActivityFailure, a
 * StepError, a TerminalError, the error a DBOS handle rejected with) as `engineError`: not enumerable, so
 * that it is never serialized. Not as its `cause`: the cause is the one the error was written with (none,
 * or its own chain), so that the rebuilt error serializes byte for byte as the error thrown, and the
 * contract does not grow by the engine's wrapper at every hop. The functions keep returning
 * `FaultlineError`, so that `instanceof` narrows their result to a class as before; a reader of
 * `engineError` asks `'engineError' in error` first.
 */
export function withEngineError(error: FaultlineError, engineError: unknown): FaultlineError {
  defineHidden(error, 'engineError', engineError);
  return error;
}
