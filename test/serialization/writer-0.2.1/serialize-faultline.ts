// The 0.2.1 writer, frozen as the oracle of #29: src/serialization/serialize-faultline.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
import type { SerializeOptions } from '../../../src/contract/serialize-options.js';
import type { SerializedError } from '../../../src/contract/serialized-error.js';
import { errorInDetails, faultlineNode } from './error-nodes.js';
import { createRun } from './serialization-state.js';

/**
 * Serializes a faultline error into the contract. Low level: it takes an error already known to
 * be a faultline error (the base class's `toJSON` calls it), so it needs no class of its own.
 * `serializeError` is the public entry that first normalizes any value.
 */
export function serializeFaultline(error: object, options?: SerializeOptions): SerializedError {
  try {
    return faultlineNode(error, createRun(error, options, errorInDetails), 1);
  } catch {
    // Only a limit set far past its default can get here (a stack overflow on a huge maxDepth).
    // Here rather than in serializeError, so that toJSON, and so JSON.stringify, never throws either.
    return faultlineNode(error, createRun(error, { ...options, maxDepth: 1, maxErrors: 0, maxDetailsSize: 0 }, errorInDetails), 1);
  }
}
