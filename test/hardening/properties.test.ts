/**
 * The properties of issue #3, each over 10,000 generated cases: arbitrary values of every kind,
 * and generated errors with random fields, causes, cycles, throwing getters and Proxies.
 */
import { types } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeFaultline } from '../../src/serialization/serialize-faultline.js';
import {
  deserializeError, FaultlineError, isFaultlineError, normalizeError, serializeError, ValidationError, type SerializedError,
} from '../../src/index.js';
import { anyThrown, key } from './arbitraries.js';
import { defineOwn, expectContract, jsonLeaves } from './hostile.js';

const RUNS = 10_000;
// A property runs its 10,000 cases in 0.5 to 4.5 s alone and in up to 15 s beside two other runs on
// two cores; the timeout is far above that, so that only a wrong result fails, never a slow machine.
const TIMEOUT = 120_000;

describe('normalizeError and serializeError', () => {
  it(
    'never throw, on any value or generated error',
    () => {
      fc.assert(
        fc.property(anyThrown, (input) => {
          const thrown = input.build();
          const error = normalizeError(thrown);
          expect(isFaultlineError(error)).toBe(true);
          serializeError(thrown);
          serializeError(thrown, { stack: true });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'need no last-resort fallback: the guarded serializer itself never throws on a faultline error',
    () => {
      fc.assert(
        fc.property(anyThrown, (input) => {
          const error = normalizeError(input.build());
          // A Proxy of a faultline error is the caller's own hostile object, not one faultline built.
          fc.pre(!types.isProxy(error));
          serializeFaultline(error);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('serializeError output', () => {
  it(
    'passes serializedErrorSchema and JSON.stringify, and holds no null anywhere',
    () => {
      fc.assert(
        fc.property(anyThrown, (input) => {
          expectContract(serializeError(input.build()));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'is the same after a trip through deserializeError: serialize(deserialize(serialize(x))) equals serialize(x)',
    () => {
      fc.assert(
        fc.property(anyThrown, (input) => {
          const first = serializeError(input.build());
          const text = JSON.stringify(first);
          const restored = deserializeError(text);
          expect(restored.retryable).toBe(first.retryable);
          expect(serializeError(restored)).toEqual(first);
          expect(JSON.stringify(serializeError(restored))).toBe(text);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'is byte-identical on every call for the same input, and for two builds of the same input',
    () => {
      fc.assert(
        fc.property(anyThrown, (input) => {
          const value = input.build();
          const text = JSON.stringify(serializeError(value));
          expect(JSON.stringify(serializeError(value))).toBe(text);
          expect(JSON.stringify(serializeError(input.build()))).toBe(text);
          // toJSON is the same contract. Called from the prototype, so that an own `toJSON` of the
          // caller's error (a throwing getter, say) is not what is tested.
          expect(JSON.stringify(FaultlineError.prototype.toJSON.call(normalizeError(value)))).toBe(text);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

/** JSON values that break a serialized error where they land. */
const BREAKING: readonly unknown[] = [
  null, -1, 1.5, 2 ** 53, '', 'x', true, [], {}, [null], { a: null }, { name: 'E', message: 'm' },
  JSON.parse('{"__proto__":{"polluted":true}}'), 'TOOL', 'tool', 'BOGUS',
];

interface Mutation {
  readonly op: 'delete' | 'replace' | 'add';
  readonly at: number;
  readonly key: string;
  readonly value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('delete', 'replace', 'add'),
  at: fc.nat(),
  key,
  value: fc.oneof(fc.constantFrom(...BREAKING), fc.jsonValue({ maxDepth: 2 })),
});

/** Applies mutations to a JSON copy of a serialized error, at objects and arrays chosen by `at`. */
function mutate(serialized: SerializedError, mutations: readonly Mutation[]): unknown {
  const root = JSON.parse(JSON.stringify(serialized)) as unknown;
  for (const change of mutations) {
    const containers = jsonLeaves(root).filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null);
    const target = containers[change.at % containers.length];
    if (target === undefined) continue;
    const keys = Object.keys(target);
    const existing = keys[change.at % Math.max(keys.length, 1)];
    // A copy of the value, so that no run changes the shared constants or ties a cycle.
    const value = change.value === undefined ? undefined : (JSON.parse(JSON.stringify(change.value)) as unknown);
    try {
      if (change.op === 'add' || existing === undefined) defineOwn(target, change.key, value);
      else if (change.op === 'delete') Reflect.deleteProperty(target, existing);
      else defineOwn(target, existing, value);
    } catch {
      // An array refuses some changes (a `length` of an object); the input stays as it was.
    }
  }
  return root;
}

describe('deserializeError on arbitrary input', () => {
  /** Either a faultline error that keeps the input's retryable, or a ValidationError with fields. */
  function expectErrorOrValidation(input: unknown): void {
    let restored: unknown;
    try {
      restored = deserializeError(input);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const fields = (error as ValidationError).fields ?? {};
      expect(Object.keys(fields).length).toBeGreaterThan(0);
      for (const message of Object.values(fields)) expect(typeof message).toBe('string');
      return;
    }
    expect(isFaultlineError(restored)).toBe(true);
    const parsed = (typeof input === 'string' ? JSON.parse(input) : input) as { retryable: unknown };
    // Never a default: the restored retryable is the one the input wrote.
    expect((restored as { retryable: unknown }).retryable).toBe(parsed.retryable);
  }

  it(
    'returns a FaultlineError or throws a ValidationError, on any JSON text or value',
    () => {
      const input = fc.oneof(fc.json({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 20, unit: 'binary' }));
      fc.assert(fc.property(input, expectErrorOrValidation), { numRuns: RUNS });
    },
    TIMEOUT,
  );

  it(
    'returns a FaultlineError or throws a ValidationError, on serialized errors mutated one to three times',
    () => {
      const input = fc
        .tuple(anyThrown, fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([thrown, mutations, asText]) => {
          const mutated = mutate(serializeError(thrown.build()), mutations);
          return asText ? JSON.stringify(mutated) : mutated;
        });
      fc.assert(fc.property(input, expectErrorOrValidation), { numRuns: RUNS });
    },
    TIMEOUT,
  );
});
