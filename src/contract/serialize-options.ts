import type { RedactionOptions } from '../redaction/redactor.js';

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

/** The defaults of {@link SerializeOptions}. */
export const SERIALIZE_DEFAULTS = {
  maxDepth: 16,
  maxMessageLength: 10_000,
  maxErrors: 100,
  maxDetailsSize: 16_384,
} as const;
