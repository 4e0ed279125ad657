import type { SerializeOptions } from '../contract/serialize-options.js';
import type { SerializedError, SerializedJson } from '../contract/serialized-error.js';
import { errorInDetails, faultlineNode } from './error-nodes.js';
import { jsonCopy } from './plain-data.js';
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

/**
 * Any value as the contract writes a value of `details`: a JSON copy, secrets redacted by the built-in
 * rules (text and key names), bounded by the default limits. For a view of data that is not in a node,
 * such as the own fields of a foreign error that `util.inspect` prints.
 */
export function serializeData(value: unknown): SerializedJson | undefined {
  const run = createRun(typeof value === 'object' && value !== null ? value : {}, undefined, errorInDetails);
  return jsonCopy(value, run, { cut: undefined, budget: run.maxDetailsSize }, 1, undefined);
}
