import { describe, expect, it } from 'vitest';
import { readContextTokens } from '../../src/recognition/context-length.js';

describe('readContextTokens', () => {
  // Each provider's wording, as its API returns it (lowercased, as the provider's text is read).
  it.each([
    ['OpenAI, chat', "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.", { requestedTokens: 130000, maxContextTokens: 128000 }],
    ['OpenAI, with the completion asked for', "This model's maximum context length is 4097 tokens. However, you requested 4200 tokens (3200 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.", { requestedTokens: 4200, maxContextTokens: 4097 }],
    ['OpenAI, completions', "This model's maximum context length is 2049 tokens, however you requested 2054 tokens (2049 in your prompt, 5 for the completion). Please reduce your prompt or completion length.", { requestedTokens: 2054, maxContextTokens: 2049 }],
    ['vLLM', "This model's maximum context length is 16384 tokens. However, you requested 122946 tokens (112946 in the messages, 10000 in the completion). Please reduce the length of the messages or completion.", { requestedTokens: 122946, maxContextTokens: 16384 }],
    ['Anthropic, the prompt', 'prompt is too long: 208310 tokens > 200000 maximum', { requestedTokens: 208310, maxContextTokens: 200000 }],
    ['Anthropic, the prompt and max_tokens', 'input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000, decrease input length or `max_tokens` and try again', { requestedTokens: 205818, maxContextTokens: 200000 }],
    ['Anthropic, without the backticks', 'input length and max_tokens exceed context limit: 90402 + 116650 > 204648, decrease input length or max_tokens and try again', { requestedTokens: 207052, maxContextTokens: 204648 }],
    ['Gemini', 'The input token count (1234567) exceeds the maximum number of tokens allowed (1048576).', { requestedTokens: 1234567, maxContextTokens: 1048576 }],
    ['OpenAI, another form: the window alone', "This model's maximum context length is 8192 tokens and your request has too many.", { maxContextTokens: 8192 }],
  ])('%s', (_provider, message, numbers) => {
    expect(readContextTokens(message.toLowerCase())).toEqual(numbers);
  });

  it.each([
    ['the Responses API, which states no numbers', 'your input exceeds the context window of this model. please adjust your input and try again.'],
    ['a code alone', 'context_length_exceeded'],
    ['numbers past twelve digits', 'prompt is too long: 1234567890123 tokens > 200000 maximum'],
    ['nothing', ''],
  ])('gives nothing for %s', (_title, text) => {
    expect(readContextTokens(text)).toEqual({});
  });

  it('reads only the start of a long text', () => {
    expect(readContextTokens(`${'x'.repeat(10_000)} prompt is too long: 208310 tokens > 200000 maximum`)).toEqual({});
  });

  it('reads a megabyte of near-misses in bounded time', () => {
    expect(readContextTokens('maximum context length is 1 tokens. however, you requested '.repeat(20_000))).toEqual({ maxContextTokens: 1 });
    expect(readContextTokens(`prompt is too long: ${'9'.repeat(1_000_000)}`)).toEqual({});
  });
});
