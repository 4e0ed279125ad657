import { describe, expect, it } from 'vitest';
import { reportedUsage, usageInEvent, usageOfCounts, usageOfEvent, withUsageReported, type UsageCounts } from '../../src/foundation/provider-usage.js';

const usageOf = (...reports: unknown[]): unknown => usageOfCounts(reports.reduce<UsageCounts>(withUsageReported, {}));

describe('withUsageReported and usageOfCounts: a provider usage object in faultline names', () => {
  it.each<[string, unknown, unknown]>([
    ['OpenAI chat completions, every counter',
      { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 256, audio_tokens: 0 } },
      { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, cachedInputTokens: 1024, reasoningTokens: 256 }],
    ['OpenAI chat completions, no details', { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 }, { inputTokens: 5, outputTokens: 2, totalTokens: 7 }],
    ['the Responses API, every counter',
      { input_tokens: 900, input_tokens_details: { cached_tokens: 512 }, output_tokens: 120, output_tokens_details: { reasoning_tokens: 64 }, total_tokens: 1020 },
      { inputTokens: 900, outputTokens: 120, totalTokens: 1020, cachedInputTokens: 512, reasoningTokens: 64 }],
    ['Anthropic, its cache counters added to its input_tokens, no total',
      { input_tokens: 100, cache_creation_input_tokens: 20, cache_read_input_tokens: 10, output_tokens: 5, output_tokens_details: { thinking_tokens: 3 }, server_tool_use: null },
      { inputTokens: 130, outputTokens: 5, cachedInputTokens: 10, reasoningTokens: 3 }],
    ['Anthropic, cache counters null', { input_tokens: 3, output_tokens: 1, cache_creation_input_tokens: null, cache_read_input_tokens: null }, { inputTokens: 3, outputTokens: 1 }],
    ['Anthropic, cache counters without input_tokens', { cache_read_input_tokens: 10, output_tokens: 4 }, { outputTokens: 4, cachedInputTokens: 10 }],
    ['counts of 0, as reported', { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, { inputTokens: 0, outputTokens: 0, totalTokens: 0 }],
    ['fractions, rounded', { prompt_tokens: 2.5, completion_tokens: 1.4 }, { inputTokens: 3, outputTokens: 1 }],
  ])('%s', (_, usage, expected) => {
    expect(usageOf(usage)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['undefined', undefined], ['null', null], ['a number', 12], ['a string', 'prompt_tokens'], ['an empty object', {}],
    ['the AI SDK’s camelCase usage', { inputTokens: 5, outputTokens: 2, totalTokens: 7 }],
    ['counts that are not whole numbers 0 or more', { prompt_tokens: -1, completion_tokens: Number.NaN, total_tokens: '7', input_tokens: Infinity, output_tokens: 2 ** 60 }],
    ['details that are not objects', { prompt_tokens_details: 5, completion_tokens_details: 'x' }],
    ['a revoked Proxy', (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })()],
    ['getters that throw', Object.defineProperty({}, 'prompt_tokens', { get: () => { throw new Error('no'); }, enumerable: true })],
  ])('%s: no usage', (_, usage) => {
    expect(usageOf(usage)).toBeUndefined();
  });

  it('keeps the same counts object when a report carries none', () => {
    const counts: UsageCounts = { input: 3 };
    expect(withUsageReported(counts, undefined)).toBe(counts);
    expect(withUsageReported(counts, null)).toBe(counts);
    expect(withUsageReported(counts, {})).toEqual({ input: 3 });
  });

  it('leaves the counts it is given as they were', () => {
    const counts: UsageCounts = { input: 3 };
    expect(withUsageReported(counts, { output_tokens: 4 })).toEqual({ input: 3, output: 4 });
    expect(counts).toEqual({ input: 3 });
  });

  it('Anthropic’s events, each cumulative: the latest value of each counter, the others kept', () => {
    const start = { input_tokens: 100, cache_creation_input_tokens: 20, cache_read_input_tokens: 10, output_tokens: 1 };
    expect(usageOf(start, { output_tokens: 8 })).toEqual({ inputTokens: 130, outputTokens: 8, cachedInputTokens: 10 });
    // A message_delta that repeats input_tokens alone keeps the cache counters of message_start.
    expect(usageOf(start, { input_tokens: 100, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens: 8 }))
      .toEqual({ inputTokens: 130, outputTokens: 8, cachedInputTokens: 10 });
    expect(usageOf(start, { output_tokens: 8 }, { output_tokens: 15, cache_read_input_tokens: 12 })).toEqual({ inputTokens: 132, outputTokens: 15, cachedInputTokens: 12 });
  });

  it('a sum past the safe integers is left out, the other counts kept', () => {
    expect(usageOf({ input_tokens: Number.MAX_SAFE_INTEGER, cache_read_input_tokens: 10, output_tokens: 1 })).toEqual({ outputTokens: 1, cachedInputTokens: 10 });
  });
});

describe('usageInEvent', () => {
  const usage = { input_tokens: 1 };
  it.each<[string, unknown, unknown]>([
    ['a chat completion chunk’s usage', { object: 'chat.completion.chunk', choices: [], usage }, usage],
    ['a chat completion chunk’s usage: null', { object: 'chat.completion.chunk', choices: [], usage: null }, undefined],
    ['Anthropic’s message_start', { type: 'message_start', message: { usage } }, usage],
    ['Anthropic’s message_delta', { type: 'message_delta', delta: {}, usage }, usage],
    ['the Responses API’s response.failed', { type: 'response.failed', response: { status: 'failed', usage } }, usage],
    ['the Responses API’s response.created, its usage null as it came', { type: 'response.created', response: { usage: null } }, null],
    ['a text delta', { type: 'content_block_delta', delta: { text: 'Hi' } }, undefined],
    ['a string', 'data', undefined],
    ['undefined', undefined, undefined],
  ])('%s', (_, chunk, expected) => {
    expect(usageInEvent(chunk)).toBe(expected);
  });
});

describe('usageOfEvent', () => {
  it('reads the usage one event carries into faultline’s names', () => {
    expect(usageOfEvent({ type: 'response.failed', response: { usage: { input_tokens: 9, output_tokens: 2, total_tokens: 11, input_tokens_details: { cached_tokens: 4 } } } }))
      .toEqual({ inputTokens: 9, outputTokens: 2, totalTokens: 11, cachedInputTokens: 4 });
    expect(usageOfEvent({ type: 'message_start', message: { usage: { input_tokens: 3, cache_read_input_tokens: 7, output_tokens: 1 } } }))
      .toEqual({ inputTokens: 10, outputTokens: 1, cachedInputTokens: 7 });
  });

  it.each<[string, unknown]>([
    ['an event whose usage is null', { type: 'response.failed', response: { usage: null } }],
    ['an error event', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    ['an Error', new Error('boom')],
    ['undefined', undefined],
  ])('%s: no usage', (_, event) => {
    expect(usageOfEvent(event)).toBeUndefined();
  });
});

describe('reportedUsage', () => {
  it('keeps whole numbers 0 or more, rounds fractions, leaves anything else out', () => {
    expect(reportedUsage({ inputTokens: 10.4, outputTokens: 'many', totalTokens: -1, cachedInputTokens: 0, reasoningTokens: undefined })).toEqual({ inputTokens: 10, cachedInputTokens: 0 });
  });

  it('gives undefined when nothing is left, never an empty object or a zero', () => {
    expect(reportedUsage({})).toBeUndefined();
    expect(reportedUsage({ inputTokens: undefined, outputTokens: null })).toBeUndefined();
  });

  it('gives the keys in faultline’s order: input, output, total, cached, reasoning', () => {
    expect(Object.keys(reportedUsage({ reasoningTokens: 1, cachedInputTokens: 2, totalTokens: 3, outputTokens: 4, inputTokens: 5 }) ?? {}))
      .toEqual(['inputTokens', 'outputTokens', 'totalTokens', 'cachedInputTokens', 'reasoningTokens']);
  });
});
