// Writes dist/schema.json, the JSON Schema of the contract, from the zod schema in the build.
import { writeFileSync } from 'node:fs';
import { toJSONSchema } from 'zod/mini';
import { RESERVED_KEYS, serializedErrorSchema } from '../dist/schema.js';

// `usage` holds at least one count: the schema's refinement of it, which toJSONSchema cannot write itself.
const USAGE_KEYS = ['cachedInputTokens', 'inputTokens', 'outputTokens', 'reasoningTokens', 'totalTokens'];
const schema = toJSONSchema(serializedErrorSchema, {
  target: 'draft-2020-12',
  cycles: 'ref',
  override: ({ jsonSchema }) => {
    const keys = Object.keys(jsonSchema.properties ?? {});
    if (jsonSchema.type === 'object' && keys.length === USAGE_KEYS.length && USAGE_KEYS.every((key) => keys.includes(key))) jsonSchema.minProperties = 1;
  },
});
const document = {
  ...schema,
  // The schema's refinement against reserved own keys, which toJSONSchema cannot write itself.
  propertyNames: { not: { enum: [...RESERVED_KEYS] } },
  $id: 'https://unpkg.com/faultline/dist/schema.json',
  title: 'faultline serialized error',
  description: 'A faultline error as JSON: the durable contract. Generated from serializedErrorSchema (faultline/schema).',
};
writeFileSync(new URL('../dist/schema.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
