import { describe, expect, it } from 'vitest';
import { SERIALIZE_DEFAULTS } from '../../src/contract/serialize-options.js';
import { serializeError, ToolError, type SerializedError } from '../../src/index.js';

function chain(length: number): ToolError {
  let error = new ToolError(`level ${length}`);
  for (let level = length - 1; level >= 1; level--) error = new ToolError(`level ${level}`, { cause: error });
  return error;
}

function depthOf(node: SerializedError): number {
  let depth = 1;
  for (let current = node.cause; typeof current === 'object' && 'name' in current; depth++) {
    current = (current as SerializedError).cause;
  }
  return depth;
}

describe('the default limits of serializeError', () => {
  it('are the documented ones', () => {
    expect(SERIALIZE_DEFAULTS).toEqual({ maxDepth: 16, maxMessageLength: 10_000, maxErrors: 100, maxDetailsSize: 16_384 });
  });

  it('follow a cause chain 16 nodes deep whole, and cut the 17th', () => {
    const whole = serializeError(chain(16));
    expect(depthOf(whole)).toBe(16);
    expect(JSON.stringify(whole)).not.toContain('truncated');
    const cut = serializeError(chain(17));
    expect(depthOf(cut)).toBe(16);
    expect(JSON.stringify(cut)).toContain('"truncated":{"cause":"depth"}');
  });

  it('keep a message of 10,000 characters and cut one of 10,001', () => {
    expect(serializeError(new ToolError('m'.repeat(10_000)))).not.toHaveProperty('truncated');
    const cut = serializeError(new ToolError('m'.repeat(10_001)));
    expect(cut.message).toHaveLength(10_000);
    expect(cut.truncated).toEqual({ message: 10_001 });
  });

  it('keep 100 entries of errors and cut the 101st', () => {
    const errorsOf = (count: number): SerializedError => {
      const cause = new AggregateError(Array.from({ length: count }, (_, index) => index), 'many');
      return serializeError(new ToolError('x', { cause })).cause as SerializedError;
    };
    expect(errorsOf(100).errors).toHaveLength(100);
    expect(errorsOf(100)).not.toHaveProperty('truncated');
    expect(errorsOf(101).errors).toHaveLength(100);
    expect(errorsOf(101).truncated).toEqual({ errors: 1 });
  });

  it('keep 16,384 characters of details, keys and values together, and cut past them', () => {
    // The key `k` counts one character, so the value may hold 16,383.
    const whole = serializeError(new ToolError('x', { details: { k: 'd'.repeat(16_383) } }));
    expect(whole).not.toHaveProperty('truncated');
    const cut = serializeError(new ToolError('x', { details: { k: 'd'.repeat(16_384) } }));
    expect(cut.details).toEqual({ k: 'd'.repeat(16_383) });
    expect(cut.truncated).toEqual({ details: true });
  });

  it('give way to options, limit by limit', () => {
    const out = serializeError(chain(5), { maxDepth: 2 });
    expect(depthOf(out)).toBe(2);
    expect(serializeError(new ToolError('abcdef'), { maxMessageLength: 3 }).message).toBe('abc');
  });
});
