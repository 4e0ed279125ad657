import type { JsonValue } from '../foundation/json.js';

/**
 * How the contract writes a class's own field: `string`, `whole` (a whole number, 0 or more:
 * fractions are rounded, anything else dropped), `boolean` (anything else dropped), `stringRecord`
 * (path → message), or `json` (any JSON value, as a user class's field is by default).
 */
export type FieldType = 'string' | 'whole' | 'boolean' | 'stringRecord' | 'json';

/** A class's own fields by name, with how each is written. */
export type FieldTable = { readonly [field: string]: FieldType };

/** The value a field of type `T` holds. */
export type FieldValue<T extends FieldType> = T extends 'string'
  ? string
  : T extends 'whole'
    ? number
    : T extends 'boolean'
    ? boolean
    : T extends 'stringRecord'
      ? Readonly<Record<string, string>>
      : JsonValue;

/**
 * The instance fields a table declares: each optional and read-only. Their TSDoc is the table's.
 * With {@link FieldOptionsOf}, the way to give a class of yours fields from one table:
 *
 * @example
 * ```ts
 * const PAYMENT_FIELDS = { amountCents: 'whole' } as const;
 * interface PaymentOptions extends ToolErrorOptions, FieldOptionsOf<typeof PAYMENT_FIELDS> {}
 * interface PaymentError extends FieldsOf<typeof PAYMENT_FIELDS> {}
 * class PaymentError extends ToolError<PaymentOptions> {
 *   static override readonly defaults: ErrorDefaults = { name: 'PaymentError', fields: PAYMENT_FIELDS };
 * }
 * new PaymentError({ amountCents: 1200 }).amountCents; // 1200
 * ```
 */
export type FieldsOf<Table extends FieldTable> = { readonly [K in keyof Table]?: FieldValue<Table[K]> | undefined };

/**
 * The constructor options a table declares. `null` and `undefined` are accepted and skipped, so
 * that `retryAfterMs: header ?? undefined` compiles under `exactOptionalPropertyTypes`.
 *
 * @example
 * ```ts
 * interface PaymentOptions extends ToolErrorOptions, FieldOptionsOf<{ readonly amountCents: 'whole' }> {}
 * ```
 */
export type FieldOptionsOf<Table extends FieldTable> = { readonly [K in keyof Table]?: FieldValue<Table[K]> | null | undefined };

// One table per family, written once: the family's options type, its instance fields, the
// contract's SerializedError, the validator and the zod schema all derive from these. Adding a
// field to a built-in class is one line here (and its TSDoc), nothing else.

/** Fields of every model error. */
export const MODEL_FIELDS = {
  /** The provider, e.g. `openai` or `anthropic`. */
  provider: 'string',
  /** The model id, e.g. `gpt-4o`. */
  model: 'string',
  /**
   * The call streamed output to its consumer before it failed, so that replaying it would show the
   * output twice: set by `retryStream`; `classify` then gives no retry. Absent when no output was shown.
   */
  outputStarted: 'boolean',
} as const;

/** Fields of every tool error. */
export const TOOL_FIELDS = {
  /** The tool's registered name. */
  toolName: 'string',
} as const;

/** Fields of every agent error. */
export const AGENT_FIELDS = {
  /** The agent's id. */
  agentId: 'string',
} as const;

/** Fields of AgentMaxIterationsError. */
export const AGENT_MAX_ITERATIONS_FIELDS = {
  /** The iteration limit that was reached. */
  maxIterations: 'whole',
} as const;

/** Fields of AgentStateError. */
export const AGENT_STATE_FIELDS = {
  /** The state the agent was in. */
  currentState: 'string',
  /** The state it was asked to move to. */
  targetState: 'string',
} as const;

/** Fields of every storage error. */
export const STORAGE_FIELDS = {
  /** The store that failed, e.g. `redis` or `vector-index`. */
  store: 'string',
} as const;

/** Fields of every security error. */
export const SECURITY_FIELDS = {
  /** The policy or guardrail that denied the operation. */
  policy: 'string',
} as const;

/** Fields of every class that stands for a time limit: TimeoutError, ModelTimeoutError, ToolTimeoutError. */
export const TIMEOUT_FIELDS = {
  /** The time limit that was exceeded, in whole milliseconds. */
  timeoutMs: 'whole',
} as const;

/** Fields of ValidationError. */
export const VALIDATION_FIELDS = {
  /** What is wrong, by path (segments joined with `.`): `{ 'user.email': 'Invalid email' }`. */
  fields: 'stringRecord',
} as const;

/**
 * Every built-in class field with the type the contract gives it: the union of the family
 * tables. The serializer, the validator and the zod schema read this one table.
 */
export const CLASS_FIELD_TYPES = {
  ...MODEL_FIELDS,
  ...TOOL_FIELDS,
  ...AGENT_FIELDS,
  ...AGENT_MAX_ITERATIONS_FIELDS,
  ...AGENT_STATE_FIELDS,
  ...STORAGE_FIELDS,
  ...SECURITY_FIELDS,
  ...TIMEOUT_FIELDS,
  ...VALIDATION_FIELDS,
} as const;
