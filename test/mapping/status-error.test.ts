import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, AuthorizationError, ModelQuotaExceededError, ModelRateLimitError, normalizeError, TimeoutError,
  TransientError, UnknownError, ValidationError,
} from '../../src/index.js';

// The generic status table of issue #9, written out: for an error with a status that is not shaped
// like an LLM SDK's.
const TABLE = [
  [400, ValidationError], [422, ValidationError], [401, AuthenticationError], [403, AuthorizationError],
  [408, TimeoutError], [504, TimeoutError], [429, TransientError], [502, TransientError], [503, TransientError],
  [500, TransientError], [501, TransientError], [599, TransientError], [404, UnknownError], [409, UnknownError], [302, UnknownError],
] as const;

describe('normalizeError of an error that carries an HTTP status', () => {
  it.each(TABLE)('%i gives %o, keeping the status and the error as cause', (status, Class) => {
    const thrown = Object.assign(new Error(`HTTP ${status}`), { status });
    const error = normalizeError(thrown);
    expect(error.constructor).toBe(Class);
    expect([error.status, error.message, error.cause]).toEqual([status, `HTTP ${status}`, thrown]);
  });

  it('reads statusCode and response.status too', () => {
    expect(normalizeError(Object.assign(new Error('x'), { statusCode: 401 }))).toBeInstanceOf(AuthenticationError);
    expect(normalizeError(Object.assign(new Error('x'), { response: { status: 503 } })).constructor).toBe(TransientError);
  });

  it('gives a transient error the delay its headers ask for, and keeps a request id', () => {
    const thrown = Object.assign(new Error('busy'), { status: 503, response: { status: 503, headers: { 'Retry-After': '3', 'x-request-id': 'r1' } } });
    const error = normalizeError(thrown);
    expect([error.constructor, error.retryAfterMs, error.requestId, error.retryable]).toEqual([TransientError, 3000, 'r1', true]);
  });

  it('applies the model rules, not the table, to an error shaped like an LLM SDK’s', () => {
    const sdkError = Object.assign(new Error('429 You exceeded your current quota'), { status: 429, headers: new Headers(), error: { code: 'insufficient_quota' } });
    expect(normalizeError(sdkError)).toBeInstanceOf(ModelQuotaExceededError);
    const rateLimited = Object.assign(new Error('429'), { statusCode: 429, responseHeaders: { 'retry-after': '1' }, isRetryable: true });
    expect(normalizeError(rateLimited)).toBeInstanceOf(ModelRateLimitError);
    expect(normalizeError(rateLimited).retryAfterMs).toBe(1000);
  });

  it('leaves an error without a status to the other rules', () => {
    expect(normalizeError(new Error('x'))).toBeInstanceOf(UnknownError);
    expect(normalizeError(Object.assign(new Error('x'), { status: 'bad' }))).toBeInstanceOf(UnknownError);
  });
});
