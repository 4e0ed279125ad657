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
