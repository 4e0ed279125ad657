/**
 * faultline/schema: the zod schema that is the source of truth of the JSON contract, from which the build
 * generates faultline/schema.json. Written with zod/mini, which composes with classic zod and adds far less to a bundle.
 */
import * as z from 'zod/mini';
import { ErrorCategory } from '../foundation/category.js';
import { type SerializedCause, type SerializedError, type SerializedJson } from '../contract/serialized-error.js';
import { BASE_FIELDS, CLASS_FIELD_TYPES } from '../contract/class-fields.js';
import { RESERVED_KEYS } from '../contract/key-order.js';
import { RATE_LIMIT_DIMENSIONS, type RATE_LIMIT_NUMBERS, type RateLimitDimension } from '../contract/rate-limit.js';
import type { TOKEN_USAGE_KEYS } from '../contract/token-usage.js';

const whole = z.int().check(z.minimum(0));

/**
 * zod skips an own `__proto__` key (its guard against prototype pollution), but the contract writes one as
 * a plain key, so that this holds it to `value` too. The pipe lets the check see the input; schema.json,
 * generated from the output side, does not change.
 */
function withProtoKey<T extends z.ZodMiniType>(schema: T, value: () => z.ZodMiniType) {
  const protoKey = z.unknown().check(
    z.refine((input) => !isRecord(input) || !Object.hasOwn(input, '__proto__') || value().safeParse(input['__proto__']).success, {
      message: 'Invalid value under the key __proto__',
      path: ['__proto__'],
    }),
  );
  return z.pipe(protoKey, schema);
}

function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** A JSON value without `null` and without non-finite numbers, as the contract writes them. */
export const serializedJsonSchema: z.ZodMiniType<SerializedJson> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.lazy(() => serializedJsonSchema)),
  withProtoKey(z.record(z.string(), z.lazy(() => serializedJsonSchema)), () => serializedJsonSchema),
]);

/** What a node records as cut; see `Truncation`. */
export const truncationSchema = z.strictObject({
  cause: z.optional(z.enum(['depth', 'circular'])),
  errors: z.optional(whole),
  message: z.optional(whole),
  stack: z.optional(whole),
  details: z.optional(z.literal(true)),
  strings: z.optional(z.literal(true)),
});

const fieldSchemas = {
  string: z.string(),
  whole,
  boolean: z.boolean(),
  stringRecord: withProtoKey(z.record(z.string(), z.string()), () => z.string()),
  // At least one count: an empty usage says nothing, and the writer never writes one.
  usage: z.strictObject({
    cachedInputTokens: z.optional(whole),
    inputTokens: z.optional(whole),
    outputTokens: z.optional(whole),
    reasoningTokens: z.optional(whole),
    totalTokens: z.optional(whole),
  } satisfies Record<(typeof TOKEN_USAGE_KEYS)[number], unknown>).check(
    z.refine((usage) => Object.values(usage).some((count) => count !== undefined), { message: 'Expected at least one token count' }),
  ),
  rateLimit: z.strictObject({
    dimension: z.enum(RATE_LIMIT_DIMENSIONS as [RateLimitDimension, ...RateLimitDimension[]]),
    limit: z.optional(whole),
    remaining: z.optional(whole),
    resetMs: z.optional(whole),
  } satisfies Record<(typeof RATE_LIMIT_NUMBERS)[number] | 'dimension', unknown>),
} as const;

const baseFieldSchemas = {
  whole,
  string: z.string(),
  recommendations: z.array(z.string()),
  details: withProtoKey(z.record(z.string(), serializedJsonSchema), () => serializedJsonSchema),
} as const;

const baseFields = Object.fromEntries(Object.entries(BASE_FIELDS).map(([key, type]) => [key, z.optional(baseFieldSchemas[type])])) as {
  [K in keyof typeof BASE_FIELDS]: z.ZodMiniOptional<(typeof baseFieldSchemas)[(typeof BASE_FIELDS)[K]]>;
};

const classFields = Object.fromEntries(
  Object.entries(CLASS_FIELD_TYPES).map(([key, type]) => [key, z.optional(fieldSchemas[type])]),
) as { [K in keyof typeof CLASS_FIELD_TYPES]: z.ZodMiniOptional<(typeof fieldSchemas)[(typeof CLASS_FIELD_TYPES)[K]]> };

// A refinement, not `optional(never())` in the shape: zod reads shape keys through the prototype chain,
// where every object has a `toString`. schema.json writes the rule as `propertyNames`.
const noReservedKeys = z.refine((node: unknown) => typeof node !== 'object' || node === null || !RESERVED_KEYS.some((key) => Object.hasOwn(node, key)), {
  message: 'Reserved key: a method of every error, or what makes a thenable',
});

/**
 * A cause: a faultline node, a foreign error, or any other JSON value, read by its own keys. As a check it
 * is the JSON value schema: a union of the three would take exponential time on a long cause chain.
 */
export const serializedCauseSchema: z.ZodMiniType<SerializedCause> = serializedJsonSchema;

/** An error that is not a faultline error, as a cause. Strict: any other key makes it a plain JSON value. */
export const serializedForeignErrorSchema = z.strictObject({
  name: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  cause: z.optional(serializedCauseSchema),
  errors: z.optional(z.array(serializedCauseSchema)),
  stack: z.optional(z.string()),
  truncated: z.optional(truncationSchema),
});

/**
 * The contract: a faultline error as JSON. A class's own fields beyond the built-in ones are
 * any JSON value.
 *
 * @example
 * ```ts
 * import { serializedErrorSchema } from 'faultline/schema';
 * const result = serializedErrorSchema.safeParse(JSON.parse(line));
 * ```
 */
export const serializedErrorSchema: z.ZodMiniType<SerializedError> = withProtoKey(z.catchall(
  z.object({
    name: z.string(),
    code: z.string(),
    category: z.enum(Object.values(ErrorCategory)),
    message: z.string(),
    retryable: z.boolean(),
    ...baseFields,
    ...classFields,
    cause: z.optional(serializedCauseSchema),
    errors: z.optional(z.array(serializedCauseSchema)),
    stack: z.optional(z.string()),
    truncated: z.optional(truncationSchema),
  }),
  serializedJsonSchema,
).check(noReservedKeys), () => serializedJsonSchema);

export { RESERVED_KEYS } from '../contract/key-order.js';
export type { SerializedCause, SerializedError, SerializedForeignError, SerializedJson, Truncation } from '../contract/serialized-error.js';
