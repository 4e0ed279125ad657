import { normalizeError } from './normalize-error.js';
import type { SerializeOptions } from '../contract/serialize-options.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import type { SerializedError } from '../contract/serialized-error.js';

/**
 * Turns any thrown value into the contract's JSON shape. It normalizes first, so the output
 * always has `name`, `code`, `category`, `message` and `retryable`. Secrets are redacted, the
 * stack is left out and every limit applies unless `options` say otherwise. Never throws.
 *
 * @example
 * ```ts
 * const line = JSON.stringify(serializeError(new ToolNotFoundError(undefined, { toolName: 'delete' })));
 * // {"name":"ToolNotFoundError","code":"TOOL_NOT_FOUND","category":"TOOL",...,"toolName":"delete"}
 * ```
 */
export function serializeError(value: unknown, options?: SerializeOptions): SerializedError {
  return serializeFaultline(normalizeError(value), options);
}
