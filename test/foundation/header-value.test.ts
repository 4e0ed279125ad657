import { describe, expect, it } from 'vitest';
import { headersNamed, headerValue } from '../../src/foundation/header-value.js';
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

  it('reads a value longer than the writer’s field limit as no header, never by its first part', () => {
    const huge = 'r'.repeat(10_000_000);
    for (const headers of [new Headers({ 'x-request-id': huge }), new Map([['X-Request-Id', huge]]), { 'x-request-id': [huge] }]) {
      expect(headerValue(headers, 'x-request-id')).toBeUndefined();
    }
    expect(headerValue({ 'x-request-id': 'r'.repeat(MAX_FIELD_LENGTH) }, 'x-request-id')).toBe('r'.repeat(MAX_FIELD_LENGTH));
    expect(headerValue({ 'x-request-id': 'r'.repeat(MAX_FIELD_LENGTH + 1) }, 'x-request-id')).toBeUndefined();
  });

  it('reads no further than the first 1,024 entries of a Map or a plain object, in every reader', () => {
    const many: Record<string, string> = {};
    for (let index = 0; index < 1024; index++) many[`x-junk-${index}`] = 'v';
    many['Retry-After'] = '2';
    expect(headerValue(many, 'retry-after')).toBeUndefined();
    expect(headerValue(new Map(Object.entries(many)), 'retry-after')).toBeUndefined();
    delete many['x-junk-0'];
    expect(headerValue(many, 'retry-after')).toBe('2');
    expect(headerValue(new Map(Object.entries(many)), 'retry-after')).toBe('2');
  });

  it('does not throw on a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(headerValue(proxy, 'retry-after')).toBeUndefined();
  });
});

describe('headersNamed', () => {
  const NAMES = ['x-ratelimit-remaining-tokens', 'x-ratelimit-reset-tokens', 'x-ratelimit-limit-tokens', 'x-ratelimit-limit-requests'];
  const EXPECTED = new Map([['x-ratelimit-remaining-tokens', '0'], ['x-ratelimit-reset-tokens', '6m0s']]);

  it.each([
    ['a fetch Headers', new Headers({ 'X-RateLimit-Remaining-Tokens': '0', 'x-ratelimit-reset-tokens': '6m0s', 'retry-after': '2' })],
    ['a Map, keys in any case', new Map<string, unknown>([['X-RATELIMIT-REMAINING-TOKENS', '0'], ['x-ratelimit-reset-tokens', ['6m0s', '1s']], ['retry-after', '2']])],
    ['a plain object, keys in any case', { 'X-Ratelimit-Remaining-Tokens': 0, 'x-ratelimit-reset-tokens': '6m0s', 'retry-after': '2' }],
    ['anything with a get method and no entries, asked for each name', { get: (name: string) => ({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '6m0s' })[name] ?? null }],
  ])('reads the named headers from %s, by lowercased name', (_, headers) => {
    expect(headersNamed(headers, NAMES)).toEqual(EXPECTED);
  });

  it('keeps the first of two names that differ only in case, and no value that is not text', () => {
    expect(headersNamed({ 'x-ratelimit-limit-tokens': '1', 'X-RateLimit-Limit-Tokens': '2', 'x-ratelimit-limit-requests': {} }, NAMES)).toEqual(
      new Map([['x-ratelimit-limit-tokens', '1']]),
    );
  });

  it('reads a hostile container once and no further than its first 1,024 headers, so that no junk header pushes a named one out', () => {
    const headers: Record<string, string> = {};
    for (let index = 0; index < 1000; index++) headers[`x-ratelimit-${index}`] = 'v';
    headers['x-ratelimit-remaining-tokens'] = '0';
    let reads = 0;
    const counted = new Proxy(headers, { ownKeys: (target) => { reads++; return Reflect.ownKeys(target); } });
    expect(headersNamed(counted, NAMES)).toEqual(new Map([['x-ratelimit-remaining-tokens', '0']]));
    expect(reads).toBe(1);
  });

  it('asks a container with a get method for each name, and never lists one whose entries never end', () => {
    let yielded = 0;
    const endless = {
      get: (name: string): string | null => (name === 'x-ratelimit-limit-tokens' ? '5' : null),
      *entries(): Generator<[string, string]> {
        for (;;) {
          yielded++;
          yield ['x-junk', 'y'];
        }
      },
    };
    expect(headersNamed(endless, NAMES)).toEqual(new Map([['x-ratelimit-limit-tokens', '5']]));
    expect(yielded).toBe(0);
  });

  it('stops reading a Map whose iterator never ends', () => {
    let yielded = 0;
    const endless = new (class extends Map<string, string> {
      override *entries(): MapIterator<[string, string]> {
        for (;;) {
          yielded++;
          yield ['x-junk', 'y'];
        }
      }
      override [Symbol.iterator](): MapIterator<[string, string]> {
        return this.entries();
      }
    })();
    expect(headersNamed(endless, NAMES)).toEqual(new Map());
    expect(yielded).toBe(1024);
  });

  it('gives what it read before the container threw, and never throws', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(headersNamed(proxy, NAMES)).toEqual(new Map());
    expect(headersNamed(undefined, NAMES)).toEqual(new Map());
    const throwing = { 'x-ratelimit-limit-tokens': '1', get ['x-ratelimit-limit-requests'](): string { throw new Error('boom'); }, 'x-ratelimit-reset-tokens': '3' };
    expect(headersNamed(throwing, NAMES)).toEqual(new Map([['x-ratelimit-limit-tokens', '1']]));
  });
});
