// Writes dist/schema.json, the JSON Schema of the contract, from the zod schema in the build.
import { writeFileSync } from 'node:fs';
import { toJSONSchema } from 'zod/mini';
import { RESERVED_KEYS, serializedErrorSchema } from '../dist/schema.js';

const schema = toJSONSchema(serializedErrorSchema, { target: 'draft-2020-12', cycles: 'ref' });
const document = {
  ...schema,
  // The schema's refinement against reserved own keys, which toJSONSchema cannot write itself.
  propertyNames: { not: { enum: [...RESERVED_KEYS] } },
  $id: 'https://unpkg.com/faultline/dist/schema.json',
  title: 'faultline serialized error',
  description: 'A faultline error as JSON: the durable contract. Generated from serializedErrorSchema (faultline/schema).',
};
writeFileSync(new URL('../dist/schema.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
