import type { FaultlineError } from '../base/faultline-error.js';
import { hasNodeHead } from '../contract/node-shape.js';
import type { SerializeOptions } from '../contract/serialize-options.js';
import type { SerializedError } from '../contract/serialized-error.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { normalizeError } from './normalize-error.js';
import { serializeFaultline } from '../serialization/serialize-faultline.js';
import { deserializeError } from '../read-back/deserialize-error.js';

/**
 * Turns any thrown value into the contract's JSON shape, normalized first: secrets redacted, no stack,
 * every limit applied unless `options` say otherwise. Data that already is a serialized error (an
 * `onError` event's `error`) is written as the error it reads back as, not wrapped. Never throws.
 *
 * @example
 * ```ts
 * const line = JSON.stringify(serializeError(new ToolNotFoundError(undefined, { toolName: 'delete' })));
 * // {"name":"ToolNotFoundError","code":"TOOL_NOT_FOUND","category":"TOOL",...,"toolName":"delete"}
 * ```
 */
export function serializeError(value: unknown, options?: SerializeOptions): SerializedError {
  // A faultline error, the common case, is written as it is, spared a prototype read.
  const error = isFaultlineError(value) ? value : (readsBackAsItself(value) ?? normalizeError(value));
  return serializeFaultline(error, options);
}

// Read back, so validated and rebuilt, rather than trusted: the writer's limits and redaction still apply.
function readsBackAsItself(value: unknown): FaultlineError | undefined {
  try {
    return hasNodeHead(value) ? deserializeError(value) : undefined;
  } catch {
    return undefined; // not the contract after all (or a hostile object): normalized like any value
  }
}
