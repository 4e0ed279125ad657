// faultline inside the retry libraries people use: a real cockatiel circuit breaker and retry
// policy, and p-retry's shouldRetry, each with the one line docs/retry.md shows.
import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, ConstantBackoff, handleWhen, retry as cockatielRetry } from 'cockatiel';
import pRetry from 'p-retry';
import { describe, expect, it } from 'vitest';
import { ModelRateLimitError, TransientError, ValidationError } from '../../src/index.js';
import { countsTowardCircuit, isRetryable, retryAfterBackoff } from '../../src/retry/index.js';

describe('cockatiel', () => {
  it('opens a circuit breaker after transient errors', async () => {
    const breaker = circuitBreaker(handleWhen(countsTowardCircuit), { halfOpenAfter: 60_000, breaker: new ConsecutiveBreaker(3) });
    for (let call = 0; call < 3; call++) await expect(breaker.execute(() => Promise.reject(new TransientError()))).rejects.toBeInstanceOf(TransientError);
    expect(breaker.state).toBe(CircuitState.Open);
    await expect(breaker.execute(() => Promise.resolve('x'))).rejects.toBeInstanceOf(BrokenCircuitError);
  });

  it('keeps the circuit closed under validation errors', async () => {
    const breaker = circuitBreaker(handleWhen(countsTowardCircuit), { halfOpenAfter: 60_000, breaker: new ConsecutiveBreaker(3) });
    for (let call = 0; call < 5; call++) await expect(breaker.execute(() => Promise.reject(new ValidationError()))).rejects.toBeInstanceOf(ValidationError);
    expect(breaker.state).toBe(CircuitState.Closed);
  });

  it('waits what retryAfterMs asks inside a retry policy, and the fallback backoff otherwise', async () => {
    const policy = cockatielRetry(handleWhen(isRetryable), { maxAttempts: 2, backoff: retryAfterBackoff(new ConstantBackoff(3)) });
    const delays: number[] = [];
    policy.onRetry(({ delay }) => delays.push(delay));
    let calls = 0;
    const result = await policy.execute(() => {
      calls++;
      if (calls === 1) return Promise.reject(new ModelRateLimitError({ retryAfterMs: 25 }));
      if (calls === 2) return Promise.reject(new TransientError());
      return Promise.resolve('done');
    });
    expect([result, calls, delays]).toEqual(['done', 3, [25, 3]]);
  });

  it('takes a server delay of 0 as no minimum in a cockatiel backoff: the fallback’s step applies', async () => {
    const policy = cockatielRetry(handleWhen(isRetryable), { maxAttempts: 1, backoff: retryAfterBackoff(new ConstantBackoff(7)) });
    const delays: number[] = [];
    policy.onRetry(({ delay }) => delays.push(delay));
    let calls = 0;
    await policy.execute(() => (++calls === 1 ? Promise.reject(new ModelRateLimitError({ retryAfterMs: 0 })) : Promise.resolve('done')));
    expect(delays).toEqual([7]);
  });

  it('does not retry what is not retryable', async () => {
    const policy = cockatielRetry(handleWhen(isRetryable), { maxAttempts: 3, backoff: retryAfterBackoff() });
    let calls = 0;
    await expect(policy.execute(() => { calls++; return Promise.reject(new ValidationError()); })).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toBe(1);
  });
});

describe('p-retry', () => {
  it('retries only what isRetryable allows, in one line', async () => {
    let calls = 0;
    const attempt = (): Promise<string> => {
      calls++;
      return calls < 2 ? Promise.reject(new TransientError()) : Promise.reject(new ValidationError());
    };
    await expect(pRetry(attempt, { retries: 5, minTimeout: 1, shouldRetry: ({ error }) => isRetryable(error) })).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toBe(2);
  });
});
