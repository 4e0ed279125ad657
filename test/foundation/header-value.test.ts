import { describe, expect, it } from 'vitest';
import { headerValue } from '../../src/foundation/header-value.js';
import { MAX_FIELD_LENGTH } from '../../src/contract/serialize-options.js';

describe('headerValue', () => {
  it.each([
    ['a fetch Headers', new Headers({ 'Retry-After': '2' })],
    ['a Map, keys in any case', new Map([['RETRY-AFTER', '2']])],
    ['a Map of lowercase keys', new Map([['retry-after', '2']])],
    ['a plain object, keys in any case', { 'Retry-after': '2' }],
    ['a plain object holding an array (a repeated header)', { 'retry-after': ['2', '3'] }],
    ['a plain object holding a number', { 'retry-after': 2 }],
    ['anything with a get method', { get: (name: string) => (name === 'retry-after' ? '2' : null) }],
  ])('reads a header from %s', (_, headers) => {
    expect(headerValue(headers, 'Retry-After')).toBe('2');
  });

  it.each([
    ['no headers', undefined],
    ['a string', 'retry-after: 2'],
    ['an object without it', { 'x-other': '1' }],
    ['a value that is not text', { 'retry-after': { seconds: 2 } }],
    ['a getter that throws', { get ['retry-after'](): string { throw new Error('boom'); } }],
  ])('gives undefined for %s', (_, headers) => {
    expect(headerValue(headers, 'retry-after')).toBeUndefined();
  });

  it('cuts a value to the writer’s field limit when it reads it, so that no field holds megabytes of a header', () => {
    const huge = 'r'.repeat(10_000_000);
    for (const headers of [new Headers({ 'x-request-id': huge }), new Map([['X-Request-Id', huge]]), { 'x-request-id': [huge] }]) {
      expect(headerValue(headers, 'x-request-id')).toBe('r'.repeat(MAX_FIELD_LENGTH));
    }
    // Never between the two halves of a character written as a surrogate pair.
    expect(headerValue({ 'x-request-id': `${'r'.repeat(MAX_FIELD_LENGTH - 1)}😀` }, 'x-request-id')).toBe('r'.repeat(MAX_FIELD_LENGTH - 1));
    expect(headerValue({ 'x-request-id': 'r'.repeat(MAX_FIELD_LENGTH) }, 'x-request-id')).toBe('r'.repeat(MAX_FIELD_LENGTH));
  });

  it('does not throw on a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(headerValue(proxy, 'retry-after')).toBeUndefined();
  });
});
