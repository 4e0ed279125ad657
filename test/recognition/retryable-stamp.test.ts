/**
 * LangChain's retryable stamp, set by the real @langchain/core `stampRetryable`, decides `retryable`
 * through normalizeError and every family's `from`, over the status, the class and the kind of failure.
 */
import { stampRetryable } from '@langchain/core/errors';
import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, type FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError, UnknownError,
  ValidationError, normalizeError,
} from '../../src/index.js';
import { langChainRetryable } from '../../src/recognition/retryable-stamp.js';

const withStatus = (status: number): Error => Object.assign(new Error(`Upstream answered ${status}`), { status });
const reset = (): Error => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
/** An OpenAI-style SDK error: a status with its headers. */
const sdkError = (status: number): Error => Object.assign(new Error(`${status} overloaded`), { status, headers: { 'x-request-id': 'req_1' } });

describe('langChainRetryable', () => {
  it('reads the stamp @langchain/core sets, and nothing else', () => {
    expect(langChainRetryable(stampRetryable(new Error('x'), false))).toBe(false);
    expect(langChainRetryable(stampRetryable(new Error('x'), true))).toBe(true);
    expect(langChainRetryable(new Error('x'))).toBeUndefined();
    // Inherited, or not a boolean: not LangChain's word.
    expect(langChainRetryable(Object.create(stampRetryable(new Error('x'), true) as object))).toBeUndefined();
    expect(langChainRetryable({ [Symbol.for('langchain.errors.retryable')]: 'yes' })).toBeUndefined();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(langChainRetryable(proxy)).toBeUndefined();
  });
});

describe('normalizeError', () => {
  it('keeps a 503 stamped not retryable from retrying, in the class the status gives', () => {
    const error = normalizeError(stampRetryable(withStatus(503), false));
    expect([error.constructor, error.status, error.retryable]).toEqual([TransientError, 503, false]);
  });

  it('makes an otherwise unknown error stamped retryable retryable', () => {
    const error = normalizeError(stampRetryable(new Error('flaky'), true));
    expect([error.constructor, error.retryable]).toEqual([UnknownError, true]);
  });

  it('lets the stamp decide over a network failure, a timeout, a 400 and an SDK’s 529', () => {
    expect(normalizeError(stampRetryable(reset(), false))).toMatchObject({ name: 'TransientError', retryable: false });
    expect(normalizeError(stampRetryable(Object.assign(new Error('timed out'), { name: 'TimeoutError' }), false))).toMatchObject({ name: 'TimeoutError', retryable: false });
    expect(normalizeError(stampRetryable(withStatus(400), true))).toMatchObject({ name: 'ValidationError', retryable: true });
    expect(normalizeError(stampRetryable(sdkError(529), false))).toMatchObject({ name: 'ModelApiError', retryable: false });
  });

  it('leaves an unstamped error to the tables', () => {
    expect([normalizeError(withStatus(503)).retryable, normalizeError(new Error('flaky')).retryable]).toEqual([true, false]);
  });
});

describe('the families’ from', () => {
  type Family = { from(value: unknown): FaultlineError; readonly name: string };
  const families: readonly Family[] = [ModelError, ToolError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError];

  it.each(families.map((Family) => [Family.name, Family] as const))('%s.from follows the stamp, either way', (_, Family) => {
    expect(Family.from(stampRetryable(new Error('flaky'), true)).retryable).toBe(true);
    expect(Family.from(stampRetryable(reset(), false)).retryable).toBe(false);
    expect(Family.from(stampRetryable(withStatus(503), false)).retryable).toBe(false);
  });

  it('ModelError.from keeps the class the status gives: a 429 stamped not retryable is still a rate limit, not to be retried', () => {
    const error = ModelError.from(stampRetryable(sdkError(429), false));
    expect([error.name, error.retryable]).toEqual(['ModelRateLimitError', false]);
  });
});
