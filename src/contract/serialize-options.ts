import type { RedactionOptions } from '../redaction/redactor.js';
import { MAX_FIELD_LENGTH } from '../foundation/field-text.js';

/**
 * Options of `serializeError` (and so of `toJSON`, with the defaults). Every limit has a
 * default; whatever a limit cuts is recorded in the node's `truncated` field.
 *
 * @example
 * ```ts
 * serializeError(error, { stack: true, maxDepth: 4, redact: { keys: ['ssn'] } });
 * ```
 */
export interface SerializeOptions {
  /** Include each node's `stack`. Default `false`, so that the output is deterministic. */
  readonly stack?: boolean;
  /** How many error nodes deep `cause` and `errors` are followed, and how deep `details` nests. Default 16. */
  readonly maxDepth?: number;
  /** The longest `message` (and `stack`) kept, in UTF-16 code units. Default 10,000. */
  readonly maxMessageLength?: number;
  /** How many entries of an AggregateError's `errors` are kept. Default 100. */
  readonly maxErrors?: number;
  /** A bound on `details` and a class's own fields together, in characters of their values and keys. Default 16,384. */
  readonly maxDetailsSize?: number;
  /** Redact secrets (default `true`); `false` turns it off; an object adds patterns and key names. */
  readonly redact?: boolean | RedactionOptions;
}

export const SERIALIZE_DEFAULTS = {
  maxDepth: 16,
  maxMessageLength: 10_000,
  maxErrors: 100,
  maxDetailsSize: 16_384,
} as const;

// Declared in foundation/, where the values read from headers and bodies into fields are cut to it.
export { MAX_FIELD_LENGTH };

/** The most recommendations written of one error; the rest are left out and marked (`truncated.strings`). */
export const MAX_RECOMMENDATIONS = 20;

/**
 * The most characters one serialization with these options can write. `deserializeError`'s default
 * `maxInputLength` is this for the default options, so that the reader accepts whatever the writer emits.
 *
 * @example
 * ```ts
 * const options = { maxMessageLength: 50_000, maxDetailsSize: 65_536 };
 * const line = JSON.stringify(serializeError(error, options));
 * deserializeError(line, { maxInputLength: maxSerializedSize(options) }); // always accepted
 * ```
 */
export function maxSerializedSize(options?: SerializeOptions): number {
  const maxDepth = resolvedLimit(options?.maxDepth, SERIALIZE_DEFAULTS.maxDepth);
  const maxErrors = resolvedLimit(options?.maxErrors, SERIALIZE_DEFAULTS.maxErrors);
  const text = resolvedLimit(options?.maxMessageLength, SERIALIZE_DEFAULTS.maxMessageLength) * (options?.stack === true ? 2 : 1);
  // Per node, besides its text and details: the contract's keys and the fields no budget charges (under
  // 400 in all), the name, the code, `requestId`, the recommendations and the markers `errors` may hold.
  const head = 400 + 3 * MAX_FIELD_LENGTH + MAX_RECOMMENDATIONS * (MAX_FIELD_LENGTH + 1) + maxErrors * 13;
  return (maxErrors + maxDepth + 1) * (text + resolvedLimit(options?.maxDetailsSize, SERIALIZE_DEFAULTS.maxDetailsSize) + head);
}

export function resolvedLimit(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 0 && !Number.isNaN(value) ? Math.floor(value) : fallback;
}
