import { describe, expect, it } from 'vitest';
import { readsBackAsError } from '../../src/contract/node-shape.js';

const head = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false };

describe('readsBackAsError', () => {
  it.each([
    ['a faultline node', head],
    ['a faultline node with fields of their types', { ...head, status: 500, toolName: 't', cause: 'why', anything: [1] }],
    ['a foreign node', { name: 'TypeError', message: 'fetch failed' }],
    ['a foreign node with a code, a cause and errors', { name: 'Error', message: 'x', code: 'ECONNRESET', cause: { a: 1 }, errors: [] }],
  ])('is true for %s', (_, value) => {
    expect(readsBackAsError(value)).toBe(true);
  });

  it.each([
    ['a faultline node with a field of the wrong type', { ...head, status: -1 }],
    ['a faultline node with a reserved key', { ...head, toJSON: 'x' }],
    ['a faultline node with an unknown category', { ...head, category: 'TOOLS' }],
    ['a foreign-looking object with another key', { name: 'Error', message: 'x', extra: 1 }],
    ['a foreign-looking object with a numeric code', { name: 'Error', message: 'x', code: 42 }],
    ['an object without a message', { name: 'Error' }],
    ['an array', [head]],
    ['a string', 'Error: x'],
    ['undefined', undefined],
  ])('is false for %s', (_, value) => {
    expect(readsBackAsError(value)).toBe(false);
  });
});
