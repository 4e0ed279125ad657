import { describe, expect, it } from 'vitest';
import {
  compareCanonical, FOREIGN_KEYS, HEAD_KEYS, inOwnFieldOrder, isNodeKey, OPTIONAL_KEYS, RESERVED_KEYS, TAIL_KEYS, TRUNCATION_KEYS,
  truncationInOrder,
} from '../../src/contract/key-order.js';
import { serializeError, ToolError } from '../../src/index.js';

describe('the contract’s key order', () => {
  it('is how the writer writes every key of a faultline node, own fields between the optional keys and the tail', () => {
    const error = new ToolError('a message longer than the limit', {
      toolName: 'search', retryAfterMs: 5, status: 503, requestId: 'req_1', recommendations: ['wait'], details: { a: 1 },
      cause: new Error('c'),
    });
    Object.defineProperty(error, 'alpha', { value: 'x', enumerable: true });
    Object.defineProperty(error, 'errors', { value: [new Error('e')] });
    const node = serializeError(error, { stack: true, maxMessageLength: 5 });
    expect(Object.keys(node)).toEqual([...HEAD_KEYS, ...OPTIONAL_KEYS, 'alpha', 'toolName', ...TAIL_KEYS]);
  });

  it('leaves out an own field that is undefined, and writes __proto__ as an own key', () => {
    const error = new ToolError('m');
    Object.defineProperty(error, '__proto__', { value: { p: 1 }, enumerable: true });
    Object.defineProperty(error, 'gone', { value: undefined, enumerable: true });
    const node = serializeError(error);
    expect(Object.keys(node)).toEqual([...HEAD_KEYS, '__proto__']);
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
  });

  it('is how the writer writes a foreign node’s keys, as FOREIGN_KEYS says', () => {
    const foreign = Object.assign(new TypeError('a message longer than the limit'), { code: 'E_X', errors: [] });
    Object.defineProperty(foreign, 'cause', { value: new Error('c') });
    const full = serializeError(new ToolError('m', { cause: foreign }), { stack: true, maxMessageLength: 5 }).cause;
    expect(Object.keys(full ?? {})).toEqual([...FOREIGN_KEYS]);
    expect(Object.keys(serializeError(new ToolError('m', { cause: new Error('m') })).cause ?? {})).toEqual(['name', 'message']);
  });

  it('places a truncated record’s marks as TRUNCATION_KEYS says', () => {
    expect(Object.keys(truncationInOrder('depth', 2, 30, 40, true, true))).toEqual([...TRUNCATION_KEYS]);
    expect(truncationInOrder(undefined, undefined, 12, undefined, undefined, true)).toEqual({ message: 12, strings: true });
  });

  it('is the order the writer produces', () => {
    const error = new ToolError('m', { toolName: 't', status: 502, requestId: 'r', details: { b: 1, a: 2 }, cause: new Error('c') });
    expect(Object.keys(serializeError(error))).toEqual(['name', 'code', 'category', 'message', 'retryable', 'status', 'requestId', 'details', 'toolName', 'cause']);
    expect(Object.keys(serializeError(error).details ?? {})).toEqual(['a', 'b']);
  });
});

describe('own fields and plain data', () => {
  it('sorts own fields by UTF-16 code units, in place', () => {
    const keys = ['beta', 'Zeta', 'alpha', 'é'];
    expect(inOwnFieldOrder(keys)).toBe(keys);
    expect(keys).toEqual(['Zeta', 'alpha', 'beta', 'é']);
  });

  it('puts array indices first, ascending, then the other keys by UTF-16 code units', () => {
    const keys = ['b', '10', 'a', '2', 'B'].map((written) => ({ key: written, written, index: /^\d+$/.test(written) ? Number(written) : undefined }));
    expect(keys.sort(compareCanonical).map((key) => key.written)).toEqual(['2', '10', 'B', 'a', 'b']);
  });
});

describe('isNodeKey', () => {
  // Written out independently of src: the contract's node keys and the reserved keys.
  const NODE_KEYS = [
    'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations',
    'details', 'cause', 'errors', 'stack', 'truncated', 'constructor', 'then', 'toJSON', 'toString', 'valueOf',
  ];

  it('holds every key of a node and every reserved key', () => {
    expect(NODE_KEYS.filter((key) => !isNodeKey(key))).toEqual([]);
    expect(new Set([...HEAD_KEYS, ...OPTIONAL_KEYS, ...TAIL_KEYS, ...RESERVED_KEYS])).toEqual(new Set(NODE_KEYS));
  });

  it.each(['toolName', 'provider', 'fields', 'Name', '__proto__', ''])('does not hold the class field key %j', (key) => {
    expect(isNodeKey(key)).toBe(false);
  });
});
