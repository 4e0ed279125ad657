/**
 * Serializing is a fixed point: for every output `o` of serializeError, serializing what
 * deserializeError reads back from `o` (with the same options) gives `o` again, byte for byte,
 * also where a limit or the budget cut it. Generated errors and values of every kind, with
 * limits small enough that every one of them cuts something in most cases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deserializeError, serializeError, ToolError, type SerializeOptions } from '../../src/index.js';
import { anyThrown } from './arbitraries.js';

const RUNS = 5_000;
// 5,000 cases take 1 to 1.7 s alone and up to about 3 s beside two other runs on two cores; the
// timeout is far above that, so that only a wrong result fails, never a slow machine.
const TIMEOUT = 120_000;

const smallLimits: fc.Arbitrary<SerializeOptions> = fc.record(
  {
    maxDepth: fc.integer({ min: 0, max: 4 }),
    maxMessageLength: fc.integer({ min: 0, max: 40 }),
    maxErrors: fc.integer({ min: 0, max: 3 }),
    maxDetailsSize: fc.integer({ min: 0, max: 200 }),
    redact: fc.boolean(),
    stack: fc.boolean(),
  },
  { requiredKeys: [] },
);

function roundTrip(output: unknown, options: SerializeOptions): string {
  return JSON.stringify(serializeError(deserializeError(JSON.stringify(output)), options));
}

describe('serializeError is a fixed point of deserializeError', () => {
  it(
    'gives its own output back, byte for byte, under any limits',
    () => {
      fc.assert(
        fc.property(anyThrown, smallLimits, (input, options) => {
          const output = serializeError(input.build(), options);
          expect(roundTrip(output, options)).toBe(JSON.stringify(output));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it('gives its own output back for getters that make new objects forever, cut at maxDepth', () => {
    const endless = (): object => ({
      get next(): object {
        return endless();
      },
    });
    for (const options of [{}, { maxDepth: 2 }, { maxDetailsSize: 20 }] satisfies SerializeOptions[]) {
      const output = serializeError(new ToolError('x', { details: endless() as never }), options);
      expect(output.truncated).toEqual({ details: true });
      expect(roundTrip(output, options)).toBe(JSON.stringify(output));
    }
  });

  it('gives its own output back for an error whose getters make a new cause on every read', () => {
    const error = new ToolError('x');
    Object.defineProperty(error, 'cause', {
      get: () => new ToolError('again', { cause: error }),
      enumerable: false,
    });
    for (const options of [{}, { maxDepth: 3 }] satisfies SerializeOptions[]) {
      const output = serializeError(error, options);
      expect(roundTrip(output, options)).toBe(JSON.stringify(output));
    }
  });
});
