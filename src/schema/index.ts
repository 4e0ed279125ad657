/**
 * faultline/schema: the zod schema that is the source of truth of the JSON contract. The build
 * generates faultline/schema.json from it for services in other languages. Written with
 * zod/mini: it composes with classic zod schemas too, and adds far less to a bundle.
 */
import * as z from 'zod/mini';
import { ErrorCategory } from '../category.js';
import { CLASS_FIELD_TYPES, type SerializedCause, type SerializedError, type SerializedJson } from '../contract/shape.js';

const whole = z.int().check(z.minimum(0));

/** A JSON value without `null` and without non-finite numbers, as the contract writes them. */
export const serializedJsonSchema: z.ZodMiniType<SerializedJson> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.lazy(() => serializedJsonSchema)),
  z.record(z.string(), z.lazy(() => serializedJsonSchema)),
]);

/** What a node records as cut; see `Truncation`. */
export const truncationSchema = z.strictObject({
  cause: z.optional(z.enum(['depth', 'circular'])),
  errors: z.optional(whole),
  message: z.optional(whole),
  stack: z.optional(whole),
  details: z.optional(z.literal(true)),
});

const fieldSchemas = {
  string: z.string(),
  whole,
  stringRecord: z.record(z.string(), z.string()),
} as const;

const classFields = Object.fromEntries(
  Object.entries(CLASS_FIELD_TYPES).map(([key, type]) => [key, z.optional(fieldSchemas[type])]),
) as { [K in keyof typeof CLASS_FIELD_TYPES]: z.ZodMiniOptional<(typeof fieldSchemas)[(typeof CLASS_FIELD_TYPES)[K]]> };

/** A cause: a faultline node, a foreign error `{ name, message, code? }`, or any JSON value. */
export const serializedCauseSchema: z.ZodMiniType<SerializedCause> = z.union([
  z.lazy(() => serializedErrorSchema),
  z.lazy(() => serializedForeignErrorSchema),
  serializedJsonSchema,
]);

/** An error that is not a faultline error, as a cause. Strict: any other key makes it a plain JSON value. */
export const serializedForeignErrorSchema = z.strictObject({
  name: z.string(),
  message: z.string(),
  code: z.optional(z.string()),
  cause: z.optional(z.lazy(() => serializedCauseSchema)),
  errors: z.optional(z.array(z.lazy(() => serializedCauseSchema))),
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
export const serializedErrorSchema: z.ZodMiniType<SerializedError> = z.catchall(
  z.object({
    name: z.string(),
    code: z.string(),
    category: z.enum(Object.values(ErrorCategory)),
    message: z.string(),
    retryable: z.boolean(),
    retryAfterMs: z.optional(whole),
    status: z.optional(whole),
    requestId: z.optional(z.string()),
    recommendations: z.optional(z.array(z.string())),
    details: z.optional(z.record(z.string(), serializedJsonSchema)),
    ...classFields,
    cause: z.optional(z.lazy(() => serializedCauseSchema)),
    errors: z.optional(z.array(z.lazy(() => serializedCauseSchema))),
    stack: z.optional(z.string()),
    truncated: z.optional(truncationSchema),
  }),
  serializedJsonSchema,
);

export type { SerializedCause, SerializedError, SerializedForeignError, SerializedJson, Truncation } from '../contract/shape.js';
