// Failures in the middle of a stream, through the real SDKs: a node:http server on 127.0.0.1 streams
// server-sent events in each provider's documented format, then fails (before the first token, or
// after some), with the HTTP status already a 200. Driven through the real `openai` (chat completions
// and the Responses API), `@anthropic-ai/sdk` (`stream: true` and `messages.stream()`) and the Vercel
// AI SDK `ai` 6 with `@ai-sdk/openai` and `@ai-sdk/anthropic`. Each case asserts the class, the
// retryability, `outputStarted` and the number of requests the server saw.
import Anthropic from '@anthropic-ai/sdk';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError, AuthorizationError, finishReasonError, ModelApiError, ModelContentFilterError, ModelError, ModelQuotaExceededError,
  ModelRateLimitError, ModelTimeoutError, normalizeError, type FaultlineError,
} from '../../src/index.js';
import { collect } from './collect.js';
import { retryStream, type RetryClock } from '../../src/retry/index.js';
import { anthropic, openaiChat, openaiResponses, startSseServer, type SseEvent, type SseServer } from './sse-server.js';

let server: SseServer;
beforeAll(async () => { server = await startSseServer(); });
afterAll(async () => { await server.close(); });

const clock: RetryClock = { now: () => 0, sleep: () => Promise.resolve() };

type AnyClass = abstract new (...args: never) => FaultlineError;


const outputStarted = (error: FaultlineError | undefined): unknown => (error as { outputStarted?: unknown } | undefined)?.outputStarted;

describe('@anthropic-ai/sdk', () => {
  const client = (): Anthropic => new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
  const open = (): Promise<AsyncIterable<Anthropic.MessageStreamEvent>> =>
    client().messages.create({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }], stream: true });
  const textOf = (events: readonly Anthropic.MessageStreamEvent[]): string =>
    events.map((event) => (event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : '')).join('');

  it.each<[string, AnyClass, boolean]>([
    ['invalid_request_error', ModelApiError, false], ['authentication_error', AuthenticationError, false],
    ['billing_error', ModelQuotaExceededError, false], ['permission_error', AuthorizationError, false],
    ['not_found_error', ModelApiError, false], ['request_too_large', ModelApiError, false], ['rate_limit_error', ModelRateLimitError, true],
    ['api_error', ModelApiError, true], ['timeout_error', ModelTimeoutError, true], ['overloaded_error', ModelApiError, true],
  ])('stream: true, %s before the first token: %o, retryable %s, with the request id', async (type, Class, retryable) => {
    server.script([...anthropic.start(), anthropic.error(type, 'Something failed')]);
    const { error } = await collect(retryStream(open, { clock, maxAttempts: 1 }));
    const thrown = error?.cause ?? error;
    for (const classified of [error, ModelError.from(thrown), normalizeError(thrown)]) {
      expect([classified?.constructor, classified?.retryable, classified?.requestId, Object.hasOwn(classified ?? {}, 'status')]).toEqual([Class, retryable, 'req_1', false]);
    }
    expect(server.requests()).toBe(1);
  });

  it('stream: true, overloaded before the first token, is retried: the next attempt succeeds and each chunk is seen once', async () => {
    server.script([...anthropic.start(), anthropic.error('overloaded_error', 'Overloaded')], [...anthropic.start(), anthropic.text('Hello'), anthropic.text(' world'), ...anthropic.end()]);
    const { chunks, error } = await collect(retryStream(open, { clock }));
    expect([error, textOf(chunks), chunks.filter((event) => event.type === 'message_start').length, server.requests()]).toEqual([undefined, 'Hello world', 1, 2]);
  });

  it('stream: true, overloaded after some tokens, is thrown at once with outputStarted: true', async () => {
    server.script([...anthropic.start(), anthropic.text('Hel'), anthropic.error('overloaded_error', 'Overloaded')], [...anthropic.start(), anthropic.text('never')]);
    const { chunks, error } = await collect(retryStream(open, { clock }));
    expect([textOf(chunks), error?.constructor, error?.retryable, outputStarted(error), server.requests()]).toEqual(['Hel', ModelApiError, true, true, 1]);
  });

  it('messages.stream(), overloaded before the first token, is retried', async () => {
    server.script([...anthropic.start(), anthropic.error('overloaded_error', 'Overloaded')], [...anthropic.start(), anthropic.text('Hi'), ...anthropic.end()]);
    const stream = retryStream(() => client().messages.stream({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }), { clock });
    const { chunks, error } = await collect(stream);
    expect([error, textOf(chunks), server.requests()]).toEqual([undefined, 'Hi', 2]);
  });

  it('messages.stream(), overloaded after a token: ModelApiError, outputStarted', async () => {
    server.script([...anthropic.start(), anthropic.text('Hi'), anthropic.error('overloaded_error', 'Overloaded')]);
    const stream = retryStream(() => client().messages.stream({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }), { clock });
    const { error } = await collect(stream);
    expect([error?.constructor, outputStarted(error), server.requests()]).toEqual([ModelApiError, true, 1]);
  });
});

describe('openai', () => {
  const client = (): OpenAI => new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const chat = (): Promise<AsyncIterable<OpenAI.ChatCompletionChunk>> =>
    client().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], stream: true });

  it.each<[string, unknown, AnyClass, boolean]>([
    ['server_error', { message: 'The server had an error while processing your request.', type: 'server_error', code: null }, ModelApiError, true],
    ['rate_limit_exceeded', { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }, ModelRateLimitError, true],
    ['insufficient_quota', { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' }, ModelQuotaExceededError, false],
    ['an OpenRouter-style numeric 502', { code: 502, message: 'Provider returned error' }, ModelApiError, true],
  ])('chat completions, %s before the first token', async (_, chunkError, Class, retryable) => {
    server.script([openaiChat.error(chunkError)]);
    const { error } = await collect(retryStream(chat, { clock, maxAttempts: 1 }));
    expect([error?.constructor, error?.retryable, error?.requestId, server.requests()]).toEqual([Class, retryable, 'req_1', 1]);
  });

  it('chat completions: a server_error before the first token is retried; after one, thrown with outputStarted', async () => {
    const failure = openaiChat.error({ message: 'The server had an error', type: 'server_error', code: null });
    server.script([failure], [openaiChat.text('Hello'), ...openaiChat.end()]);
    const retried = await collect(retryStream(chat, { clock }));
    expect([retried.error, retried.chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), server.requests()]).toEqual([undefined, 'Hello', 2]);
    server.script([openaiChat.text('Hel'), failure], [openaiChat.text('never')]);
    const started = await collect(retryStream(chat, { clock }));
    expect([started.error?.constructor, outputStarted(started.error), server.requests()]).toEqual([ModelApiError, true, 1]);
  });

  const responses = (): Promise<AsyncIterable<OpenAI.Responses.ResponseStreamEvent>> => client().responses.create({ model: 'gpt-test', input: 'hi', stream: true });

  it.each([
    ['its error event', openaiResponses.error('server_error', 'The server had an error')],
    ['response.failed', openaiResponses.failed('server_error', 'The server had an error')],
  ])('the Responses API: %s before the first token is retried, after one thrown with outputStarted', async (_, failure) => {
    server.script([...openaiResponses.start(), failure], [...openaiResponses.start(), openaiResponses.text('Hi'), ...openaiResponses.end()]);
    const retried = await collect(retryStream(responses, { clock }));
    expect([retried.error, retried.chunks.map((event) => event.type), server.requests()]).toEqual([undefined, ['response.created', 'response.output_text.delta', 'response.completed'], 2]);
    server.script([...openaiResponses.start(), openaiResponses.text('Hi'), failure]);
    const started = await collect(retryStream(responses, { clock }));
    expect([started.error?.constructor, started.error?.retryable, outputStarted(started.error), server.requests()]).toEqual([ModelApiError, true, true, 1]);
  });
});

describe('the Vercel AI SDK (ai 6)', () => {
  const anthropicModel = () => createAnthropic({ apiKey: 'sk-ant-test', baseURL: `${server.url}/v1` })('claude-test');
  const openaiModel = () => createOpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1` }).chat('gpt-test');

  it('streamText with Anthropic: an overloaded error part normalizes to a retryable ModelApiError, and onError hears it', async () => {
    server.script([...anthropic.start(), anthropic.error('overloaded_error', 'Overloaded')]);
    const heard: unknown[] = [];
    const result = streamText({ model: anthropicModel(), prompt: 'hi', maxRetries: 0, onError: ({ error }) => { heard.push(error); } });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    const errorPart = parts.find((part) => part.type === 'error');
    const error = normalizeError(errorPart?.error);
    expect([error.constructor, error.retryable, heard.length]).toEqual([ModelApiError, true, 1]);
    expect(normalizeError(heard[0])).toBeInstanceOf(ModelApiError);
  });

  it('streamText with OpenAI: a server_error chunk normalizes to a retryable ModelApiError', async () => {
    server.script([openaiChat.error({ message: 'The server had an error', type: 'server_error', code: null })]);
    const result = streamText({ model: openaiModel(), prompt: 'hi', maxRetries: 0, onError: () => undefined });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(normalizeError(parts.find((part) => part.type === 'error')?.error)).toMatchObject({ name: 'ModelApiError', retryable: true });
  });

  it('retryStream over fullStream retries an overloaded error part before any text, and the consumer sees each part once', async () => {
    server.script([...anthropic.start(), anthropic.error('overloaded_error', 'Overloaded')], [...anthropic.start(), anthropic.text('Hello'), ...anthropic.end()]);
    const stream = retryStream(({ signal }) => streamText({ model: anthropicModel(), prompt: 'hi', maxRetries: 0, abortSignal: signal, onError: () => undefined }).fullStream, { clock });
    const { chunks, error } = await collect(stream);
    const text = chunks.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
    expect([error, text, chunks.filter((part) => part.type === 'start').length, server.requests()]).toEqual([undefined, 'Hello', 1, 2]);
  });

  it('retryStream over fullStream throws an error part after text at once, with outputStarted', async () => {
    server.script([...anthropic.start(), anthropic.text('Hel'), anthropic.error('overloaded_error', 'Overloaded')]);
    const stream = retryStream(({ signal }) => streamText({ model: anthropicModel(), prompt: 'hi', maxRetries: 0, abortSignal: signal, onError: () => undefined }).fullStream, { clock });
    const { error } = await collect(stream);
    expect([error?.constructor, error?.retryable, outputStarted(error), server.requests()]).toEqual([ModelApiError, true, true, 1]);
  });

  it('textStream ends quietly on a failure: the reason to read fullStream or onError', async () => {
    server.script([...anthropic.start(), anthropic.text('Hel'), anthropic.error('overloaded_error', 'Overloaded')]);
    const result = streamText({ model: anthropicModel(), prompt: 'hi', maxRetries: 0, onError: () => undefined });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe('Hel');
  });
});

describe('what a first review found, through the real SDKs', () => {
  const openaiClient = (): OpenAI => new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const roleChunk: SseEvent = { data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } };

  it('retries an OpenAI chat stream that fails after its empty role chunk: that chunk is no output', async () => {
    server.script([roleChunk, openaiChat.error({ message: 'The server had an error', type: 'server_error', code: null })], [roleChunk, openaiChat.text('Hello'), ...openaiChat.end()]);
    const { chunks, error } = await collect(retryStream(() => openaiClient().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], stream: true }), { clock }));
    expect([error, chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), server.requests()]).toEqual([undefined, 'Hello', 2]);
  });

  it('reads an AI SDK error part of a type no table knows as a ModelApiError keeping the type, not retried', async () => {
    server.script([...anthropic.start(), anthropic.error('brand_new_error', 'Something new')]);
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: `${server.url}/v1` })('claude-test');
    const { error } = await collect(retryStream(({ signal }) => streamText({ model, prompt: 'hi', maxRetries: 0, abortSignal: signal, onError: () => undefined }).fullStream, { clock }));
    expect([error?.constructor, error?.retryable, error?.details]).toEqual([ModelApiError, false, { providerType: 'brand_new_error', attempts: 1 }]);
  });
});

// A stream that stops without the event its provider ends it with has not succeeded: the connection
// was cut, or (with @anthropic-ai/sdk 1.12's messages.stream()) the SDK dropped an error event that came
// while the consumer was between chunks.
describe('a stream that ends before its end event', () => {
  const anthropicClient = (): Anthropic => new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
  const params = { model: 'claude-test', max_tokens: 16, messages: [{ role: 'user' as const, content: 'hi' }] };
  const openaiClient = (): OpenAI => new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const slowly = async <Chunk>(stream: AsyncIterable<Chunk>): Promise<{ chunks: Chunk[]; error?: FaultlineError }> => {
    const chunks: Chunk[] = [];
    try {
      for await (const chunk of stream) {
        chunks.push(chunk);
        // A consumer that renders each chunk: the SDK reads on meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { chunks };
    } catch (error) {
      return { chunks, error: error as FaultlineError };
    }
  };

  it('messages.stream(): an overloaded error after text, while the consumer is between chunks, is not a success', async () => {
    server.script([...anthropic.start(), anthropic.text('Hel'), anthropic.text('lo'), anthropic.error('overloaded_error', 'Overloaded')]);
    const { chunks, error } = await slowly(retryStream(() => anthropicClient().messages.stream(params), { clock }));
    const text = chunks.map((event) => (event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : '')).join('');
    expect([text, error?.constructor, outputStarted(error), server.requests()]).toEqual(['Hello', ModelApiError, true, 1]);
  });

  it('messages.create({ stream: true }), the recipe: the same error is the provider’s own, overloaded_error', async () => {
    server.script([...anthropic.start(), anthropic.text('Hel'), anthropic.text('lo'), anthropic.error('overloaded_error', 'Overloaded')]);
    const { error } = await slowly(retryStream(() => anthropicClient().messages.create({ ...params, stream: true }), { clock }));
    expect([error?.constructor, outputStarted(error), error?.details, server.requests()]).toEqual([ModelApiError, true, { attempts: 1 }, 1]);
  });

  it('@anthropic-ai/sdk: cut before message_stop, before any text, is retried; after text, thrown with outputStarted', async () => {
    server.script([...anthropic.start()], [...anthropic.start(), anthropic.text('Hi'), ...anthropic.end()]);
    const retried = await collect(retryStream(() => anthropicClient().messages.create({ ...params, stream: true }), { clock }));
    expect([retried.error, retried.chunks.map((event) => event.type).at(-1), server.requests()]).toEqual([undefined, 'message_stop', 2]);
    server.script([...anthropic.start(), anthropic.text('Hi')]);
    const { error } = await collect(retryStream(() => anthropicClient().messages.create({ ...params, stream: true }), { clock }));
    expect([error?.constructor, error?.message, error?.retryable, outputStarted(error), error?.details, server.requests()]).toEqual([
      ModelApiError, 'The stream ended before its end event, message_stop', true, true, { endEvent: 'message_stop', attempts: 1 }, 1,
    ]);
  });

  it('openai chat completions: cut before a finish_reason, retried before text; after text, thrown with outputStarted', async () => {
    const chat = (): Promise<AsyncIterable<OpenAI.ChatCompletionChunk>> => openaiClient().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], stream: true });
    // Its first chunk, the role with no text, shows what the stream is.
    server.script([openaiChat.text('')], [openaiChat.text('Hello'), ...openaiChat.end()]);
    const retried = await collect(retryStream(chat, { clock }));
    expect([retried.error, retried.chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), server.requests()]).toEqual([undefined, 'Hello', 2]);
    server.script([openaiChat.text('Hel'), { data: '[DONE]' }], [openaiChat.text('never'), ...openaiChat.end()]);
    const { error } = await collect(retryStream(chat, { clock }));
    expect([error?.constructor, error?.retryable, outputStarted(error), server.requests()]).toEqual([ModelApiError, true, true, 1]);
  });

  it('the Responses API: cut before response.completed, retried before text; after text, thrown with outputStarted', async () => {
    const responses = (): Promise<AsyncIterable<OpenAI.Responses.ResponseStreamEvent>> => openaiClient().responses.create({ model: 'gpt-test', input: 'hi', stream: true });
    server.script([...openaiResponses.start()], [...openaiResponses.start(), openaiResponses.text('Hi'), ...openaiResponses.end()]);
    const retried = await collect(retryStream(responses, { clock }));
    expect([retried.error, retried.chunks.map((event) => event.type), server.requests()]).toEqual([undefined, ['response.created', 'response.output_text.delta', 'response.completed'], 2]);
    server.script([...openaiResponses.start(), openaiResponses.text('Hi')]);
    const { error } = await collect(retryStream(responses, { clock }));
    expect([error?.constructor, error?.retryable, outputStarted(error), error?.details, server.requests()]).toEqual([ModelApiError, true, true, { endEvent: 'response.completed', attempts: 1 }, 1]);
  });
});

// What a failed attempt cost: the usage its stream's events reported before the failure, on the error
// that onRetry, onError and the caller get, attempt by attempt.
describe('the usage of a failed attempt, through the real SDKs', () => {
  const usageOf = (error: unknown): unknown => (error as { usage?: unknown } | undefined)?.usage;
  const anthropicClient = (): Anthropic => new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
  const params = { model: 'claude-test', max_tokens: 16, messages: [{ role: 'user' as const, content: 'hi' }] };
  const openaiClient = (): OpenAI => new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const cached = { input_tokens: 100, cache_creation_input_tokens: 20, cache_read_input_tokens: 1000, output_tokens: 1 };

  it('@anthropic-ai/sdk, stream: true: message_start’s usage, then an overloaded error, is on the error onRetry hears; the retry succeeds', async () => {
    server.script([...anthropic.start(cached), anthropic.error('overloaded_error', 'Overloaded')], [...anthropic.start(), anthropic.text('Hi'), ...anthropic.end()]);
    const heard: unknown[] = [];
    const { error } = await collect(retryStream(() => anthropicClient().messages.create({ ...params, stream: true }), { clock, onRetry: ({ error: failed }) => heard.push(usageOf(failed)) }));
    expect([error, heard, server.requests()]).toEqual([undefined, [{ inputTokens: 1120, outputTokens: 1, cachedInputTokens: 1000 }], 2]);
  });

  it('@anthropic-ai/sdk, messages.stream(): the latest cumulative counts of message_delta, after text', async () => {
    server.script([...anthropic.start(cached), anthropic.text('Hel'), anthropic.delta({ output_tokens: 9, output_tokens_details: { thinking_tokens: 4 } }), anthropic.error('api_error', 'Internal server error')]);
    const { error } = await collect(retryStream(() => anthropicClient().messages.stream(params), { clock }));
    expect([error?.constructor, outputStarted(error), usageOf(error)]).toEqual([ModelApiError, true, { inputTokens: 1120, outputTokens: 9, cachedInputTokens: 1000, reasoningTokens: 4 }]);
  });

  it('@anthropic-ai/sdk: each failed attempt’s error has its own attempt’s usage; a counter on onError counts them all', async () => {
    server.script(
      [...anthropic.start({ input_tokens: 10, output_tokens: 1 }), anthropic.error('overloaded_error', 'Overloaded')],
      [...anthropic.start({ input_tokens: 20, output_tokens: 1 }), anthropic.error('overloaded_error', 'Overloaded')],
    );
    const heard: unknown[] = [];
    const spent = { inputTokens: 0, outputTokens: 0 };
    const { error } = await collect(retryStream(() => anthropicClient().messages.create({ ...params, stream: true }), {
      clock, maxAttempts: 2,
      onRetry: ({ error: failed }) => heard.push(usageOf(failed)),
      onError: ({ error: failed }) => {
        spent.inputTokens += failed.usage?.inputTokens ?? 0;
        spent.outputTokens += failed.usage?.outputTokens ?? 0;
      },
    }));
    expect([heard, usageOf(error), spent, server.requests()]).toEqual([[{ inputTokens: 10, outputTokens: 1 }], { inputTokens: 20, outputTokens: 1 }, { inputTokens: 30, outputTokens: 2 }, 2]);
  });

  it('openai chat completions: the usage chunk, then an error chunk', async () => {
    server.script([
      openaiChat.text(''),
      openaiChat.usage({ prompt_tokens: 1200, completion_tokens: 0, total_tokens: 1200, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 0 } }),
      openaiChat.error({ message: 'The server had an error', type: 'server_error', code: null }),
    ]);
    const chat = (): Promise<AsyncIterable<OpenAI.ChatCompletionChunk>> =>
      openaiClient().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const { error } = await collect(retryStream(chat, { clock, maxAttempts: 1 }));
    expect([error?.constructor, usageOf(error)]).toEqual([ModelApiError, { inputTokens: 1200, outputTokens: 0, totalTokens: 1200, cachedInputTokens: 1024, reasoningTokens: 0 }]);
  });

  const responses = (): Promise<AsyncIterable<OpenAI.Responses.ResponseStreamEvent>> => openaiClient().responses.create({ model: 'gpt-test', input: 'hi', stream: true });
  const responsesUsage = { input_tokens: 900, input_tokens_details: { cached_tokens: 512 }, output_tokens: 120, output_tokens_details: { reasoning_tokens: 64 }, total_tokens: 1020 };

  it('the Responses API: response.failed with its response.usage', async () => {
    server.script([...openaiResponses.start(), openaiResponses.failed('server_error', 'The server had an error', responsesUsage)]);
    const { error } = await collect(retryStream(responses, { clock, maxAttempts: 1 }));
    expect([error?.constructor, usageOf(error)]).toEqual([ModelApiError, { inputTokens: 900, outputTokens: 120, totalTokens: 1020, cachedInputTokens: 512, reasoningTokens: 64 }]);
  });

  it('the Responses API: response.incomplete made a failure by errorOf, with its response.usage', async () => {
    server.script([...openaiResponses.start(), openaiResponses.text('Hi'), openaiResponses.incomplete('content_filter', responsesUsage)]);
    const errorOf = (event: OpenAI.Responses.ResponseStreamEvent): unknown => (event.type === 'response.incomplete' ? finishReasonError(event.response.incomplete_details?.reason) : undefined);
    const { error } = await collect(retryStream(responses, { clock, errorOf }));
    expect([error?.constructor, outputStarted(error), usageOf(error)]).toEqual([ModelContentFilterError, true, { inputTokens: 900, outputTokens: 120, totalTokens: 1020, cachedInputTokens: 512, reasoningTokens: 64 }]);
  });

  it.each<[string, SseEvent[], () => Promise<AsyncIterable<unknown>>]>([
    ['openai chat completions, an error chunk first', [openaiChat.error({ message: 'The server had an error', type: 'server_error', code: null })], () => openaiClient().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], stream: true })],
    ['the Responses API, response.failed with usage null', [...openaiResponses.start(), openaiResponses.failed('server_error', 'The server had an error')], responses],
    ['@anthropic-ai/sdk, an error before message_start', [anthropic.error('overloaded_error', 'Overloaded')], () => anthropicClient().messages.create({ ...params, stream: true })],
  ])('%s: no usage key at all', async (_, events, open) => {
    server.script(events);
    const { error } = await collect(retryStream(open, { clock, maxAttempts: 1 }));
    expect([error instanceof ModelError, error !== undefined && 'usage' in error]).toEqual([true, false]);
  });
});
