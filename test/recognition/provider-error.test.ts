import { describe, expect, it } from 'vitest';
import { isSdkTimeout, providerFailure, readProviderError } from '../../src/recognition/provider-error.js';
import { MAX_FIELD_LENGTH } from '../../src/contract/serialize-options.js';
import { ModelError, ModelRateLimitError, normalizeError } from '../../src/index.js';
import { isRetryable } from '../../src/retry/index.js';

const apiError = (fields: object): Error => Object.assign(new Error('provider error'), fields);

describe('readProviderError', () => {
  it('reads status, headers and request id from status and headers (a fetch Headers); with nothing of a provider, it has no sign', () => {
    const reading = readProviderError(apiError({ status: 429, headers: new Headers({ 'x-request-id': 'req_1' }) }));
    expect(reading).toMatchObject({ status: 429, requestId: 'req_1', sign: undefined, retryable: undefined });
  });

  it('reads statusCode and responseHeaders, as the Vercel AI SDK’s APICallError has them', () => {
    const apiCallError = apiError({
      statusCode: 429, responseHeaders: { 'retry-after': '3', 'request-id': 'req_2' }, isRetryable: true,
      responseBody: '{"error":{"code":"insufficient_quota"}}', url: 'https://api.example.com',
    });
    const reading = readProviderError(apiCallError);
    expect(reading).toMatchObject({ status: 429, requestId: 'req_2', retryable: true, sign: 'sdk' });
    expect(reading?.text).toContain('insufficient_quota');
  });

  it('reads response.status and response.headers, as HTTP clients such as axios have them, with no sign of a provider', () => {
    const reading = readProviderError(apiError({ response: { status: 503, headers: { 'X-Request-Id': 'req_3' } } }));
    expect(reading).toMatchObject({ status: 503, requestId: 'req_3', sign: undefined });
  });

  it('takes the request id from a property when no header has it', () => {
    expect(readProviderError(apiError({ status: 500, requestID: 'a' }))?.requestId).toBe('a');
    expect(readProviderError(apiError({ status: 500, request_id: 'b' }))?.requestId).toBe('b');
    expect(readProviderError(apiError({ status: 500, requestId: 'c' }))?.requestId).toBe('c');
  });

  it('cuts a request id, a provider type and a provider code to the writer’s field limit as it reads them from properties and bodies, and reads a longer header as none', () => {
    const huge = 'x'.repeat(2_000_000);
    const cut = 'x'.repeat(MAX_FIELD_LENGTH);
    expect(readProviderError(apiError({ status: 500, headers: { 'x-request-id': huge } }))?.requestId).toBeUndefined();
    expect(readProviderError(apiError({ status: 500, headers: { 'x-request-id': huge }, requestID: 'req_1' }))?.requestId).toBe('req_1');
    expect(readProviderError(apiError({ status: 500, requestID: huge }))?.requestId).toBe(cut);
    const said = readProviderError(apiError({ status: undefined, headers: {}, error: { type: 'error', error: { type: huge, code: `${huge}y` } } }));
    expect([said?.providerType, said?.providerCode]).toEqual([cut, cut]);
    const error = normalizeError(apiError({ status: 503, headers: new Headers({ 'request-id': huge }) }));
    expect(error.requestId).toBeUndefined();
  });

  it('lists a plain object of headers once, however many headers are asked, and reads no more than 1,024 of its values', () => {
    const headers: Record<string, string> = { 'retry-after': '2', 'x-ratelimit-remaining-tokens': '0' };
    for (let index = 0; index < 100_000; index++) headers[`x-junk-${index}`] = 'v';
    let listed = 0;
    let valuesRead = 0;
    const counted = new Proxy(headers, {
      ownKeys: (target) => { listed++; return Reflect.ownKeys(target); },
      get: (target, key) => {
        if (Object.hasOwn(target, key)) valuesRead++;
        return Reflect.get(target, key) as unknown;
      },
    });
    const error = ModelError.from(apiError({ status: 429, headers: counted, error: { type: 'tokens' } }));
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([error.retryAfterMs, error instanceof ModelRateLimitError ? error.rateLimit : undefined]).toEqual([2000, { dimension: 'tokens', remaining: 0 }]);
    expect(listed).toBe(1);
    expect(valuesRead).toBe(1024);
  });

  it('reads a rate limit whose reset is past the whole numbers as a delay no timer can wait, which isRetryable refuses', () => {
    const error = ModelError.from(apiError({ status: 429, headers: { 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '9999999999999999h' }, error: {} }));
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect(error.retryAfterMs).toBe(Number.MAX_SAFE_INTEGER);
    expect(isRetryable(error)).toBe(false);
  });

  it('reads x-should-retry as the provider’s word on retrying, and an own isRetryable before it', () => {
    expect(readProviderError(apiError({ status: 500, headers: { 'x-should-retry': 'false' } }))?.retryable).toBe(false);
    expect(readProviderError(apiError({ status: 400, headers: { 'x-should-retry': 'true' } }))?.retryable).toBe(true);
    expect(readProviderError(apiError({ status: 400, isRetryable: false, headers: { 'x-should-retry': 'true' } }))?.retryable).toBe(false);
  });

  it('finds the status on the cause chain, as when one SDK wraps another’s error', () => {
    const inner = apiError({ status: 529, headers: { 'retry-after': '1' } });
    const reading = readProviderError(new Error('wrapped', { cause: new Error('again', { cause: inner }) }));
    expect(reading?.status).toBe(529);
    expect(reading?.headers).toEqual(new Map([['retry-after', '1']]));
  });

  it('is undefined for an error with no status, and a plain status without more has no sign of a provider', () => {
    expect(readProviderError(new Error('x'))).toBeUndefined();
    expect(readProviderError('text')).toBeUndefined();
    expect(readProviderError(apiError({ status: 700 }))).toBeUndefined();
    expect(readProviderError(apiError({ status: 500 }))?.sign).toBeUndefined();
  });

  it('never throws on a hostile body: a revoked Proxy where Gemini keeps its reasons, a message object that cannot be written as JSON', () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    const cyclic: Record<string, unknown> = { detail: 'x' };
    cyclic.self = cyclic;
    for (const error of [{ code: 400, message: 'Bad', status: 'INVALID_ARGUMENT', details: proxy }, { message: cyclic, type: 'invalid_request_error' }, { message: { n: 1n }, type: 'x' }]) {
      const value = apiError({ status: 400, error });
      expect(() => readProviderError(value)).not.toThrow();
      expect(normalizeError(value).name).toBe('ModelApiError');
    }
  });

  it('never throws on a revoked Proxy or a throwing getter', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(readProviderError(proxy)).toBeUndefined();
    const hostile = { status: 500, get headers(): unknown { throw new Error('boom'); } };
    expect(readProviderError(hostile)?.status).toBe(500);
  });
});

describe('what says an error is a provider’s (one rule: normalizeError applies the model rules to it, the generic table to the rest)', () => {
  class BedrockRuntimeServiceException extends Error {}
  class ThrottlingException extends BedrockRuntimeServiceException {}
  const throttled = (Class: new (message: string) => Error, message = 'Too many requests, please wait before trying again.') =>
    Object.assign(new Class(message), { name: 'ThrottlingException', $fault: 'client', $metadata: { httpStatusCode: 429, requestId: 'req-aws' } });
  const gemini429 = JSON.stringify({ error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } });

  it.each<[string, unknown, string | undefined, string]>([
    ['an SDK’s class on the prototype chain (Bedrock, through the AWS SDK v3)', throttled(ThrottlingException), 'sdk', 'ModelRateLimitError'],
    ['@google/genai’s ApiError, its body in its message', Object.assign(new Error(gemini429), { name: 'ApiError', status: 429 }), 'sdk', 'ModelRateLimitError'],
    ['ollama’s ResponseError, its status as status_code', Object.assign(new Error('model "llama3" not found, try pulling it first'), { name: 'ResponseError', status_code: 404, error: 'model "llama3" not found, try pulling it first' }), 'sdk', 'ModelApiError'],
    ['a provider’s body in a plain Error’s message, after other words', Object.assign(new Error(`got status: 429 Too Many Requests. ${gemini429}`), { status: 429 }), 'body', 'ModelRateLimitError'],
    ['a provider’s type in its body', Object.assign(new Error('Overloaded'), { status: 503, response: { data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } }), 'body', 'ModelApiError'],
    ['the status 529, Anthropic’s alone', Object.assign(new Error('Overloaded'), { status: 529 }), 'type', 'ModelApiError'],
    ['a provider’s wording', Object.assign(new Error("This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens."), { status: 400 }), 'wording', 'ModelContextLengthError'],
    ['a provider’s address in the message', Object.assign(new Error('Too many requests, see https://platform.openai.com/account/rate-limits'), { status: 429 }), 'wording', 'ModelRateLimitError'],
    ['a provider’s headers on a Response', new Response('', { status: 429, headers: { 'x-ratelimit-limit-requests': '60' } }), 'headers', 'ModelRateLimitError'],
    ['nothing: a plain Error with a status', Object.assign(new Error('Too Many Requests'), { status: 429 }), undefined, 'TransientError'],
    ['nothing: an empty Response', new Response('', { status: 429 }), undefined, 'TransientError'],
    ['nothing: another AWS service’s throttling (no Bedrock class, no Bedrock words)', throttled(Error, 'Rate exceeded'), undefined, 'TransientError'],
    ['nothing: an HTTP client’s generic body', Object.assign(new Error('Request failed'), { response: { status: 404, data: { message: 'Not found' } } }), undefined, 'UnknownError'],
  ])('%s', (_label, value, sign, normalized) => {
    expect(readProviderError(value)?.sign).toBe(sign);
    expect(normalizeError(value).name).toBe(normalized);
  });

  it('lets ModelError.from apply the model rules to a value with no sign: its caller says it is a model call', () => {
    expect(ModelError.from(Object.assign(new Error('Too Many Requests'), { status: 429 }))).toBeInstanceOf(ModelRateLimitError);
    expect(ModelError.from(throttled(Error, 'Rate exceeded')).name).toBe('ModelRateLimitError');
  });

  it('reads a Bedrock exception’s status, request id and name', () => {
    expect(readProviderError(throttled(ThrottlingException))).toMatchObject({ status: 429, requestId: 'req-aws', providerType: 'ThrottlingException', typedFailure: 'rate-limit' });
  });
});

describe('providerFailure', () => {
  const failure = (status: number, fields: object = {}): string | undefined => {
    const reading = readProviderError(apiError({ status, ...fields }));
    return reading === undefined ? undefined : providerFailure(reading);
  };

  it.each([
    [429, { code: 'insufficient_quota' }, 'quota'],
    [429, { message: 'You exceeded your current quota, please check your plan and billing details.' }, 'quota'],
    [400, { error: { type: 'error', error: { type: 'invalid_request_error', message: 'Your credit balance is too low to access the Anthropic API.' } } }, 'quota'],
    [402, { error: { type: 'error', error: { type: 'billing_error', message: 'Payment required' } } }, 'quota'],
    [429, { message: 'Monthly spend limit reached' }, 'quota'],
    [429, { message: 'Rate limit reached for gpt-4o on tokens per min (TPM)' }, 'rate-limit'],
    [429, { message: "Quota exceeded for quota metric 'Generate Content API requests per minute'" }, 'rate-limit'],
    [429, {}, 'rate-limit'],
    [402, {}, 'quota'],
    [529, {}, 'overloaded'],
    [503, { message: 'The engine is currently overloaded' }, 'overloaded'],
    [503, {}, 'status'],
    [400, { code: 'content_filter' }, 'content-filter'],
    [400, { error: { code: 'content_policy_violation', message: 'Your request was rejected as a result of our safety system.' } }, 'content-filter'],
    [408, {}, 'timeout'],
    [400, { code: 'context_length_exceeded' }, 'context-length'],
    [413, { message: 'prompt is too long: 210000 tokens > 200000 maximum' }, 'context-length'],
    [400, { message: 'Invalid value for temperature' }, 'status'],
    [401, {}, 'unauthenticated'],
    [403, {}, 'forbidden'],
    [404, {}, 'status'],
    [500, {}, 'status'],
  ])('%i %j is %s', (status, fields, expected) => {
    expect(failure(status, fields)).toBe(expected);
  });
});

describe('isSdkTimeout', () => {
  class APIConnectionTimeoutError extends Error {}
  it.each<[string, unknown, boolean]>([
    ['an SDK timeout class', new APIConnectionTimeoutError('Request timed out.'), true],
    ['the message an SDK gives its timeout', new Error('Request timed out.'), true],
    ['another error', new Error('Connection error.'), false],
    ['a string', 'timeout', false],
  ])('is %s: %s', (_, value, expected) => {
    expect(isSdkTimeout(value)).toBe(expected);
  });
});
