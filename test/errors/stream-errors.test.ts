// A failure in the middle of a stream has no HTTP status (the response was a 200): ModelError.from and
// normalizeError read the provider's own error type or code instead, by shape, wherever the SDKs and
// the raw events put it. The tables of issue #17, written out here independently of the code's.
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, AuthorizationError, ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError,
  ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError, deserializeError, normalizeError, serializeError, ValidationError,
  type FaultlineError,
} from '../../src/index.js';

type AnyClass = abstract new (...args: never) => FaultlineError;

/** What @anthropic-ai/sdk throws for an `event: error` in a stream: APIError(undefined, body, undefined, headers, type). */
function anthropicStreamError(type: string, message: string): Error {
  const body = { type: 'error', error: { type, message } };
  return Object.assign(new Error(JSON.stringify(body)), { status: undefined, headers: new Headers({ 'request-id': 'req_ant_1' }), requestID: 'req_ant_1', error: body, type });
}

/** What openai throws for a `data: {"error": ...}` chunk: APIError(undefined, data.error, undefined, headers). */
function openaiStreamError(type: string | null, code: string | null, message: string): Error {
  const error = { message, type, code, param: null };
  return Object.assign(new Error(message), { status: undefined, headers: new Headers({ 'x-request-id': 'req_oai_1' }), requestID: 'req_oai_1', error, code, type });
}

describe('Anthropic’s error types, with no HTTP status', () => {
  it.each<[string, AnyClass, boolean]>([
    ['invalid_request_error', ModelApiError, false],
    ['authentication_error', AuthenticationError, false],
    ['billing_error', ModelQuotaExceededError, false],
    ['permission_error', AuthorizationError, false],
    ['not_found_error', ModelApiError, false],
    ['request_too_large', ModelApiError, false],
    ['rate_limit_error', ModelRateLimitError, true],
    ['api_error', ModelApiError, true],
    ['timeout_error', ModelTimeoutError, true],
    ['overloaded_error', ModelApiError, true],
  ])('%s → %o, retryable %s, in every place it sits', (type, Class, retryable) => {
    for (const value of [anthropicStreamError(type, 'Something'), { type: 'error', error: { type, message: 'Something' } }, { type, message: 'Something' }]) {
      for (const error of [ModelError.from(value, { provider: 'anthropic' }), normalizeError(value)]) {
        expect(error.constructor).toBe(Class);
        // No status of its own: the response was a 200 (an auth class still reads its default status).
        expect([error.retryable, Object.hasOwn(error, 'status')]).toEqual([retryable, false]);
      }
    }
  });

  it('applies the wording rules too: a context-length invalid_request_error is a ModelContextLengthError', () => {
    expect(ModelError.from(anthropicStreamError('invalid_request_error', 'prompt is too long: 250000 tokens > 200000 maximum'))).toBeInstanceOf(ModelContextLengthError);
  });

  it('keeps the request id from the stream’s response headers, and the provider’s message of a raw event', () => {
    expect(ModelError.from(anthropicStreamError('overloaded_error', 'Overloaded')).requestId).toBe('req_ant_1');
    expect(normalizeError({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).message).toBe('Overloaded');
  });
});

describe('OpenAI’s codes and types in a stream', () => {
  it.each<[string | null, string | null, AnyClass, boolean]>([
    ['server_error', null, ModelApiError, true],
    [null, 'rate_limit_exceeded', ModelRateLimitError, true],
    ['insufficient_quota', 'insufficient_quota', ModelQuotaExceededError, false],
    ['invalid_request_error', 'context_length_exceeded', ModelContextLengthError, false],
    ['invalid_request_error', 'content_filter', ModelContentFilterError, false],
    ['invalid_request_error', 'invalid_prompt', ModelContentFilterError, false],
  ])('type %s, code %s → %o, retryable %s', (type, code, Class, retryable) => {
    for (const error of [ModelError.from(openaiStreamError(type, code, 'The server had an error')), normalizeError(openaiStreamError(type, code, 'x'))]) {
      expect(error.constructor).toBe(Class);
      expect([error.retryable, Object.hasOwn(error, 'status')]).toEqual([retryable, false]);
    }
    expect(ModelError.from(openaiStreamError(type, code, 'x')).requestId).toBe('req_oai_1');
  });

  it('reads the Responses API’s response.failed event, which the SDK yields as data', () => {
    const event = { type: 'response.failed', response: { id: 'resp_1', status: 'failed', error: { code: 'server_error', message: 'The server had an error' } } };
    const error = ModelError.from(event, { provider: 'openai' });
    expect([error.constructor, error.retryable, error.message]).toEqual([ModelApiError, true, 'The server had an error']);
    expect(ModelError.from({ ...event, response: { ...event.response, error: { code: 'rate_limit_exceeded', message: 'Slow down' } } })).toBeInstanceOf(ModelRateLimitError);
  });

  it('gives the usage a response.failed event reports, and none where it reports none', () => {
    const failed = {
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'server_error', message: 'boom' }, usage: { input_tokens: 900, output_tokens: 40, total_tokens: 940, input_tokens_details: { cached_tokens: 512 } } },
    };
    const expected = { inputTokens: 900, outputTokens: 40, totalTokens: 940, cachedInputTokens: 512 };
    const normalized = normalizeError(failed);
    expect(normalized).toBeInstanceOf(ModelApiError);
    expect([ModelError.from(failed).usage, normalized instanceof ModelError ? normalized.usage : undefined]).toEqual([expected, expected]);
    expect(ModelError.from(failed, { usage: { inputTokens: 1 } }).usage).toEqual({ inputTokens: 1 });
    expect(Object.hasOwn(ModelError.from({ ...failed, response: { ...failed.response, usage: undefined } }), 'usage')).toBe(false);
  });

  it('reads the Responses API’s error event', () => {
    expect(normalizeError({ type: 'error', code: 'server_error', message: 'boom', param: null })).toBeInstanceOf(ModelApiError);
  });
});

describe('gateways and other providers', () => {
  it.each<[number, AnyClass, boolean]>([[502, ModelApiError, true], [429, ModelRateLimitError, true], [400, ModelApiError, false], [401, AuthenticationError, false], [503, ModelApiError, true]])(
    'a numeric code %i (OpenRouter) is read as the status would be',
    (code, Class, retryable) => {
      const chunk = { error: { code, message: 'Provider returned error' } };
      const thrown = Object.assign(new Error('Provider returned error'), { status: undefined, headers: new Headers(), error: chunk.error, code });
      for (const error of [ModelError.from(thrown), normalizeError(thrown), normalizeError(chunk)]) {
        expect([error.constructor, error.retryable]).toEqual([Class, retryable]);
      }
    },
  );

  it.each<[string, AnyClass, boolean]>([
    ['RESOURCE_EXHAUSTED', ModelRateLimitError, true], ['UNAVAILABLE', ModelApiError, true], ['DEADLINE_EXCEEDED', ModelApiError, true],
    ['INVALID_ARGUMENT', ModelApiError, false], ['UNAUTHENTICATED', AuthenticationError, false], ['PERMISSION_DENIED', AuthorizationError, false],
    ['INTERNAL', ModelApiError, true],
  ])('a gRPC status name %s (Gemini) is read as its HTTP equivalent', (status, Class, retryable) => {
    const error = ModelError.from({ error: { message: 'x', status } }, { provider: 'google' });
    expect([error.constructor, error.retryable]).toEqual([Class, retryable]);
  });
});

describe('what says nothing known', () => {
  it('is a ModelApiError, not retryable (fail closed), keeping the provider’s type and code in details', () => {
    const error = ModelError.from(openaiStreamError('brand_new_error', 'mystery_code', 'Something new'), { provider: 'openai', details: { attempt: 2 } });
    expect([error.constructor, error.retryable, error.status, error.details]).toEqual([
      ModelApiError, false, undefined, { providerType: 'brand_new_error', providerCode: 'mystery_code', attempt: 2 },
    ]);
    expect(ModelError.from(anthropicStreamError('brand_new_error', 'x')).details).toEqual({ providerType: 'brand_new_error' });
  });

  it('leaves an ordinary error with a code alone: it is no provider’s', () => {
    expect(normalizeError(Object.assign(new Error('x'), { code: 'E_SOMETHING', type: 'thing' })).name).toBe('UnknownError');
    expect(normalizeError({ type: 'thing', message: 'x' }).name).toBe('UnknownError');
  });

  it('lets the provider’s word count where the status says less (500), not where it says more', () => {
    const timeout = Object.assign(new Error('x'), { status: 500, headers: new Headers(), error: { type: 'error', error: { type: 'timeout_error', message: 'x' } } });
    expect([ModelError.from(timeout).constructor, ModelError.from(timeout).status]).toEqual([ModelTimeoutError, 500]);
    const limited = Object.assign(new Error('x'), { status: 429, headers: new Headers(), error: { type: 'error', error: { type: 'api_error', message: 'x' } } });
    expect(ModelError.from(limited)).toBeInstanceOf(ModelRateLimitError);
  });
});

describe('outputStarted', () => {
  it('is a boolean field of every model error: written when set, read back, omitted when absent', () => {
    const error = new ModelRateLimitError({ provider: 'openai', outputStarted: true });
    const json = serializeError(error);
    const back = deserializeError(JSON.stringify(json));
    expect([json.outputStarted, back instanceof ModelRateLimitError && back.outputStarted]).toEqual([true, true]);
    expect(Object.hasOwn(serializeError(new ModelApiError()), 'outputStarted')).toBe(false);
  });

  it.each(['yes', 1, null])('drops an option that is not a boolean (%s)', (value) => {
    expect(Object.hasOwn(new ModelApiError({ outputStarted: value as never }), 'outputStarted')).toBe(false);
  });

  it('is refused by deserializeError when it is not a boolean', () => {
    expect(() => deserializeError({ name: 'ModelApiError', code: 'MODEL_API_ERROR', category: 'MODEL', message: 'x', retryable: true, outputStarted: 'yes' })).toThrow(ValidationError);
  });
});

describe('what a first review found', () => {
  it('reads the AI SDK APICallError’s parsed body (data): a 500 whose body says timeout_error is a ModelTimeoutError', () => {
    const body = { type: 'error', error: { type: 'timeout_error', message: 'Request timed out' } };
    const apiCallError = Object.assign(new Error('Request timed out'), { name: 'AI_APICallError', statusCode: 500, isRetryable: true, responseHeaders: {}, data: body, responseBody: JSON.stringify(body) });
    expect([normalizeError(apiCallError).constructor, ModelError.from(apiCallError).status]).toEqual([ModelTimeoutError, 500]);
  });

  it('reads a raw stream error event of a type no table knows as a ModelApiError keeping it', () => {
    expect(normalizeError({ type: 'error', code: 'ERR_SOMETHING', message: 'x' })).toMatchObject({ name: 'ModelApiError', retryable: false, details: { providerCode: 'ERR_SOMETHING' } });
  });

  it('reads Vertex’s routine "Resource has been exhausted (e.g. check quota)" as a rate limit, and "Insufficient credits" as a quota', () => {
    const vertex = { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } };
    expect([ModelError.from(vertex).constructor, ModelError.from(vertex).retryable]).toEqual([ModelRateLimitError, true]);
    const openrouter = Object.assign(new Error('Insufficient credits. Add more using https://openrouter.ai/credits'), { status: 402, headers: new Headers(), error: { message: 'Insufficient credits', code: 402 } });
    expect(ModelError.from(openrouter)).toBeInstanceOf(ModelQuotaExceededError);
  });
});
