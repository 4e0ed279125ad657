import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSerializedError } from '../../src/contract/validate.js';
import { deserializeError, ValidationError } from '../../src/index.js';
import { serializedErrorSchema } from '../../src/schema/index.js';
import { BREAKING_VALUES, contractInputArbitrary, NON_JSON_VALUES } from './arbitraries.js';

// Limits far past anything generated, so that only the contract decides.
const NO_LIMITS = { maxInputLength: Number.MAX_SAFE_INTEGER, maxNesting: Number.MAX_SAFE_INTEGER };

function validatorAccepts(input: unknown): boolean {
  return Object.keys(validateSerializedError(input, NO_LIMITS)).length === 0;
}

function zodAccepts(input: unknown): boolean {
  return serializedErrorSchema.safeParse(input).success;
}

/** The property: the validator, deserializeError and the zod schema agree on `input`. */
function agree(input: unknown): void {
  const expected = zodAccepts(input);
  expect(validatorAccepts(input)).toBe(expected);
  let thrown: unknown;
  try {
    deserializeError(input, NO_LIMITS);
  } catch (error) {
    thrown = error;
  }
  if (expected) expect(thrown).toBeUndefined();
  else expect(thrown).toBeInstanceOf(ValidationError);
}

describe('validateSerializedError', () => {
  it('accepts and rejects exactly what serializedErrorSchema does, on valid and broken serialized errors', () => {
    const inputs = contractInputArbitrary({ stacks: true, protoKeys: false, maxCauseDepth: 3, emptyTruncation: true }, BREAKING_VALUES);
    fc.assert(fc.property(inputs, agree), { numRuns: 10_000 });
  }, 60_000);

  it('agrees with serializedErrorSchema on objects with an own __proto__ key, as JSON.parse makes them', () => {
    const inputs = contractInputArbitrary({ stacks: false, protoKeys: true, maxCauseDepth: 2 }, BREAKING_VALUES);
    fc.assert(fc.property(inputs, agree), { numRuns: 2_000 });
  }, 60_000);

  it('agrees with serializedErrorSchema on values only a JavaScript object holds (undefined, Date, class instances, holes)', () => {
    const inputs = contractInputArbitrary({ stacks: false, protoKeys: false, maxCauseDepth: 2 }, [...BREAKING_VALUES, ...NON_JSON_VALUES]);
    fc.assert(fc.property(inputs, agree), { numRuns: 2_000 });
  }, 60_000);
});
