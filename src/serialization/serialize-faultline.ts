import type { SerializeOptions } from '../contract/serialize-options.js';
import type { SerializedError, SerializedJson } from '../contract/serialized-error.js';
import { errorInDetails, faultlineNode } from './error-nodes.js';
import { jsonCopy } from './plain-data.js';
import { createRun } from './serialization-state.js';

/** For an error known to be a faultline one (`toJSON` calls it); `serializeError` normalizes any value first. */
export function serializeFaultline(error: object, options?: SerializeOptions): SerializedError {
  try {
    return faultlineNode(error, createRun(error, options, errorInDetails), 1);
  } catch {
    // Only a limit set far past its default can get here (a stack overflow on a huge maxDepth).
    // Here rather than in serializeError, so that toJSON, and so JSON.stringify, never throws either.
    return faultlineNode(error, createRun(error, { ...options, maxDepth: 1, maxErrors: 0, maxDetailsSize: 0 }, errorInDetails), 1);
  }
}

/** As the contract writes a value of `details`, for data that is in no node (a foreign cause's fields that `util.inspect` prints). */
export function serializeData(value: unknown): SerializedJson | undefined {
  const run = createRun(typeof value === 'object' && value !== null ? value : {}, undefined, errorInDetails);
  return jsonCopy(value, run, { cut: undefined, budget: run.maxDetailsSize }, 1, undefined);
}
