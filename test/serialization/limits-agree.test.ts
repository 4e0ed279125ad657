/**
 * Whatever the writer emits with its default limits, the reader accepts with its own (issue #16): the
 * reader's default `maxInputLength` is the most the writer's defaults can write (`maxSerializedSize`),
 * measured as the reader measures (characters of strings and keys, one per array item), and JSON text
 * is measured once parsed. Each worst case the defaults allow is read back, as the object and as its
 * text, and is a fixed point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxSerializedSize } from '../../src/contract/serialize-options.js';
import { DESERIALIZE_DEFAULTS } from '../../src/read-back/deserialize-error.js';
import { deserializeError, serializeError, ToolError, ValidationError, type SerializedError } from '../../src/index.js';
import { anyThrown } from '../hardening/arbitraries.js';

// The worst cases write megabytes each; far above what they take, so that only a wrong result fails.
const TIMEOUT = 120_000;

/** Serializes with the defaults, and checks that the reader with its defaults takes the output, as the object and as its text. */
function writeAndRead(value: unknown): { output: SerializedError; text: string } {
  const output = serializeError(value);
  const text = JSON.stringify(output);
  expect(deserializeError(output)).toBeInstanceOf(Error);
  expect(deserializeError(text)).toBeInstanceOf(Error);
  expect(JSON.stringify(serializeError(deserializeError(text)))).toBe(text);
  return { output, text };
}

function aggregate(count: number, make: (index: number) => unknown, message = 'many'): AggregateError {
  return new AggregateError(Array.from({ length: count }, (_, index) => make(index)), message);
}

/** The error nodes of an output: the root, its cause chain and its errors, recursively. */
function nodeCount(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const { cause, errors } = node as { cause?: unknown; errors?: unknown[] };
  return 1 + nodeCount(cause) + (errors ?? []).reduce<number>((sum, entry) => sum + nodeCount(entry), 0);
}

describe('the reader’s default limit', () => {
  it('is the most the writer’s defaults can write: 117 nodes of at most 51,456 characters', () => {
    // (maxErrors + maxDepth + 1) nodes, each its message (10,000), its details (16,384), and a head of
    // 200 + 3 × 1,024 (name, code, request id) + 20 × 1,025 (recommendations) + 100 × 13 (errors' markers).
    expect([maxSerializedSize(), DESERIALIZE_DEFAULTS.maxInputLength]).toEqual([6_043_752, 6_043_752]);
  });
});

describe('the worst cases the defaults allow are read back with the defaults', () => {
  it('an AggregateError of 100 errors of 10,000-character messages (the issue: 0.2.0 refused it)', () => {
    const { output } = writeAndRead(aggregate(100, () => new Error('m'.repeat(10_000))));
    // normalizeError keeps the AggregateError as the cause of an UnknownError.
    const { errors } = output.cause as SerializedError;
    expect([errors?.length, (errors?.[99] as { message: string }).message.length]).toEqual([100, 10_000]);
  }, TIMEOUT);

  it('messages of control characters, six characters each as JSON text', () => {
    const { text } = writeAndRead(aggregate(100, () => new Error('\u0001'.repeat(10_000)), '\u0001'.repeat(10_000)));
    expect(text.length).toBeGreaterThan(6_000_000);
  }, TIMEOUT);

  it('an error graph sharing its nodes (an AggregateError listing one error 100 times, 16 levels deep): at most 117 nodes', () => {
    let shared: unknown = new Error('leaf');
    for (let level = 0; level < 16; level++) shared = aggregate(100, () => shared, `level ${level}`);
    const { output } = writeAndRead(shared);
    expect(nodeCount(output)).toBe(117);
  }, TIMEOUT);

  it('an error graph sharing its nodes inside details: bounded the same way', () => {
    let shared: unknown = new Error('leaf');
    for (let level = 0; level < 16; level++) shared = aggregate(100, () => shared, `level ${level}`);
    writeAndRead(new ToolError('x', { details: { inner: shared as Error } }));
  }, TIMEOUT);

  it('details of a million empty strings and empty objects: each item costs one of the budget', () => {
    const { output } = writeAndRead(new ToolError('x', { details: { empty: Array(1_000_000).fill(''), objects: Array.from({ length: 1_000_000 }, () => ({})) } }));
    expect(((output.details as { empty: unknown[] }).empty).length).toBeLessThanOrEqual(16_384);
    expect(output.truncated).toEqual({ details: true });
  }, TIMEOUT);

  it('details made of cut markers, or of keys whose values are secrets: each costs what is written', () => {
    const markers = aggregate(100, () => new ToolError('m', { details: { a: Array.from({ length: 100_000 }, () => '[Unreadable]') } }));
    const secrets = aggregate(100, () => new ToolError('m', { details: { a: Array.from({ length: 100_000 }, () => ({ pwd: '' })) } }));
    for (const value of [markers, secrets]) writeAndRead(value);
  }, TIMEOUT);

  it('details of numbers, which JSON text writes longer than the budget counts them', () => {
    writeAndRead(aggregate(100, () => new ToolError('m'.repeat(10_000), { details: { numbers: Array.from({ length: 5_000 }, () => -1.234567890123456e-300) } })));
  }, TIMEOUT);

  it('names, codes, request ids and recommendations of two million characters: cut at 1,024 and marked', () => {
    const huge = 'n'.repeat(2_000_000);
    const error = new ToolError('x', { code: huge, requestId: huge, recommendations: Array.from({ length: 1_000 }, () => huge) });
    Object.defineProperty(error, 'name', { value: huge });
    const foreign = Object.assign(new Error('y'), { code: huge });
    Object.defineProperty(foreign, 'name', { value: huge });
    const { output } = writeAndRead(new ValidationError('z', { cause: aggregate(100, () => error, huge), details: { foreign } }));
    const entry = (output.cause as SerializedError).errors?.[0] as SerializedError;
    expect([entry.name.length, entry.code.length, entry.requestId?.length, entry.recommendations?.length, entry.truncated]).toEqual([1024, 1024, 1024, 20, { strings: true }]);
    const written = (output.details as { foreign: { name: string; code: string } }).foreign;
    expect([written.name.length, written.code.length]).toEqual([1024, 1024]);
  }, TIMEOUT);

  it('a cause chain of AggregateErrors, each of 100 errors, as deep as maxDepth', () => {
    let chain: unknown = new Error('root cause');
    for (let level = 0; level < 20; level++) chain = new AggregateError(Array.from({ length: 100 }, () => new Error('e'.repeat(10_000))), 'level', { cause: chain });
    const { output } = writeAndRead(chain);
    expect(nodeCount(output)).toBeLessThanOrEqual(117);
  }, TIMEOUT);

  it('any thrown value: what the default writer emits, the default reader accepts, as the object and as its text', () => {
    fc.assert(
      fc.property(anyThrown, (thrown) => {
        writeAndRead(thrown.build());
      }),
      { numRuns: 300 },
    );
  }, TIMEOUT);
});

describe('maxSerializedSize, for limits of your own', () => {
  it('bounds what the writer emits with those limits, the stack included, as the reader measures it', () => {
    const options = { maxMessageLength: 50_000, maxDetailsSize: 100, maxErrors: 3, maxDepth: 2, stack: true };
    // (3 + 2 + 1) nodes × (2 × 50,000 + 100 + 400 + 3 × 1,024 + 20 × 1,025 + 3 × 13)
    expect(maxSerializedSize(options)).toBe(6 * 124_111);
    const error = new AggregateError(Array.from({ length: 5 }, () => new Error('m'.repeat(60_000))), 'x'.repeat(60_000));
    const text = JSON.stringify(serializeError(error, options));
    expect(deserializeError(text, { maxInputLength: maxSerializedSize(options) })).toBeInstanceOf(Error);
    expect(() => deserializeError(text)).not.toThrow();
  });

  it('takes a limit that is not a number as the writer does: its default', () => {
    expect(maxSerializedSize({ maxDepth: Number.NaN, maxErrors: -1 })).toBe(maxSerializedSize());
  });
});
