import { Error as DbosErrors } from '@dbos-inc/dbos-sdk';
import { describe, expect, it } from 'vitest';
import {
  ModelContextLengthError, ModelQuotaExceededError, ModelRateLimitError, SecurityError, TimeoutError, TransientError, ValidationError,
} from '../../src/index.js';
import { dbosStepConfig } from '../../src/dbos/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

describe('dbosStepConfig', () => {
  it('turns retries on with DBOS’s own schedule by default', () => {
    const { shouldRetry, ...schedule } = dbosStepConfig();
    expect(schedule).toEqual({ retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1, backoffRate: 2 });
    expect(typeof shouldRetry).toBe('function');
  });

  it('takes the schedule, the name and the timeout, and sets no key it was not given', () => {
    const config = dbosStepConfig({ maxAttempts: 5, intervalSeconds: 0.5, backoffRate: 1.5, timeoutMS: 30_000, name: 'call model' });
    expect({ ...config, shouldRetry: undefined }).toEqual({ retriesAllowed: true, maxAttempts: 5, intervalSeconds: 0.5, backoffRate: 1.5, timeoutMS: 30_000, name: 'call model' });
    expect(Object.keys(dbosStepConfig({ maxAttempts: 2 }))).toEqual(['retriesAllowed', 'maxAttempts', 'intervalSeconds', 'backoffRate', 'shouldRetry']);
  });

  it.each<[string, unknown, boolean]>([
    ['a ModelQuotaExceededError', new ModelQuotaExceededError(), false],
    ['a ValidationError', new ValidationError('bad'), false],
    ['a SecurityError', new SecurityError('blocked'), false],
    ['a ModelContextLengthError', new ModelContextLengthError(), false],
    ['a TransientError', new TransientError('reset'), true],
    ['a TimeoutError', new TimeoutError('slow'), true],
    ['a ModelRateLimitError with no delay', new ModelRateLimitError(), true],
    ['a connection reset (normalized)', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), true],
    ['a plain Error (normalized: unknown, not retryable)', new Error('boom'), false],
    ['DBOS’s step timeout (normalized: a timeout)', new DbosErrors.DBOSStepTimeoutError('call model', 100), true],
    ['a LangGraph interrupt', Object.assign(new Error('interrupt'), { name: 'GraphInterrupt' }), false],
    ['a string', 'boom', false],
    ['undefined', undefined, false],
  ])('retries %s: %s', (_title, error, retried) => {
    expect(dbosStepConfig().shouldRetry(error)).toBe(retried);
  });

  it('does not retry an error whose stream showed output', () => {
    const error = Object.assign(new TransientError('cut mid-stream'), { outputStarted: true });
    expect(dbosStepConfig().shouldRetry(error)).toBe(false);
  });

  it.each<[number, number, boolean]>([
    [0, 1, true],
    [1000, 1, true],
    [1001, 1, false],
    [5000, 1, false],
    [5000, 10, true],
    [1, 0, false],
    [3_600_000, 7200, true], // DBOS waits an hour at most, so an interval past it counts as an hour
    [3_600_001, 7200, false],
  ])('with retryAfterMs %i and intervalSeconds %d, retries: %s (never earlier than asked)', (retryAfterMs, intervalSeconds, retried) => {
    expect(dbosStepConfig({ intervalSeconds }).shouldRetry(new ModelRateLimitError({ retryAfterMs }))).toBe(retried);
  });

  it.each(['5000', Number.NaN, -1, 1e308, Number.POSITIVE_INFINITY])('reads a retryAfterMs mutated to %s as no delay', (delay) => {
    const error = new ModelRateLimitError();
    Object.defineProperty(error, 'retryAfterMs', { value: delay });
    expect(dbosStepConfig().shouldRetry(error)).toBe(true);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ maxAttempts: 0 }, 'dbosStepConfig: the option maxAttempts must be a whole number, 1 or more (or Infinity); got 0'],
    [{ maxAttempts: 2.5 }, 'dbosStepConfig: the option maxAttempts must be a whole number, 1 or more (or Infinity); got 2.5'],
    [{ intervalSeconds: -1 }, 'dbosStepConfig: the option intervalSeconds must be a number, 0 or more; got -1'],
    [{ intervalSeconds: Number.NaN }, 'dbosStepConfig: the option intervalSeconds must be a number, 0 or more; got NaN'],
    [{ backoffRate: 0.5 }, 'dbosStepConfig: the option backoffRate must be a number, 1 or more; got 0.5'],
    [{ name: 42 }, 'dbosStepConfig: the option name must be a string; got 42'],
    [{ timeoutMS: 0 }, 'dbosStepConfig: the option timeoutMS must be a number above 0; got 0'],
    [{ timeoutMS: -1 }, 'dbosStepConfig: the option timeoutMS must be a number above 0; got -1'],
    [{ timeoutMS: Number.NaN }, 'dbosStepConfig: the option timeoutMS must be a number above 0; got NaN'],
    [{ timeoutMS: '5000' }, 'dbosStepConfig: the option timeoutMS must be a number above 0; got "5000"'],
    [{ shouldRetry: () => true }, 'dbosStepConfig: the option shouldRetry must be a known option (maxAttempts, intervalSeconds, backoffRate, timeoutMS, name); got "shouldRetry"'],
    [{ retriesAllowed: false }, 'dbosStepConfig: the option retriesAllowed must be a known option (maxAttempts, intervalSeconds, backoffRate, timeoutMS, name); got "retriesAllowed"'],
  ])('refuses %o with a TypeError naming the option', (options, message) => {
    expect(() => dbosStepConfig(options)).toThrow(new TypeError(message));
  });

  it('refuses options that are not an object, null included', () => {
    expect(() => dbosStepConfig(null as never)).toThrow(new TypeError('dbosStepConfig: the option options must be an object; got null'));
    expect(() => dbosStepConfig('fast' as never)).toThrow(TypeError);
  });

  it.each(HOSTILE_KINDS)('shouldRetry never throws on a %s, and does not retry it', (kind) => {
    const { shouldRetry } = dbosStepConfig();
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) expect(shouldRetry(value)).toBe(false);
  });
});
