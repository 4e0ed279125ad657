import { createRequire } from 'node:module';
import { NonRetriableError, RetryAfterError, serializeError, StepError } from 'inngest';
import type * as InngestModule from 'inngest';
import { describe, expect, it } from 'vitest';
import {
  maxSerializedSize, ModelApiError, ModelQuotaExceededError, ModelRateLimitError, SecurityError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';
import { CARRIED_LIMITS, CAUSE_KEY, fromInngestError, toInngestError } from '../../src/inngest/index.js';
import { engineErrorOf } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

/** The serialized error an Inngest error carries in its cause. */
function carriedOf(error: unknown): unknown {
  return (error as { readonly cause?: Readonly<Record<string, unknown>> }).cause?.[CAUSE_KEY];
}

describe('toInngestError', () => {
  it.each<[string, FaultlineError]>([
    ['a ValidationError', new ValidationError('bad input', { fields: { q: 'Required' } })],
    ['a SecurityError', new SecurityError('blocked')],
    ['a ModelQuotaExceededError', new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1' })],
    ['an UnknownError', new UnknownError('boom')],
  ])('makes %s a NonRetriableError carrying the serialized error in its cause', (_title, error) => {
    const mapped = toInngestError(error);
    expect(mapped.constructor).toBe(NonRetriableError);
    expect(mapped).toMatchObject({ name: 'NonRetriableError', message: error.message });
    expect(mapped.cause).toEqual({ [CAUSE_KEY]: JSON.parse(JSON.stringify(error)) as unknown });
  });

  it.each<[number, string]>([
    [300, '1'],
    [1500, '2'],
    [30_000, '30'],
    [86_400_000, '86400'],
  ])('makes a rate limit with retryAfterMs %i a RetryAfterError of %s seconds, carrying the error', (delay, seconds) => {
    const error = new ModelRateLimitError({ provider: 'openai', retryAfterMs: delay });
    const mapped = toInngestError(error);
    expect(mapped.constructor).toBe(RetryAfterError);
    expect(mapped).toMatchObject({ name: 'RetryAfterError', message: error.message, retryAfter: seconds });
    expect(carriedOf(mapped)).toEqual(JSON.parse(JSON.stringify(error)) as unknown);
  });

  it('asks for a day at most, the longest Inngest waits, for a longer delay', () => {
    expect(toInngestError(new ModelRateLimitError({ retryAfterMs: 7 * 86_400_000 }))).toMatchObject({ retryAfter: '86400' });
    expect(toInngestError(new TransientError('x', { retryAfterMs: Number.MAX_SAFE_INTEGER }))).toMatchObject({ retryAfter: '86400' });
  });

  it('makes a retryable error without a delay a plain Error named as its class, carrying the error, for Inngest to retry under its own policy', () => {
    for (const error of [new TransientError('connection reset'), new ModelRateLimitError({ retryAfterMs: 0 })]) {
      const retried = toInngestError(error);
      expect(retried.constructor).toBe(Error);
      expect([retried.name, retried.message]).toEqual([error.name, error.message]);
      expect(retried.cause).toEqual({ [CAUSE_KEY]: JSON.parse(JSON.stringify(error)) as unknown });
      const back = fromInngestError(retried);
      expect([back.constructor, engineErrorOf(back)]).toEqual([error.constructor, retried]);
      expect(JSON.stringify(back)).toBe(JSON.stringify(error));
    }
  });

  it('stores no raw cause of a retried error: Inngest keeps the carrier alone, redacted', () => {
    const reset = Object.assign(new Error('GET https://api.example.com/v1?api_key=sk-live-abcdefghijklmnop1234 failed'), { code: 'ECONNRESET' });
    const retried = toInngestError(new TransientError('connection reset', { cause: reset }));
    const stored = JSON.stringify(serializeError(retried));
    expect(stored).not.toContain('sk-live-abcdefghijklmnop1234');
    expect(stored).toContain('[REDACTED]');
  });

  it('does not retry a stream that had shown output, as faultline/retry never replays one', () => {
    expect(toInngestError(new ModelApiError('stream broke', { status: 503, outputStarted: true })).constructor).toBe(NonRetriableError);
  });

  it('normalizes any other value first: a reset connection is a TransientError Inngest retries', () => {
    const mapped = toInngestError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    expect([mapped.constructor, mapped.name]).toEqual([Error, 'TransientError']);
    expect(toInngestError('a thrown string').constructor).toBe(NonRetriableError);
  });

  it.each(['5000', Number.NaN, -1, 1e308, Number.POSITIVE_INFINITY])('reads a retryAfterMs mutated to %s as no delay', (delay) => {
    const error = new ModelRateLimitError();
    Object.defineProperty(error, 'retryAfterMs', { value: delay });
    expect(toInngestError(error).constructor).toBe(Error);
  });

  it('reads a retryable mutated to anything but true as not retryable: fail closed', () => {
    const error = new TransientError('x', { retryAfterMs: 1000 });
    Object.defineProperty(error, 'retryable', { value: 'yes' });
    expect(toInngestError(error).constructor).toBe(NonRetriableError);
  });

  it('redacts the message Inngest stores and shows, and what the cause carries', () => {
    const terminal = toInngestError(new ValidationError('connect postgres://app:hunter2@db/app refused'));
    const delayed = toInngestError(new TransientError('connect postgres://app:hunter2@db/app refused', { retryAfterMs: 1000 }));
    for (const mapped of [terminal, delayed]) {
      expect(mapped.message).toBe('connect postgres://app:[REDACTED]@db/app refused');
      expect(JSON.stringify(mapped.cause)).not.toContain('hunter2');
      expect(String(mapped.stack)).not.toContain('hunter2');
    }
  });

  it('keeps the carried error within its limits, cut and marked as the contract cuts', () => {
    const huge = new ValidationError('x'.repeat(50_000), { details: { blob: 'y'.repeat(50_000) } });
    const carried = carriedOf(toInngestError(huge));
    expect(JSON.stringify(carried).length).toBeLessThanOrEqual(maxSerializedSize(CARRIED_LIMITS));
    expect(JSON.stringify(carried).length).toBeLessThan(8_000);
    expect(carried).toMatchObject({ name: 'ValidationError', truncated: { message: 50_000, details: true } });
  });
});

describe('Inngest’s own errors', () => {
  it('pass through as they are: a NonRetriableError, a RetryAfterError, a StepError', () => {
    const values = [new NonRetriableError('stop'), new RetryAfterError('later', 5000), new StepError('call model', { name: 'TransientError', message: 'x' })];
    for (const value of values) expect(toInngestError(value)).toBe(value);
  });

  it('pass through from the other module format’s copy of inngest, which the executor recognises by name', () => {
    const cjs = createRequire(import.meta.url)('inngest') as typeof InngestModule;
    expect(cjs.NonRetriableError).not.toBe(NonRetriableError);
    const values = [new cjs.NonRetriableError('stop'), new cjs.RetryAfterError('later', 5000)];
    for (const value of values) expect(toInngestError(value)).toBe(value);
  });

  it('pass through only as errors: an object that is merely named so is normalized', () => {
    const named = { name: 'NonRetriableError', message: 'stop' };
    expect(toInngestError(named)).not.toBe(named);
    expect(toInngestError(named).constructor).toBe(NonRetriableError);
    const noDelay = Object.assign(new Error('later'), { name: 'RetryAfterError' });
    expect(toInngestError(noDelay)).not.toBe(noDelay);
  });
});

describe('under hostile input', () => {
  it.each(HOSTILE_KINDS)('never throws on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(toInngestError(value).constructor).toBe(NonRetriableError);
    }
  });

  it('never throws on an error whose getters throw, and keeps the carried error small', () => {
    const error = new ValidationError('x');
    for (const key of ['code', 'retryable', 'retryAfterMs', 'fields', 'message', 'details', 'name']) {
      Object.defineProperty(error, key, { get: () => { throw new Error(`getter ${key}`); } });
    }
    const mapped = toInngestError(error);
    expect(mapped.constructor).toBe(NonRetriableError);
    expect(JSON.stringify(carriedOf(mapped)).length).toBeLessThan(2_000);
  });
});
