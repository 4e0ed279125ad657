import type { ErrorDetails, JsonValue } from '../foundation/json.js';
import type { RateLimit } from './rate-limit.js';
import type { TokenUsage } from './token-usage.js';

/** Own property of every declared prototype: its fields and their types. Realm-wide, so the writer reads any copy's table. */
export const FIELD_TABLE: unique symbol = Symbol.for('faultline.fields');

/**
 * How a class's own field is kept and written: `whole` is a whole number, 0 or more (fractions rounded),
 * `stringRecord` maps path → message, `json` is any JSON value. An option of another type goes under `details`.
 */
export type FieldType = 'string' | 'number' | 'whole' | 'boolean' | 'stringRecord' | 'json';

/** The field types of faultline's own classes: {@link FieldType}, and the shapes `usage` and `rateLimit`. */
export type BuiltInFieldType = FieldType | 'usage' | 'rateLimit';

export type FieldTable = { readonly [field: string]: FieldType };

export type BuiltInFieldTable = { readonly [field: string]: BuiltInFieldType };

export type FieldValue<T extends BuiltInFieldType> = T extends 'string'
  ? string
  : T extends 'number' | 'whole'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'stringRecord'
        ? Readonly<Record<string, string>>
        : T extends 'usage'
          ? TokenUsage
          : T extends 'rateLimit'
            ? RateLimit
            : JsonValue;

/** The instance fields a table declares, read-only, those in `Required` always set; their TSDoc is the table's. */
export type FieldsOf<Table extends BuiltInFieldTable, Required extends PropertyKey = never> = {
  readonly [K in keyof Table as K extends Required ? never : K]?: FieldValue<Table[K]> | undefined;
} & {
  readonly [K in keyof Table as K extends Required ? K : never]: FieldValue<Table[K]>;
};

/** `null` and `undefined` are skipped, so that `timeoutMs: header ?? undefined` compiles under `exactOptionalPropertyTypes`. */
export type FieldOptionsOf<Table extends BuiltInFieldTable, Required extends PropertyKey = never> = {
  readonly [K in keyof Table as K extends Required ? never : K]?: FieldValue<Table[K]> | null | undefined;
} & {
  readonly [K in keyof Table as K extends Required ? K : never]: FieldValue<Table[K]>;
};

/** The optional fields every error has, in contract order: the constructor, types, writer, validator and schema all read it. */
export const BASE_FIELDS = {
  /** Suggested delay before a retry, whole milliseconds. */
  retryAfterMs: 'whole',
  /** The upstream HTTP status, where one exists. */
  status: 'whole',
  /** The upstream request or trace id. */
  requestId: 'string',
  /** Concrete next steps a model or a person can act on. */
  recommendations: 'recommendations',
  /** Any further structured context. */
  details: 'details',
} as const;

export type BaseFieldName = keyof typeof BASE_FIELDS;

type BaseFieldValue<T> = T extends 'whole' ? number : T extends 'string' ? string : T extends 'recommendations' ? readonly string[] : ErrorDetails;

/** NaN or a negative option is dropped, a fraction rounded, a `retryAfterMs` past `Number.MAX_SAFE_INTEGER` kept as that. */
export type BaseFields = { readonly [K in BaseFieldName]?: BaseFieldValue<(typeof BASE_FIELDS)[K]> };

export type BaseFieldOptions = { readonly [K in BaseFieldName]?: BaseFieldValue<(typeof BASE_FIELDS)[K]> | null | undefined };

// One table per family: its options, its instance fields, SerializedError, the validator and the schema
// all derive from it, so adding a field to a built-in class is one line here (and its TSDoc).
export const MODEL_FIELDS = {
  /** The provider, e.g. `openai` or `anthropic`. */
  provider: 'string',
  /** The model id, e.g. `gpt-4o`. */
  model: 'string',
  /** The call streamed output before it failed, so that a replay would show it twice: set by `retryStream`, and never retried. */
  outputStarted: 'boolean',
  /** What the failed call cost, as the provider or framework reported it; absent when nothing was reported, never a guessed zero. */
  usage: 'usage',
} as const;

export const RATE_LIMIT_FIELDS = {
  /** The limit the request hit, from the provider's rate-limit headers or its message; absent when they say neither. */
  rateLimit: 'rateLimit',
} as const;

export const CONTEXT_LENGTH_FIELDS = {
  /** The tokens the request needed, as the provider's error counts them: its input, plus the output it asked for where counted. */
  requestedTokens: 'whole',
  /** The model's context window in tokens, as the provider's error states it. */
  maxContextTokens: 'whole',
} as const;

export const TOOL_FIELDS = {
  /** The tool's registered name. */
  toolName: 'string',
} as const;

export const AGENT_FIELDS = {
  /** The agent's id. */
  agentId: 'string',
} as const;

export const AGENT_MAX_ITERATIONS_FIELDS = {
  /** The iteration limit that was reached. */
  maxIterations: 'whole',
} as const;

export const AGENT_STATE_FIELDS = {
  /** The state the agent was in. */
  currentState: 'string',
  /** The state it was asked to move to. */
  targetState: 'string',
} as const;

export const STORAGE_FIELDS = {
  /** The store that failed, e.g. `redis` or `vector-index`. */
  store: 'string',
} as const;

export const SECURITY_FIELDS = {
  /** The policy or guardrail that denied the operation. */
  policy: 'string',
} as const;

export const TIMEOUT_FIELDS = {
  /** The time limit that was exceeded, in whole milliseconds. */
  timeoutMs: 'whole',
} as const;

export const VALIDATION_FIELDS = {
  /** What is wrong, by path (segments joined with `.`): `{ 'user.email': 'Invalid email' }`. */
  fields: 'stringRecord',
} as const;

/** Merged by a call a bundler may drop, not a spread it must keep, so that an import that needs none of it carries none. */
export const CLASS_FIELD_TYPES = /* @__PURE__ */ Object.assign(
  {},
  MODEL_FIELDS,
  RATE_LIMIT_FIELDS,
  CONTEXT_LENGTH_FIELDS,
  TOOL_FIELDS,
  AGENT_FIELDS,
  AGENT_MAX_ITERATIONS_FIELDS,
  AGENT_STATE_FIELDS,
  STORAGE_FIELDS,
  SECURITY_FIELDS,
  TIMEOUT_FIELDS,
  VALIDATION_FIELDS,
) as typeof MODEL_FIELDS &
  typeof RATE_LIMIT_FIELDS &
  typeof CONTEXT_LENGTH_FIELDS &
  typeof TOOL_FIELDS &
  typeof AGENT_FIELDS &
  typeof AGENT_MAX_ITERATIONS_FIELDS &
  typeof AGENT_STATE_FIELDS &
  typeof STORAGE_FIELDS &
  typeof SECURITY_FIELDS &
  typeof TIMEOUT_FIELDS &
  typeof VALIDATION_FIELDS;

export function classFieldType(field: string): BuiltInFieldType | undefined {
  return Object.hasOwn(CLASS_FIELD_TYPES, field) ? CLASS_FIELD_TYPES[field as keyof typeof CLASS_FIELD_TYPES] : undefined;
}
