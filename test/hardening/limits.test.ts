/**
 * The limits of issue #3: maxDepth, maxMessageLength, maxErrors and maxDetailsSize, their
 * documented defaults (16, 10,000, 100, 16,384), where each cuts, and how the cut is marked so
 * that a reader can tell a cut error from a whole one.
 */
import { describe, expect, it } from 'vitest';
import {
  deserializeError, maxSerializedSize, ModelRateLimitError, serializeError, ToolError, ToolTimeoutError, type SerializedError, type SerializeOptions,
} from '../../src/index.js';
import { truncationSchema } from '../../src/schema/index.js';
import { expectContract } from './hostile.js';

/** A chain of `length` ToolErrors, the outermost named `level ${length - 1}`, the innermost `level 0`. */
function toolChain(length: number): ToolError {
  let chain = new ToolError('level 0');
  for (let level = 1; level < length; level++) chain = new ToolError(`level ${level}`, { cause: chain });
  return chain;
}

/** The messages of the serialized cause chain, outermost first, and the innermost node. */
function walkCauses(output: SerializedError): { messages: string[]; innermost: SerializedError } {
  const messages: string[] = [];
  let node = output;
  for (;;) {
    messages.push(node.message);
    if (typeof node.cause !== 'object' || Array.isArray(node.cause)) return { messages, innermost: node };
    node = node.cause as SerializedError;
  }
}

/** Details nested `levels` objects deep: the details object itself is level 1. */
function nestedDetails(levels: number): Record<string, unknown> {
  let details: Record<string, unknown> = { leaf: true };
  for (let level = 1; level < levels; level++) details = { next: details };
  return details;
}

/**
 * The cut marks a restored error keeps. Not a declared field of FaultlineError (yet), hence the
 * cast: the contract documents it as a non-enumerable own property.
 */
function truncatedOf(error: object): unknown {
  return (error as { truncated?: unknown }).truncated;
}

/** Serializes, checks the contract, and checks that reading the output back and writing it again changes nothing. */
function serializedAndReadBack(value: unknown, options?: SerializeOptions): SerializedError {
  const output = serializeError(value, options);
  const text = expectContract(output);
  if (output.truncated !== undefined) expect(truncationSchema.safeParse(output.truncated).success).toBe(true);
  const restored = deserializeError(text);
  expect(truncatedOf(restored)).toEqual(output.truncated);
  expect(serializeError(restored, options)).toEqual(output);
  return output;
}

describe('maxDepth', () => {
  it('defaults to 16 error nodes: a chain of 16 is whole', () => {
    const output = serializedAndReadBack(toolChain(16));
    const { messages, innermost } = walkCauses(output);
    expect(messages).toHaveLength(16);
    expect(innermost.message).toBe('level 0');
    expect(innermost.truncated).toBeUndefined();
    expect(JSON.stringify(output)).not.toContain('"truncated"');
  });

  it('defaults to 16 error nodes: a chain of 17 keeps 16 and marks the 16th truncated.cause "depth"', () => {
    const { messages, innermost } = walkCauses(serializedAndReadBack(toolChain(17)));
    expect(messages).toEqual(Array.from({ length: 16 }, (_, index) => `level ${16 - index}`));
    expect(innermost).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'level 1', retryable: false, truncated: { cause: 'depth' },
    });
  });

  it('as an option (3) keeps 3 nodes and marks the third', () => {
    const { messages, innermost } = walkCauses(serializedAndReadBack(toolChain(5), { maxDepth: 3 }));
    expect(messages).toEqual(['level 4', 'level 3', 'level 2']);
    expect(innermost.truncated).toEqual({ cause: 'depth' });
  });

  it('bounds details to 16 levels by default: level 16 whole, level 17 becomes [Truncated] and marks details', () => {
    const whole = serializedAndReadBack(new ToolError('t', { details: nestedDetails(16) as never }));
    expect(whole.details).toEqual(nestedDetails(16));
    expect(whole.truncated).toBeUndefined();

    const cut = serializedAndReadBack(new ToolError('t', { details: nestedDetails(17) as never }));
    let expected: Record<string, unknown> = { next: '[Truncated]' };
    for (let level = 1; level < 16; level++) expected = { next: expected };
    expect(cut.details).toEqual(expected);
    expect(cut.truncated).toEqual({ details: true });
  });

  it('as an option (3) bounds details to 3 levels, arrays counting as levels too', () => {
    const output = serializedAndReadBack(
      new ToolError('t', { details: { a: { b: { c: { d: 1 } } }, list: [[[1]]], flat: 'kept' } }),
      { maxDepth: 3 },
    );
    expect(output.details).toEqual({ a: { b: { c: '[Truncated]' } }, list: [['[Truncated]']], flat: 'kept' });
    expect(output.truncated).toEqual({ details: true });
  });

  it('cuts an AggregateError entry past the depth in place, as [Truncated], so indices still hold', () => {
    const output = serializedAndReadBack(new AggregateError([new Error('first'), 'second'], 'agg'), { maxDepth: 2 });
    expect(output.cause).toEqual({ name: 'AggregateError', message: 'agg', errors: ['[Truncated]', 'second'] });
  });

  it('cuts an error inside details the same way on the first pass and when the output is read back', () => {
    let deep: Record<string, unknown> = { level: 20 };
    for (let level = 19; level > 0; level--) deep = { level, next: deep };
    serializedAndReadBack(new ToolError('t', { details: { upstream: new Error('inner', { cause: deep }) as never } }));
  });

  it('falls back to its default when negative or NaN', () => {
    expect(walkCauses(serializeError(toolChain(20), { maxDepth: -1 })).messages).toHaveLength(16);
    expect(walkCauses(serializeError(toolChain(20), { maxDepth: Number.NaN })).messages).toHaveLength(16);
  });
});

describe('maxMessageLength', () => {
  it('defaults to 10,000 UTF-16 code units: 10,000 whole, 10,001 cut and marked with the original length', () => {
    const whole = serializedAndReadBack(new ToolError('x'.repeat(10_000)));
    expect(whole.message).toHaveLength(10_000);
    expect(whole.truncated).toBeUndefined();
    const cut = serializedAndReadBack(new ToolError('x'.repeat(10_001)));
    expect(cut.message).toBe('x'.repeat(10_000));
    expect(cut.truncated).toEqual({ message: 10_001 });
  });

  it('as an option (20) cuts there', () => {
    const output = serializedAndReadBack(new ToolError('abcdefghij'.repeat(3)), { maxMessageLength: 20 });
    expect(output.message).toBe('abcdefghij'.repeat(2));
    expect(output.truncated).toEqual({ message: 30 });
  });

  it('never splits a surrogate pair: the cut steps back one code unit', () => {
    const output = serializedAndReadBack(new ToolError(`${'a'.repeat(19)}😀tail`), { maxMessageLength: 20 });
    expect(output.message).toBe('a'.repeat(19));
    expect(output.truncated).toEqual({ message: 25 });
  });

  it("cuts a foreign cause's message too, marking the foreign node", () => {
    const output = serializedAndReadBack(new ToolError('short', { cause: new Error('y'.repeat(50)) }), { maxMessageLength: 20 });
    expect(output.cause).toEqual({ name: 'Error', message: 'y'.repeat(20), truncated: { message: 50 } });
    expect(output.truncated).toBeUndefined();
  });

  it('cuts a requested stack, marking truncated.stack with its original length', () => {
    const error = new ToolError('short');
    const stackLength = error.stack?.length ?? 0;
    const output = serializedAndReadBack(error, { stack: true, maxMessageLength: 40 });
    expect(output.stack).toHaveLength(40);
    expect(output.truncated).toEqual({ stack: stackLength });
  });

  it('holds after redaction too: [REDACTED] longer than what it replaces does not take a message past the limit', () => {
    const message = 'token=a '.repeat(12).trim();
    expect(message.length).toBeLessThanOrEqual(100);
    // A foreign cause's message, which the serializer alone redacts and cuts.
    const output = serializedAndReadBack(new ToolError('outer', { cause: new Error(message) }), { maxMessageLength: 100 }).cause as SerializedError;
    expect(output.message.length).toBeLessThanOrEqual(100);
    expect(output.message.startsWith('token=[REDACTED] token=[REDACTED]')).toBe(true);
    expect(output.truncated).toEqual({ message: message.length });
  });
});

describe('maxErrors', () => {
  const errorsOf = (count: number): Error[] => Array.from({ length: count }, (_, index) => new Error(`e${index}`));

  it('defaults to 100: 100 entries whole, 101 keep 100 and mark truncated.errors 1', () => {
    const whole = serializedAndReadBack(new AggregateError(errorsOf(100), 'agg'));
    expect(whole.cause).toEqual({ name: 'AggregateError', message: 'agg', errors: errorsOf(100).map((e) => ({ name: 'Error', message: e.message })) });
    const cut = serializedAndReadBack(new AggregateError(errorsOf(101), 'agg'));
    expect(cut.cause).toEqual({
      name: 'AggregateError', message: 'agg', errors: errorsOf(100).map((e) => ({ name: 'Error', message: e.message })), truncated: { errors: 1 },
    });
  });

  it('as an option (2) keeps the first 2 and counts the rest', () => {
    const output = serializedAndReadBack(new AggregateError(errorsOf(5), 'agg'), { maxErrors: 2 });
    expect(output.cause).toEqual({
      name: 'AggregateError', message: 'agg', errors: [{ name: 'Error', message: 'e0' }, { name: 'Error', message: 'e1' }], truncated: { errors: 3 },
    });
  });

  it('as an option (0) keeps none and counts them all', () => {
    const output = serializedAndReadBack(new AggregateError(errorsOf(5), 'agg'), { maxErrors: 0 });
    expect(output.cause).toEqual({ name: 'AggregateError', message: 'agg', errors: [], truncated: { errors: 5 } });
  });
});

describe('maxDetailsSize', () => {
  it('defaults to 16,384 characters of keys and values: exactly that is whole, one more is cut and marked', () => {
    const whole = serializedAndReadBack(new ToolError('t', { details: { note: 'x'.repeat(16_380) } }));
    expect(whole.details).toEqual({ note: 'x'.repeat(16_380) });
    expect(whole.truncated).toBeUndefined();
    const cut = serializedAndReadBack(new ToolError('t', { details: { note: 'x'.repeat(16_381) } }));
    expect(cut.details).toEqual({ note: 'x'.repeat(16_380) });
    expect(cut.truncated).toEqual({ details: true });
  });

  it('as an option (10) keeps keys and values in order until the budget is spent, then stops', () => {
    const output = serializedAndReadBack(new ToolError('t', { details: { a: 'xxxxx', b: 'yyyyy', c: 'z' } }), { maxDetailsSize: 10 });
    expect(output.details).toEqual({ a: 'xxxxx', b: 'yyy' });
    expect(output.truncated).toEqual({ details: true });
  });

  it("bounds a class's own fields too, marking them as details", () => {
    const output = serializedAndReadBack(new ToolError('t', { toolName: 'search'.repeat(5) }), { maxDetailsSize: 10 });
    expect(output.toolName).toBe('searchsear');
    expect(output.truncated).toEqual({ details: true });
  });

  it("charges an own field of yours its key and its value, as an entry of details: past the budget the field is left out and marked", () => {
    // `amount` (6) and 12 (8) fill the budget of 14: `zone` finds none left.
    const error = Object.assign(new ToolError('t'), { amount: 12, zone: 'eu' });
    const output = serializedAndReadBack(error, { maxDetailsSize: 14 });
    expect(output).toMatchObject({ amount: 12 });
    expect(output).not.toHaveProperty('zone');
    expect(output.truncated).toEqual({ details: true });
    const whole = serializedAndReadBack(error, { maxDetailsSize: 20 });
    expect(whole).toMatchObject({ amount: 12, zone: 'eu' });
    expect(whole.truncated).toBeUndefined();
  });

  it('charges the built-in fields as before: text by its length, numbers, booleans and shapes nothing', () => {
    const tool = serializedAndReadBack(new ToolTimeoutError('t', { toolName: 'abcd', timeoutMs: 5000 }), { maxDetailsSize: 4 });
    expect(tool).toMatchObject({ toolName: 'abcd', timeoutMs: 5000 });
    expect(tool.truncated).toBeUndefined();
    const rateLimit = { dimension: 'tokens', limit: 30_000, remaining: 0, resetMs: 2000 } as const;
    const model = new ModelRateLimitError('m', { provider: 'abcd', outputStarted: true, usage: { inputTokens: 10 }, rateLimit });
    const output = serializedAndReadBack(model, { maxDetailsSize: 4 });
    expect(output).toMatchObject({ provider: 'abcd', outputStarted: true, usage: { inputTokens: 10 }, rateLimit });
    expect(output.truncated).toBeUndefined();
  });

  it('keeps the output of an error with 7,000 own keys of 1,000 characters within what the reader accepts, marked', () => {
    const error = new ToolError('t');
    for (let index = 0; index < 7000; index++) Object.assign(error, { [`${index}:`.padEnd(1000, 'k')]: 1 });
    const output = serializedAndReadBack(error);
    const written = Object.keys(output).filter((key) => key.endsWith('k'));
    // 1,008 a field: 16 fit in 16,384; the 17th key is longer than the 256 left and the 512 a key may run over.
    expect(written).toHaveLength(16);
    expect(output.truncated).toEqual({ details: true });
    expect(JSON.stringify(output).length).toBeLessThan(maxSerializedSize());
    const small = serializeError(error, { maxDetailsSize: 100 });
    expect(Object.keys(small).filter((key) => key.endsWith('k'))).toHaveLength(0);
    expect(small.truncated).toEqual({ details: true });
  });

  it('keeps the output of a class of yours with 200,000 declared fields within the budget, marked', () => {
    const fields = Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`f${index}`, 'number' as const]));
    const Wide = ToolError.subclass('WideFieldsError', { code: 'WIDE_FIELDS', fields });
    const error = new Wide(Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`f${index}`, index])));
    const output = serializeError(error);
    const written = Object.keys(output).filter((key) => /^f\d+$/.test(key));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(16_384 / 10);
    expect(output.truncated).toEqual({ details: true });
  });

  it('is a budget per node: a cause has its own', () => {
    const cause = new ToolError('inner', { details: { note: 'y'.repeat(8) } });
    const output = serializedAndReadBack(new ToolError('outer', { details: { note: 'x'.repeat(8) }, cause }), { maxDetailsSize: 12 });
    expect(output.details).toEqual({ note: 'x'.repeat(8) });
    expect((output.cause as SerializedError).details).toEqual({ note: 'y'.repeat(8) });
    expect(output.truncated).toBeUndefined();
  });
});

describe('a cut error and a whole one', () => {
  it('differ by the truncated field alone, which a reader keeps after reading the error back', () => {
    const whole = serializeError(new ToolError('x'.repeat(100)), { maxMessageLength: 100 });
    const cut = serializeError(new ToolError('x'.repeat(101)), { maxMessageLength: 100 });
    expect(whole).not.toHaveProperty('truncated');
    expect({ ...cut, truncated: undefined }).toEqual({ ...whole, truncated: undefined });
    const restored = deserializeError(JSON.stringify(cut));
    expect(truncatedOf(restored)).toEqual({ message: 101 });
    expect(Object.keys(restored)).not.toContain('truncated');
  });
});
