import { describe, expect, it } from 'vitest';
import { isFailedFetch } from '../../src/recognition/fetch-failure.js';
import { normalizeError, TransientError, UnknownError, ModelApiError, ModelError } from '../../src/index.js';

// Each runtime's failed fetch, written out from what each one throws.
const FAILED_FETCHES = [
  ['Node and Deno', new TypeError('fetch failed')],
  ['Chromium', new TypeError('Failed to fetch')],
  ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
  ['Safari 17+', new TypeError('Load failed')],
  ['Safari before 17', new TypeError('The Internet connection appears to be offline.')],
  ['workerd', new Error('Network connection lost.')],
  ['React Native', new TypeError('Network request failed')],
] as const;

describe('isFailedFetch', () => {
  it.each(FAILED_FETCHES)('is true for a failed fetch in %s', (_, error) => {
    expect(isFailedFetch(error.name, error.message)).toBe(true);
  });

  it.each([
    ['another TypeError', new TypeError('x is not a function')],
    ['the words in another class', new RangeError('Failed to fetch')],
    ['a longer message', new TypeError('Failed to fetch the user profile')],
  ])('is false for %s', (_, error) => {
    expect(isFailedFetch(error.name, error.message)).toBe(false);
  });

  it('is false for values that are not a name and a message', () => {
    expect(isFailedFetch(undefined, 'Failed to fetch')).toBe(false);
    expect(isFailedFetch('TypeError', 42)).toBe(false);
  });
});

describe('a failed fetch of any runtime, mapped', () => {
  it.each(FAILED_FETCHES)('in %s is a retryable TransientError, and a retryable ModelApiError to ModelError.from', (_, error) => {
    expect(normalizeError(error)).toBeInstanceOf(TransientError);
    const model = ModelError.from(error);
    expect([model.constructor, model.retryable]).toEqual([ModelApiError, true]);
  });

  it('is not a network failure when the cause says it is something else (a TLS failure under Node)', () => {
    const tls = new TypeError('fetch failed', { cause: Object.assign(new Error('unable to verify the first certificate'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }) });
    expect(normalizeError(tls)).toBeInstanceOf(UnknownError);
  });
});
