import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, isRetryableStatus, ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError,
  ModelQuotaExceededError,
  ModelRateLimitError, ModelTimeoutError, SecurityError, StorageError, TimeoutError, ToolError, ToolTimeoutError,
  TransientError, UnknownError, ValidationError,
} from '../../src/index.js';
import { describeClassTable, type AnyClass, type ClassRow } from './class-table.js';

const OTHER_FAMILIES: readonly AnyClass[] = [
  ToolError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError,
];
const LEAVES: readonly AnyClass[] = [
  ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError, ModelContentFilterError,
];

// The model rows of issue #2's class table, plus each class's default message and own fields.
const TABLE: readonly ClassRow[] = [
  {
    Class: ModelError, parent: FaultlineError, name: 'ModelError', code: 'MODEL_ERROR', retryable: false,
    message: 'The model call failed', fields: { provider: 'openai', model: 'gpt-4o' },
  },
  {
    Class: ModelRateLimitError, parent: ModelError, name: 'ModelRateLimitError', code: 'MODEL_RATE_LIMITED', retryable: true,
    message: 'The model provider rate-limited the request', fields: { provider: 'anthropic', model: 'claude', retryAfterMs: 2000 },
  },
  {
    Class: ModelTimeoutError, parent: ModelError, name: 'ModelTimeoutError', code: 'MODEL_TIMEOUT', retryable: true,
    message: 'The model call timed out', fields: { provider: 'openai', model: 'o3', timeoutMs: 30_000 },
  },
  {
    Class: ModelApiError, parent: ModelError, name: 'ModelApiError', code: 'MODEL_API_ERROR', retryable: false,
    message: 'The model provider returned an error', fields: { provider: 'openai', model: 'gpt-4o', status: 400 },
  },
  {
    Class: ModelContextLengthError, parent: ModelError, name: 'ModelContextLengthError', code: 'MODEL_CONTEXT_LENGTH_EXCEEDED',
    retryable: false, message: "The input exceeds the model's context length", fields: { provider: 'openai', model: 'gpt-4o' },
  },
  {
    Class: ModelQuotaExceededError, parent: ModelError, name: 'ModelQuotaExceededError', code: 'MODEL_QUOTA_EXCEEDED',
    retryable: false, message: 'The account is out of quota, credits or budget for this provider', fields: { provider: 'openai', status: 429 },
  },
  {
    Class: ModelContentFilterError, parent: ModelError, name: 'ModelContentFilterError', code: 'MODEL_CONTENT_FILTERED',
    retryable: false, message: "The provider's content policy refused the request", fields: { provider: 'azure', model: 'gpt-4o' },
  },
];

describeClassTable({ base: ModelError, category: 'MODEL', otherFamilies: OTHER_FAMILIES, leaves: LEAVES }, TABLE);

describe('ModelApiError retryable', () => {
  it.each([
    [408, true], [409, true], [500, true], [502, true], [503, true], [599, true],
    [400, false], [401, false], [404, false], [422, false], [429, false], [499, false],
  ])('is retryable for status %s: %s', (status, retryable) => {
    expect(new ModelApiError('x', { status }).retryable).toBe(retryable);
  });

  it('is not retryable without a status', () => {
    expect(new ModelApiError('x').retryable).toBe(false);
    expect(new ModelApiError('x', { status: Number.NaN }).retryable).toBe(false);
  });

  it('follows the rounded status', () => {
    expect(new ModelApiError('x', { status: 499.6 }).retryable).toBe(true);
  });

  it('lets options override the status rule both ways', () => {
    expect(new ModelApiError('x', { status: 503, retryable: false }).retryable).toBe(false);
    expect(new ModelApiError('x', { status: 400, retryable: true }).retryable).toBe(true);
    expect(new ModelApiError('x', { retryable: true }).retryable).toBe(true);
  });
});

describe('isRetryableStatus', () => {
  it.each([
    [408, true], [409, true], [500, true], [504, true],
    [200, false], [400, false], [404, false], [429, false], [undefined, false],
  ])('says %s is retryable: %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

describe('ModelError.from', () => {
  const withStatus = (status: number): Error => Object.assign(new Error(`HTTP ${status}`), { status });
  const withCode = (code: string): Error => Object.assign(new Error(code), { code });

  it.each([
    ['a plain Error', new Error('plain'), ModelError, false, 'plain', undefined],
    ['a string', 'boom', ModelError, false, 'boom', undefined],
    ['null', null, ModelError, false, 'The model call failed', undefined],
    ['a DOMException TimeoutError', new DOMException('slow', 'TimeoutError'), ModelTimeoutError, true, 'slow', undefined],
    ['a timeout with a status', Object.assign(new DOMException('slow', 'TimeoutError'), { status: 504 }), ModelTimeoutError, true, 'slow', 504],
    ['fetch failed by a timeout', new TypeError('fetch failed', { cause: withCode('UND_ERR_HEADERS_TIMEOUT') }), ModelTimeoutError, true, 'fetch failed', undefined],
    ['an error with status 429', withStatus(429), ModelRateLimitError, true, 'HTTP 429', 429],
    ['an error with statusCode 429', Object.assign(new Error('rate'), { statusCode: 429 }), ModelRateLimitError, true, 'rate', 429],
    ['a reset connection', withCode('ECONNRESET'), ModelApiError, true, 'ECONNRESET', undefined],
    ['an error with status 503', withStatus(503), ModelApiError, true, 'HTTP 503', 503],
    ['an error with status 400', withStatus(400), ModelApiError, false, 'HTTP 400', 400],
    ['an aborted call', new DOMException('stop', 'AbortError'), ModelError, false, 'stop', undefined],
  ])('maps %s', (_label, value, Class, retryable, message, status) => {
    const error = ModelError.from(value, { provider: 'openai', model: 'gpt-4o', requestId: 'req_1' });
    expect(error).toBeInstanceOf(Class);
    expect(error.constructor).toBe(Class);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.cause).toBe(value);
    expect(error).toMatchObject({ provider: 'openai', model: 'gpt-4o', requestId: 'req_1' });
  });

  it('passes a faultline error through unchanged, of any family', () => {
    for (const original of [new ModelTimeoutError(), new ToolTimeoutError(), new UnknownError()]) {
      expect(ModelError.from(original, { provider: 'openai' })).toBe(original);
    }
    expect(ModelError.from(new ToolError(), { provider: 'openai' })).not.toHaveProperty('provider');
  });

  it('keeps a status given in the context when the value carries none', () => {
    const error = ModelError.from(new Error('bad gateway'), { provider: 'openai', status: 502 });
    expect(error.status).toBe(502);
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error.retryable).toBe(true);
    expect(ModelError.from(new Error('slow down'), { status: 429 })).toBeInstanceOf(ModelRateLimitError);
  });
});

describe('ModelError.from, retryable over the context', () => {
  it('marks a network failure and an overloaded provider retryable, whatever the context says', () => {
    const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
    expect(ModelError.from(reset, { retryable: false }).retryable).toBe(true);
    const overloaded = Object.assign(new Error('529 Overloaded'), { status: 529, headers: {} });
    expect(ModelError.from(overloaded, { retryable: false }).retryable).toBe(true);
  });

  it('lets the provider’s own word decide for an overloaded provider', () => {
    const overloaded = Object.assign(new Error('529 Overloaded'), { status: 529, headers: { 'x-should-retry': 'false' } });
    expect(ModelError.from(overloaded).retryable).toBe(false);
  });
});
