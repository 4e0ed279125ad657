import type { FaultlineError } from '../index.js';
import { defineHidden } from '../foundation/own-property.js';

/**
 * Not as its `cause`: the cause is the one the error was written with, so that the rebuilt error
 * serializes byte for byte as the error thrown and the contract does not grow by a wrapper at every hop.
 * Not enumerable, so that it is never serialized.
 */
export function withEngineError(error: FaultlineError, engineError: unknown): FaultlineError {
  defineHidden(error, 'engineError', engineError);
  return error;
}
