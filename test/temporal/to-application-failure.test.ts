import { ActivityFailure, ApplicationFailure, CancelledFailure, RetryState, type TemporalFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  AgentMaxIterationsError, maxSerializedSize, ModelApiError, ModelQuotaExceededError, ModelRateLimitError, SecurityError, serializeError, TransientError, UnknownError,
  ValidationError,
} from '../../src/index.js';
import { classify, createClassifier } from '../../src/retry/index.js';
import { DETAILS_LIMITS, toApplicationFailure } from '../../src/temporal/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { activityTaskFailure, wireSize } from './temporal-wire.js';

/** The failure, which must be an ApplicationFailure. */
function application(failure: TemporalFailure): ApplicationFailure {
  if (failure instanceof ApplicationFailure) return failure;
  throw new TypeError(`expected an ApplicationFailure, got ${failure.name}`);
}

/** The fields of an ApplicationFailure that Temporal's converter writes, and its cause. */
function shapeOf(failure: TemporalFailure): Record<string, unknown> {
  const { message, type, nonRetryable, details, nextRetryDelay, category, cause } = application(failure);
  return { message, type, nonRetryable, details, nextRetryDelay, category, cause };
}

describe('toApplicationFailure', () => {
  it.each<[string, unknown, string, boolean, number | undefined]>([
    ['a ValidationError', new ValidationError('bad input', { fields: { q: 'Required' } }), 'VALIDATION_FAILED', true, undefined],
    ['an empty account', new ModelQuotaExceededError({ provider: 'openai' }), 'MODEL_QUOTA_EXCEEDED', true, undefined],
    ['a rate limit with a delay', new ModelRateLimitError({ retryAfterMs: 1500 }), 'MODEL_RATE_LIMITED', false, 1500],
    ['a rate limit with a delay of 0', new ModelRateLimitError({ retryAfterMs: 0 }), 'MODEL_RATE_LIMITED', false, undefined],
    ['a non-retryable error with a delay', new ValidationError('x', { retryAfterMs: 500 }), 'VALIDATION_FAILED', true, undefined],
    ['a TransientError', new TransientError('reset'), 'TRANSIENT', false, undefined],
    ['an error with a code of its own', new ValidationError('x', { code: 'ORDER_INVALID' }), 'ORDER_INVALID', true, undefined],
    ['a reset connection (normalized)', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'TRANSIENT', false, undefined],
    ['a thrown string (normalized)', 'boom', 'UNKNOWN_ERROR', true, undefined],
  ])('makes %s an ApplicationFailure: type the code, nonRetryable, nextRetryDelay, the serialized error in details', (_title, thrown, type, nonRetryable, delay) => {
    const failure = toApplicationFailure(thrown);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    const json = serializeError(thrown, DETAILS_LIMITS);
    expect(shapeOf(failure)).toEqual({
      message: json.message, type, nonRetryable, details: [json], nextRetryDelay: delay, category: undefined, cause: undefined,
    });
  });

  it.each(['5000', Number.NaN, -1, 1e308, Number.POSITIVE_INFINITY])('reads a retryAfterMs mutated to %s as no delay', (delay) => {
    const error = new ModelRateLimitError();
    Object.defineProperty(error, 'retryAfterMs', { value: delay });
    expect(toApplicationFailure(error).nextRetryDelay).toBeUndefined();
  });

  it('redacts the message, the details and the stack Temporal records', () => {
    const failure = toApplicationFailure(new TransientError('connect postgres://app:hunter2@db/app refused'));
    expect(failure.message).toBe('connect postgres://app:[REDACTED]@db/app refused');
    expect(JSON.stringify(failure.details)).not.toContain('hunter2');
    expect(String(failure.stack)).not.toContain('hunter2');
    expect(JSON.stringify(activityTaskFailure(failure))).not.toContain('hunter2');
  });

  it('keeps the message and the details within DETAILS_LIMITS, cut and marked, far below Temporal’s 2 MiB', () => {
    const huge = new ValidationError('x'.repeat(50_000), { details: { blob: 'y'.repeat(5_000_000) }, cause: new Error('z'.repeat(50_000)) });
    const failure = toApplicationFailure(huge);
    expect(failure.message).toBe('x'.repeat(DETAILS_LIMITS.maxMessageLength));
    expect(JSON.stringify(failure.details).length).toBeLessThanOrEqual(maxSerializedSize(DETAILS_LIMITS));
    expect(failure.details?.[0]).toMatchObject({ name: 'ValidationError', truncated: { message: 50_000, details: true } });
    expect(wireSize(activityTaskFailure(failure))).toBeLessThan(64 * 1024);
    expect(maxSerializedSize(DETAILS_LIMITS)).toBeLessThan(300_000);
  });

  it('keeps a typical failure, stack included, under the 4 KiB Temporal’s server keeps whole for an attempt it retries', () => {
    const cause = Object.assign(new Error('429 Rate limit reached for gpt-4o in organization org-abc on tokens per min'), { status: 429 });
    const typical = new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o', requestId: 'req_8f2c1a', retryAfterMs: 1200, cause });
    expect(wireSize(activityTaskFailure(toApplicationFailure(typical)))).toBeLessThan(4096);
  });
});

describe('the benign category', () => {
  it('is set where the policy’s logLevel is debug, and not otherwise', () => {
    const options = { classify: createClassifier({ codes: { VALIDATION_FAILED: { logLevel: 'debug' } } }) };
    expect(toApplicationFailure(new ValidationError(), options).category).toBe('BENIGN');
    expect(toApplicationFailure(new TransientError(), options).category).toBeUndefined();
  });

  it('is never set by faultline’s default table, whose levels are info and above', () => {
    const errors = [new ValidationError(), new SecurityError(), new ModelQuotaExceededError(), new TransientError(), new UnknownError(), new AgentMaxIterationsError()];
    for (const error of errors) {
      expect(classify(error).logLevel).not.toBe('debug');
      expect(toApplicationFailure(error).category).toBeUndefined();
    }
  });

  it('asks the given classify with the normalized error', () => {
    const seen: unknown[] = [];
    const failure = toApplicationFailure('boom', { classify: (error) => (seen.push(error), { ...classify(error), logLevel: 'debug' }) });
    expect(application(failure).category).toBe('BENIGN');
    expect(seen).toEqual([expect.any(UnknownError)]);
  });

  it('marks nothing expected when classify throws or answers no policy, and gives Temporal the error itself', () => {
    const throwing = (): never => {
      throw new Error('classifier bug');
    };
    const noPolicy = (() => undefined) as unknown as typeof classify;
    for (const given of [throwing, noPolicy]) {
      const failure = application(toApplicationFailure(new ValidationError('bad input'), { classify: given }));
      expect([failure.type, failure.message, failure.category]).toEqual(['VALIDATION_FAILED', 'bad input', undefined]);
    }
  });
});

describe('a stream that had shown output', () => {
  it('is non-retryable, with no delay: it is never replayed', () => {
    const failure = application(toApplicationFailure(new ModelApiError('stream broke', { status: 503, retryAfterMs: 1000, outputStarted: true })));
    expect([failure.nonRetryable, failure.nextRetryDelay]).toEqual([true, undefined]);
  });
});

describe('Temporal’s own failures', () => {
  it.each<[string, TemporalFailure]>([
    ['an ApplicationFailure', ApplicationFailure.nonRetryable('stop', 'MY_TYPE')],
    ['a CancelledFailure, which must propagate', new CancelledFailure('Activity cancelled')],
    ['an ActivityFailure a workflow rethrows', new ActivityFailure('Activity task failed', 'callModel', '1', RetryState.MAXIMUM_ATTEMPTS_REACHED, 'w', new Error('x'))],
  ])('pass through as they are: %s', (_title, failure) => {
    expect(toApplicationFailure(failure)).toBe(failure);
  });

  it('pass through from another copy of @temporalio/common, which Temporal recognises by a marker', () => {
    const otherCopy = Object.assign(new Error('from another copy'), { [Symbol.for('__temporal_isTemporalFailure')]: true });
    expect(toApplicationFailure(otherCopy)).toBe(otherCopy);
  });
});

describe('options', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'toApplicationFailure: the option options must be an object; got null'],
    ['a misspelt key', { classifier: classify }, 'toApplicationFailure: the option classifier must be a known option (classify); got "classifier"'],
    ['a classify that is not a function', { classify: 'debug' }, 'toApplicationFailure: the option classify must be a function; got "debug"'],
  ])('refuses %s with a TypeError naming it', (_title, options, message) => {
    expect(() => toApplicationFailure(new ValidationError(), options as never)).toThrow(new TypeError(message));
  });

  it('takes none, an empty object, or classify', () => {
    for (const options of [undefined, {}, { classify }]) expect(toApplicationFailure(new ValidationError(), options)).toBeInstanceOf(ApplicationFailure);
  });
});

describe('under hostile input', () => {
  it.each(HOSTILE_KINDS)('never throws on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      const failure = application(toApplicationFailure(value));
      expect(failure.details?.[0]).toMatchObject({ category: 'UNKNOWN' });
      expect(() => activityTaskFailure(failure)).not.toThrow();
    }
  });

  it('never throws on an error whose getters throw, and keeps it within its bound', () => {
    const error = new ValidationError('x');
    for (const key of ['code', 'retryable', 'retryAfterMs', 'fields', 'message', 'details']) {
      Object.defineProperty(error, key, { get: () => { throw new Error(`getter ${key}`); } });
    }
    const failure = toApplicationFailure(error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(JSON.stringify(failure.details).length).toBeLessThanOrEqual(maxSerializedSize(DETAILS_LIMITS));
  });
});
