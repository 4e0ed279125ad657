import type { FaultlineError } from '../base/faultline-error.js';
import { hasNodeHead } from '../contract/node-shape.js';
import type { SerializeOptions } from '../contract/serialize-options.js';
import type { SerializedError } from '../contract/serialized-error.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { normalizeError } from './normalize-error.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import { deserializeError } from '../read-back/deserialize-error.js';

/**
 * Turns any thrown value into the contract's JSON shape. It normalizes first, so the output
 * always has `name`, `code`, `category`, `message` and `retryable`. Secrets are redacted, the
 * stack is left out and every limit applies unless `options` say otherwise. Data that already is a
 * serialized error (an `onError` event's `error`, a row read back as JSON) is written as the error
 * it reads back as, not wrapped: so a logger given `serializeError` writes events as it writes
 * errors. Never throws.
 *
 * @example
 * ```ts
 * const line = JSON.stringify(serializeError(new ToolNotFoundError(undefined, { toolName: 'delete' })));
 * // {"name":"ToolNotFoundError","code":"TOOL_NOT_FOUND","category":"TOOL",...,"toolName":"delete"}
 * ```
 */
export function serializeError(value: unknown, options?: SerializeOptions): SerializedError {
  // A faultline error, the common case, is written as it is: asking first whether it is serialized data
  // would cost it a prototype read for nothing.
  const error = isFaultlineError(value) ? value : (readsBackAsItself(value) ?? normalizeError(value));
  return serializeFaultline(error, options);
}

// Serialized data is read back, and so validated and rebuilt, rather than trusted as it is: the
// writer's limits and redaction still apply to what it holds.
function readsBackAsItself(value: unknown): FaultlineError | undefined {
  try {
    return hasNodeHead(value) ? deserializeError(value) : undefined;
  } catch {
    return undefined; // not the contract after all (or a hostile object): normalized like any value
  }
}
