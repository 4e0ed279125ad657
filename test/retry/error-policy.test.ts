import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError, TimeoutError, ToolExecutionError, ToolPermissionError, TransientError, UnknownError, ValidationError,
  type FaultlineError,
} from '../../src/index.js';
import { classify, createClassifier } from '../../src/retry/index.js';

// Issue #10's default table, written out: [error, maxAttempts, backoff, countsTowardCircuit, fallback, logLevel].
const TABLE: readonly (readonly [string, FaultlineError, number, string, boolean, boolean, string])[] = [
  ['TransientError', new TransientError(), 4, 'exponential', true, false, 'warn'],
  ['ValidationError', new ValidationError(), 1, 'none', false, false, 'info'],
  ['AuthError', new AuthenticationError(), 1, 'none', false, false, 'warn'],
  ['ModelRateLimitError', new ModelRateLimitError(), 4, 'exponential', true, true, 'warn'],
  ['a retryable ModelApiError', new ModelApiError({ status: 503 }), 3, 'exponential', true, true, 'error'],
  ['a retryable tool error', new ToolExecutionError({ retryable: true }), 2, 'fixed', false, false, 'warn'],
  ['a non-retryable tool error', new ToolPermissionError(), 1, 'none', false, false, 'error'],
  ['a timeout', new TimeoutError(), 2, 'exponential', true, false, 'warn'],
  ['ModelTimeoutError', new ModelTimeoutError(), 2, 'exponential', true, true, 'warn'],
  ['ModelQuotaExceededError', new ModelQuotaExceededError(), 1, 'none', false, true, 'error'],
  ['UnknownError', new UnknownError(), 1, 'none', false, false, 'error'],
  ['ModelContextLengthError', new ModelContextLengthError(), 1, 'none', false, false, 'error'],
  ['ModelContentFilterError', new ModelContentFilterError(), 1, 'none', false, false, 'error'],
  ['a non-retryable ModelApiError', new ModelApiError({ status: 400 }), 1, 'none', false, false, 'error'],
];

describe('classify', () => {
  it.each(TABLE)('%s', (_, error, maxAttempts, backoff, counts, fallback, logLevel) => {
    const policy = classify(error);
    expect([policy.retry.maxAttempts, policy.retry.backoff, policy.countsTowardCircuit, policy.fallback, policy.logLevel]).toEqual([
      maxAttempts, backoff, counts, fallback, logLevel,
    ]);
    expect(policy.userMessage.length).toBeGreaterThan(0);
  });

  it('names the fields in a validation error’s user message', () => {
    expect(classify(new ValidationError({ fields: { 'user.email': 'Invalid', query: 'Required' } })).userMessage).toBe('The input is not valid: check user.email, query.');
  });

  it('normalizes any thrown value first', () => {
    expect(classify(Object.assign(new Error('reset'), { code: 'ECONNRESET' })).retry.maxAttempts).toBe(4);
    expect(classify('boom').logLevel).toBe('error');
  });
});

describe('createClassifier', () => {
  it('overrides per category, then per code, and takes user messages per locale', () => {
    const classifyHere = createClassifier({
      categories: { MODEL: { logLevel: 'debug' }, TRANSIENT: { retry: { maxAttempts: 9 } } },
      codes: { MODEL_RATE_LIMITED: { logLevel: 'info', countsTowardCircuit: false } },
      userMessages: { fr: { MODEL_RATE_LIMITED: 'Réessayez dans un instant.', TRANSIENT: 'Problème passager.' } },
      locale: 'fr',
    });
    const limited = classifyHere(new ModelRateLimitError());
    expect([limited.logLevel, limited.countsTowardCircuit, limited.userMessage, limited.retry]).toEqual(['info', false, 'Réessayez dans un instant.', { maxAttempts: 4, backoff: 'exponential' }]);
    expect(classifyHere(new ModelApiError({ status: 500 })).logLevel).toBe('debug');
    const transient = classifyHere(new TransientError());
    expect([transient.retry, transient.userMessage]).toEqual([{ maxAttempts: 9, backoff: 'exponential' }, 'Problème passager.']);
    expect(classifyHere(new UnknownError()).userMessage).toBe('Something went wrong.');
  });
});
