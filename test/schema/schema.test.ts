import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod/mini';
import {
  serializedCauseSchema, serializedErrorSchema, serializedForeignErrorSchema, serializedJsonSchema, truncationSchema,
} from '../../src/schema/index.js';
import { GOLDEN_CASES, goldenText } from '../contract/golden-cases.js';

const SCHEMA_FILE = new URL('../../dist/schema.json', import.meta.url);

function minimal(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'It failed', retryable: false, ...fields };
}

describe('serializedErrorSchema', () => {
  it.each(GOLDEN_CASES.map((golden) => golden.file))('accepts the golden file %s.json', (file) => {
    expect(serializedErrorSchema.safeParse(JSON.parse(goldenText(file))).success).toBe(true);
  });

  it.each([
    ['a null field', minimal({ requestId: null })],
    ['a missing retryable', { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm' }],
    ['an unknown category', minimal({ category: 'NETWORK' })],
    ['a fractional status', minimal({ status: 400.5 })],
    ['a negative retryAfterMs', minimal({ retryAfterMs: -1 })],
    ['an infinite user field', minimal({ amount: Number.POSITIVE_INFINITY })],
    ['a toolName that is a number', minimal({ toolName: 1 })],
    ['fields with a number', minimal({ fields: { query: 1 } })],
    ['a null cause', minimal({ cause: null })],
    ['a cause with a null inside', minimal({ cause: { name: 'Error', message: 'm', code: null } })],
    ['an unknown truncation key', minimal({ truncated: { lines: 3 } })],
    ['a truncation cause that is not depth or circular', minimal({ truncated: { cause: 'overflow' } })],
    ['a usage with an unknown key', minimal({ usage: { promptTokens: 1 } })],
    ['a usage with a negative count', minimal({ usage: { inputTokens: -1 } })],
    ['a usage with an own __proto__ key', minimal({ usage: JSON.parse('{"__proto__":1}') as unknown })],
    ['an empty usage', minimal({ usage: {} })],
    ['a rateLimit without a dimension', minimal({ rateLimit: { remaining: 0 } })],
    ['a rateLimit with an unknown dimension', minimal({ rateLimit: { dimension: 'minutes' } })],
    ['a rateLimit with a fractional reset', minimal({ rateLimit: { dimension: 'tokens', resetMs: 0.5 } })],
    ['a maxContextTokens that is negative', minimal({ maxContextTokens: -1 })],
    ['an array', [minimal()]],
    ['null', null],
  ])('rejects %s', (_title, input) => {
    expect(serializedErrorSchema.safeParse(input).success).toBe(false);
  });

  it('reads a cause with an extra key as a plain JSON value, not as a foreign error', () => {
    const cause = { name: 'Error', message: 'm', extra: 1 };
    expect(serializedForeignErrorSchema.safeParse(cause).success).toBe(false);
    expect(serializedCauseSchema.safeParse(cause).success).toBe(true);
  });

  it('accepts JSON values without null, and truncation marks', () => {
    expect(serializedJsonSchema.safeParse({ a: [1, 'two', true, { b: 0.5 }] }).success).toBe(true);
    expect(serializedJsonSchema.safeParse({ a: [null] }).success).toBe(false);
    expect(truncationSchema.safeParse({ cause: 'depth', errors: 1, message: 2, stack: 3, details: true }).success).toBe(true);
    expect(truncationSchema.safeParse({ details: false }).success).toBe(false);
  });
});

describe('dist/schema.json', () => {
  // Written by `npm run build`; the build runs before the unit tests in `npm test`.
  const built = existsSync(SCHEMA_FILE);

  it('exists after npm run build', () => {
    expect(built).toBe(true);
  });

  it.runIf(built)('is JSON Schema draft 2020-12 that requires name, code, category, message and retryable', () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect([...(schema.required as string[])].sort()).toEqual(['category', 'code', 'message', 'name', 'retryable']);
    expect(schema.type).toBe('object');
  });

  it.runIf(built)('is generated from serializedErrorSchema as it stands in src', () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    const generated = toJSONSchema(serializedErrorSchema, { target: 'draft-2020-12', cycles: 'ref' }) as Record<string, unknown>;
    // The generator adds these three to what zod writes, the rule against reserved own keys and
    // `usage`'s least size, which zod cannot write from a refinement.
    const { $id, title, description, propertyNames, ...rest } = schema;
    expect([typeof $id, typeof title, typeof description]).toEqual(['string', 'string', 'string']);
    expect(propertyNames).toEqual({ not: { enum: ['constructor', 'then', 'toJSON', 'toString', 'valueOf'] } });
    const usage = (rest.properties as { usage: { minProperties?: number } }).usage;
    expect(usage.minProperties).toBe(1);
    delete usage.minProperties;
    expect(rest).toEqual(generated);
    expect(Object.keys(schema.properties as object)).toEqual([
      'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations',
      'details', 'provider', 'model', 'outputStarted', 'usage', 'rateLimit', 'requestedTokens', 'maxContextTokens', 'toolName', 'agentId', 'maxIterations', 'currentState', 'targetState', 'store',
      'policy', 'timeoutMs', 'fields', 'cause', 'errors', 'stack', 'truncated',
    ]);
  });

  it.runIf(built)('lists the ten categories', () => {
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { properties: { category: { enum: string[] } } };
    expect(schema.properties.category.enum).toEqual([
      'MODEL', 'TOOL', 'AGENT', 'STORAGE', 'SECURITY', 'AUTH', 'VALIDATION', 'TRANSIENT', 'TIMEOUT', 'UNKNOWN',
    ]);
  });
});
