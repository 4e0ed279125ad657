import type { FaultlineError } from '../base/faultline-error.js';
import type { SerializedError } from '../contract/serialized-error.js';
import { maxSerializedSize } from '../contract/serialize-options.js';
import { ValidationError } from '../errors/validation.js';
import { validateSerializedError } from '../validation/validate-serialized.js';
import { localClasses, type FaultlineErrorClass } from './class-registry.js';
import { describe, parse, reasonOf, unreadable } from './invalid-input.js';
import { rebuildNode } from './rebuild-node.js';
import { capturesNoStack, setStackTraceLimit } from './stack-trace-limit.js';

/**
 * Options of `deserializeError`.
 *
 * @example
 * ```ts
 * deserializeError(row.error, { classes: [PaymentDeclinedError], maxInputLength: 100_000 });
 * ```
 */
export interface DeserializeOptions {
  /** Classes to rebuild by name for this call only, before registered and built-in ones. */
  readonly classes?: readonly FaultlineErrorClass[];
  /**
   * The most characters of strings and keys (one per array item) the input may hold. Default
   * `maxSerializedSize()`, so that whatever `serializeError` emits with its defaults is read back. JSON
   * text longer than eight times this is refused before it is parsed.
   */
  readonly maxInputLength?: number;
  /** The deepest nesting of objects and arrays. Default 256. */
  readonly maxNesting?: number;
}

export const DESERIALIZE_DEFAULTS = { maxInputLength: /* @__PURE__ */ maxSerializedSize(), maxNesting: 256 } as const;

/**
 * Reads a serialized error, object or JSON text, back into its class, by `name` among `options.classes`,
 * registered classes and the built-ins (an unknown name falls back to its family class). Invalid input
 * throws a ValidationError whose `fields` say what is wrong where. `serializeError(deserializeError(json))`
 * equals `json`.
 *
 * @example
 * ```ts
 * const error = deserializeError(line);
 * if (error instanceof ModelRateLimitError) await sleep(error.retryAfterMs ?? 1000);
 * ```
 */
export function deserializeError(input: unknown, options?: DeserializeOptions): FaultlineError {
  const limits = {
    maxInputLength: options?.maxInputLength ?? DESERIALIZE_DEFAULTS.maxInputLength,
    maxNesting: options?.maxNesting ?? DESERIALIZE_DEFAULTS.maxNesting,
  };
  const value = typeof input === 'string' ? parse(input, limits.maxInputLength) : input;
  let issues: Record<string, string>;
  try {
    issues = validateSerializedError(value, limits);
  } catch (error) {
    // An input object JSON could not make: a revoked Proxy, a getter that throws.
    throw unreadable(reasonOf(error), input);
  }
  if (Object.keys(issues).length > 0) {
    throw new ValidationError(`Not a serialized faultline error: ${describe(issues)}`, { fields: issues, cause: input });
  }
  // Capturing a local stack is most of the cost of making an Error, and a rebuilt error's stack is the
  // persisted one, or none; a limit that is not a number makes V8 capture nothing at all.
  const local = localClasses(options?.classes); // a bad class is the caller's TypeError, not the input's
  const limit = (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit;
  const lowered = setStackTraceLimit(undefined);
  let rebuilt: FaultlineError | undefined;
  let failure: { readonly error: unknown } | undefined;
  try {
    rebuilt = rebuildNode({ local, stackless: lowered && capturesNoStack() }, value as SerializedError);
  } catch (error) {
    failure = { error }; // an input object whose getters answer differently on a second read
  } finally {
    if (lowered) setStackTraceLimit(limit);
  }
  // Thrown once the limit is back, so that the ValidationError has a stack of its own.
  if (failure !== undefined) throw unreadable(reasonOf(failure.error), input);
  // The root validated, but a field read again for the rebuild has the wrong type: a getter.
  if (rebuilt === undefined) throw unreadable('a field changed while it was read', input);
  return rebuilt;
}
