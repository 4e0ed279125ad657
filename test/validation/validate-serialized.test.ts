import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSerializedError } from '../../src/validation/validate-serialized.js';
import { deserializeError, ValidationError } from '../../src/index.js';
import { serializedErrorSchema } from '../../src/schema/index.js';
import { BREAKING_VALUES, contractInputArbitrary, NON_JSON_VALUES } from '../contract/arbitraries.js';

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

// The agreement properties take 0.5 to 7 s alone (10,000 cases for the first) and up to 12 s beside
// two other runs on two cores; the timeout is far above that, so that only a disagreement fails.
const TIMEOUT = 120_000;

describe('validateSerializedError', () => {
  it('accepts and rejects exactly what serializedErrorSchema does, on valid and broken serialized errors', () => {
    const inputs = contractInputArbitrary({ stacks: true, protoKeys: false, maxCauseDepth: 3, emptyTruncation: true }, BREAKING_VALUES);
    fc.assert(fc.property(inputs, agree), { numRuns: 10_000 });
  }, TIMEOUT);

  it('agrees with serializedErrorSchema on objects with an own __proto__ key, as JSON.parse makes them', () => {
    const inputs = contractInputArbitrary({ stacks: false, protoKeys: true, maxCauseDepth: 2 }, BREAKING_VALUES);
    fc.assert(fc.property(inputs, agree), { numRuns: 2_000 });
  }, TIMEOUT);

  it('agrees with serializedErrorSchema on values only a JavaScript object holds (undefined, Date, class instances, holes)', () => {
    const inputs = contractInputArbitrary({ stacks: false, protoKeys: false, maxCauseDepth: 2 }, [...BREAKING_VALUES, ...NON_JSON_VALUES]);
    fc.assert(fc.property(inputs, agree), { numRuns: 2_000 });
  }, TIMEOUT);
});

describe('validateSerializedError: where an issue inside a value is', () => {
  const node = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'It failed', retryable: false };
  // The head above counts 63 characters of keys and strings.
  const cases: readonly (readonly [string, Record<string, unknown>, { maxInputLength?: number; maxNesting?: number }, Record<string, string>])[] = [
    ['a non-finite number inside arrays inside objects', { details: { list: [1, { deep: [true, Number.NaN] }] } }, {}, { 'details.list.1.deep.1': 'Expected a finite number' }],
    ['a null item of a user field', { amount: [1, null] }, {}, { 'amount.1': 'Expected a JSON value without null' }],
    ['a class instance deep in a cause', { cause: { reasons: [{ at: new Date(0) }] } }, {}, { 'cause.reasons.0.at': 'Expected a JSON value without null' }],
    ['a cause that is null', { cause: null }, {}, { cause: 'Expected a serialized error, a foreign error or a JSON value without null' }],
    ['an item of errors three levels down', { errors: ['a', { b: [undefined] }] }, {}, { 'errors.1.b.0': 'Expected a JSON value without null' }],
    ['one issue in each of two fields', { details: { a: null }, toolName: 5, extra: { b: [null] } }, {}, {
      'details.a': 'Expected a JSON value without null',
      toolName: 'Expected a string',
      'extra.b.0': 'Expected a JSON value without null',
    }],
    ['a string past the nesting limit', { details: { a: [{ b: 'deep' }] } }, { maxNesting: 4 }, { 'details.a.0.b': 'Nesting is deeper than the limit of 4 (the maxNesting option)' }],
    ['an object past the nesting limit', { details: { a: [{}] } }, { maxNesting: 3 }, { 'details.a.0': 'Nesting is deeper than the limit of 3 (the maxNesting option)' }],
    // Once a limit is passed, nothing after it is read: toolName's wrong type goes unreported.
    ['a string past the size limit, and nothing after it', { details: { a: 'x'.repeat(50) }, toolName: 5 }, { maxInputLength: 100 }, {
      'details.a': 'Input is larger than the limit of 100 characters (the maxInputLength option)',
    }],
    ['keys past the size limit, at the object that holds them', { details: { [`k${'x'.repeat(40)}`]: 1 } }, { maxInputLength: 100 }, {
      details: 'Input is larger than the limit of 100 characters (the maxInputLength option)',
    }],

    ['a usage with an unknown key', { usage: { inputTokens: 1, promptTokens: 2 } }, {}, {
      usage: 'Expected { inputTokens?, outputTokens?, totalTokens?, cachedInputTokens?, reasoningTokens? }: whole numbers, at least one, no other key',
    }],
    ['a usage with a fraction', { usage: { inputTokens: 1.5 } }, {}, {
      usage: 'Expected { inputTokens?, outputTokens?, totalTokens?, cachedInputTokens?, reasoningTokens? }: whole numbers, at least one, no other key',
    }],
    // The writer never writes an empty usage (an error given one holds none), so the reader takes none.
    ['an empty usage', { usage: {} }, {}, {
      usage: 'Expected { inputTokens?, outputTokens?, totalTokens?, cachedInputTokens?, reasoningTokens? }: whole numbers, at least one, no other key',
    }],
    ['a rateLimit without its dimension', { rateLimit: { remaining: 0 } }, {}, {
      rateLimit: "Expected { dimension: 'requests' | 'tokens' | 'inputTokens' | 'outputTokens', limit?, remaining?, resetMs?: whole numbers }, no other key",
    }],
    ['a requestedTokens that is a string', { requestedTokens: '130000' }, {}, { requestedTokens: 'Expected a whole number, 0 or more' }],
  ];

  it.each(cases)('reports %s at its full path', (_title, fields, limits, issues) => {
    expect(validateSerializedError({ ...node, ...fields }, { ...NO_LIMITS, ...limits })).toEqual(issues);
  });
});
