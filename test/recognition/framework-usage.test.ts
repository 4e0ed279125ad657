import { Usage } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { frameworkUsage } from '../../src/recognition/framework-usage.js';

describe('frameworkUsage', () => {
  it.each<[string, unknown, unknown]>([
    ['the AI SDK 6 LanguageModelUsage, every counter',
      { inputTokens: 1200, inputTokenDetails: { noCacheTokens: 176, cacheReadTokens: 1024, cacheWriteTokens: 0 }, outputTokens: 300, outputTokenDetails: { textTokens: 44, reasoningTokens: 256 }, totalTokens: 1500, reasoningTokens: 256, cachedInputTokens: 1024, raw: { prompt_tokens: 1200 } },
      { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, cachedInputTokens: 1024, reasoningTokens: 256 }],
    ['the AI SDK 7 LanguageModelUsage: the details alone',
      { inputTokens: 10, inputTokenDetails: { noCacheTokens: 8, cacheReadTokens: 2, cacheWriteTokens: undefined }, outputTokens: 4, outputTokenDetails: { textTokens: 3, reasoningTokens: 1 }, totalTokens: 14 },
      { inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 2, reasoningTokens: 1 }],
    ['the AI SDK 5 LanguageModelUsage: the top-level counters alone',
      { inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 2, reasoningTokens: 1 },
      { inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 2, reasoningTokens: 1 }],
    ['the AI SDK’s usage of a provider that reported only part', { inputTokens: 7, inputTokenDetails: {}, outputTokens: undefined, outputTokenDetails: {}, totalTokens: undefined }, { inputTokens: 7 }],
    ['the Agents SDK Usage of a run: details summed over its requests',
      { requests: 2, inputTokens: 300, outputTokens: 40, totalTokens: 340, inputTokensDetails: [{ cached_tokens: 100 }, { cached_tokens: 50 }], outputTokensDetails: [{ reasoning_tokens: 8 }, {}] },
      { inputTokens: 300, outputTokens: 40, totalTokens: 340, cachedInputTokens: 150, reasoningTokens: 8 }],
    ['the Agents SDK Usage without details', { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2, inputTokensDetails: [], outputTokensDetails: [] }, { inputTokens: 1, outputTokens: 1, totalTokens: 2 }],
    ['the Agents SDK RequestUsage: its details a record', { inputTokens: 9, outputTokens: 1, totalTokens: 10, inputTokensDetails: { cached_tokens: 4 }, outputTokensDetails: { reasoning_tokens: 0 } },
      { inputTokens: 9, outputTokens: 1, totalTokens: 10, cachedInputTokens: 4, reasoningTokens: 0 }],
  ])('%s', (_, usage, expected) => {
    expect(frameworkUsage(usage)).toEqual(expected);
  });

  it('reads the real @openai/agents Usage, as its run adds each request', () => {
    const usage = new Usage();
    usage.add(new Usage({ requests: 1, inputTokens: 120, outputTokens: 30, totalTokens: 150, inputTokensDetails: { cached_tokens: 64 }, outputTokensDetails: { reasoning_tokens: 10 } }));
    usage.add(new Usage({ requests: 1, inputTokens: 200, outputTokens: 20, totalTokens: 220, inputTokensDetails: { cached_tokens: 128 }, outputTokensDetails: { reasoning_tokens: 0 } }));
    expect(frameworkUsage(usage)).toEqual({ inputTokens: 320, outputTokens: 50, totalTokens: 370, cachedInputTokens: 192, reasoningTokens: 10 });
  });

  it('gives no usage for a run that made no request: the Agents SDK starts every count at 0', () => {
    expect(new Usage()).toMatchObject({ requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect(frameworkUsage(new Usage())).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['undefined', undefined], ['null', null], ['a number', 5], ['an empty object', {}],
    ['the AI SDK’s usage with nothing reported', { inputTokens: undefined, inputTokenDetails: {}, outputTokens: undefined, outputTokenDetails: {}, totalTokens: undefined }],
    ['a provider’s snake_case usage', { prompt_tokens: 5, completion_tokens: 2 }],
    ['counts that are not whole numbers 0 or more', { inputTokens: -3, outputTokens: '2', totalTokens: Number.NaN }],
    ['a revoked Proxy', (() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; })()],
  ])('%s: no usage', (_, usage) => {
    expect(frameworkUsage(usage)).toBeUndefined();
  });

  it('leaves out a details sum it cannot finish: a revoked Proxy for the array, too many requests', () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    expect(frameworkUsage({ requests: 1, inputTokens: 1, inputTokensDetails: proxy })).toEqual({ inputTokens: 1 });
    const many = Array.from({ length: 10_001 }, () => ({ cached_tokens: 1 }));
    expect(frameworkUsage({ requests: 10_001, inputTokens: 1, inputTokensDetails: many })).toEqual({ inputTokens: 1 });
    expect(frameworkUsage({ requests: 10_000, inputTokens: 1, inputTokensDetails: many.slice(1) })).toEqual({ inputTokens: 1, cachedInputTokens: 10_000 });
  });

  it('reads a sparse details array by the entries it holds', () => {
    const sparse: unknown[] = [];
    sparse[2 ** 32 - 2] = { cached_tokens: 3 };
    expect(frameworkUsage({ requests: 1, inputTokens: 5, inputTokensDetails: sparse })).toEqual({ inputTokens: 5, cachedInputTokens: 3 });
  });
});
