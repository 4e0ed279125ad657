/**
 * A JSON value as callers pass it in `details`. `null` and `undefined` are accepted but never
 * written out: the contract omits empty values rather than writing `null`.
 */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

/** A JSON object, as `details` holds it. */
export type JsonObject = { readonly [key: string]: JsonValue | undefined };

/**
 * A value `details` takes: any JSON value, and what the serializer writes as JSON (docs/contract.md
 * has the table): a Date as its ISO string, a Map as an object keyed by its keys' string forms, a Set
 * as an array, an Error as an error node, a BigInt as its digits and `n`.
 */
export type ErrorDetailValue =
  | JsonValue
  | undefined
  | bigint
  | Date
  | Error
  | ReadonlyMap<unknown, ErrorDetailValue>
  | ReadonlySet<ErrorDetailValue>
  | readonly ErrorDetailValue[]
  | { readonly [key: string]: ErrorDetailValue };

/**
 * What `details` holds: a record of {@link ErrorDetailValue}s, as given to the constructor. Written out,
 * it is JSON (a {@link JsonObject}), redacted and bounded.
 *
 * @example
 * ```ts
 * new ToolError('Search failed', { details: { at: new Date(), seen: new Set(['a']), attempt: 2 } });
 * ```
 */
export type ErrorDetails = { readonly [key: string]: ErrorDetailValue };
