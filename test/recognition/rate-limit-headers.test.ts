import { describe, expect, it, vi } from 'vitest';
import { readRateLimit } from '../../src/recognition/rate-limit-headers.js';

// 2026-01-01T00:00:00Z: the time the responses below are received.
const NOW = Date.UTC(2026, 0, 1);

// OpenAI's headers on a 429 for tokens per minute (https://platform.openai.com/docs/guides/rate-limits#rate-limits-in-headers).
const OPENAI = {
  'x-ratelimit-limit-requests': '5000',
  'x-ratelimit-remaining-requests': '4999',
  'x-ratelimit-reset-requests': '12ms',
  'x-ratelimit-limit-tokens': '30000',
  'x-ratelimit-remaining-tokens': '0',
  'x-ratelimit-reset-tokens': '6m0s',
};

// Anthropic's headers on a 429 for input tokens per minute (https://docs.anthropic.com/en/api/rate-limits#response-headers).
const ANTHROPIC = {
  'anthropic-ratelimit-requests-limit': '50',
  'anthropic-ratelimit-requests-remaining': '49',
  'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:01Z',
  'anthropic-ratelimit-input-tokens-limit': '30000',
  'anthropic-ratelimit-input-tokens-remaining': '0',
  'anthropic-ratelimit-input-tokens-reset': '2026-01-01T00:00:12.5Z',
  'anthropic-ratelimit-output-tokens-limit': '8000',
  'anthropic-ratelimit-output-tokens-remaining': '8000',
  'anthropic-ratelimit-output-tokens-reset': '2026-01-01T00:00:00Z',
  'anthropic-ratelimit-tokens-limit': '38000',
  'anthropic-ratelimit-tokens-remaining': '0',
  'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:12.5Z',
};

describe('readRateLimit', () => {
  it('reads OpenAI’s headers: the dimension with nothing remaining, its reset a duration', () => {
    expect(readRateLimit(new Headers(OPENAI), '', NOW)).toEqual({ dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 360000 });
  });

  it('reads Anthropic’s headers: the reset an RFC 3339 time measured from now, and of two equal, the more precise dimension', () => {
    expect(readRateLimit(ANTHROPIC, '', NOW)).toEqual({ dimension: 'inputTokens', limit: 30000, remaining: 0, resetMs: 12500 });
  });

  it('takes the dimension the message names over the one with nothing remaining', () => {
    const openai = 'rate limit reached for gpt-4o in organization org-1 on requests per day (rpd): limit 10000, used 10000, requested 1.';
    expect(readRateLimit(OPENAI, openai.replace('per day (rpd)', 'per min (rpm)'), NOW)).toEqual({ dimension: 'requests', limit: 5000, remaining: 4999, resetMs: 12 });
    // A daily limit whose headers are not spent: they speak of a shorter window, so only the dimension is known.
    expect(readRateLimit(OPENAI, openai, NOW)).toEqual({ dimension: 'requests' });
    expect(readRateLimit({ ...OPENAI, 'x-ratelimit-remaining-requests': '0' }, openai, NOW)).toEqual({ dimension: 'requests', limit: 5000, remaining: 0, resetMs: 12 });
    const anthropic = "this request would exceed your organization's rate limit of 8,000 output tokens per minute (org: 1, model: claude).";
    expect(readRateLimit(ANTHROPIC, anthropic, NOW)).toEqual({ dimension: 'outputTokens', limit: 8000, remaining: 8000, resetMs: 0 });
    expect(readRateLimit({}, 'this request would exceed the rate limit for your organization (1) of 50 requests per minute.', NOW)).toEqual({ dimension: 'requests' });
    expect(readRateLimit({}, 'request too large for gpt-4o in organization org-1 on tokens per min (tpm): limit 30000, requested 31538.', NOW)).toEqual({ dimension: 'tokens' });
  });

  it('of several dimensions with nothing remaining, gives the one that resets last', () => {
    const headers = { ...OPENAI, 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1h0m0s' };
    expect(readRateLimit(headers, '', NOW)).toEqual({ dimension: 'requests', limit: 5000, remaining: 0, resetMs: 3600000 });
  });

  it('gives nothing when no dimension is named or spent', () => {
    expect(readRateLimit({ ...OPENAI, 'x-ratelimit-remaining-tokens': '12' }, '', NOW)).toBeUndefined();
    expect(readRateLimit({}, 'rate limited', NOW)).toBeUndefined();
    expect(readRateLimit(undefined, '', NOW)).toBeUndefined();
  });

  it.each([
    ['20ms', 20], ['1s', 1000], ['0.5s', 500], ['6m0s', 360000], ['6m23.456s', 383456], ['1h2m3s', 3723000], ['2m59.56s', 179560],
    ['7.66s', 7660], ['0s', 0], ['1.0001ms', 2], ['250us', 1], ['250µs', 1], ['5ns', 1],
  ])('reads the duration %s as %d ms, rounded up', (reset, resetMs) => {
    expect(readRateLimit({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': reset }, '', NOW)).toEqual({ dimension: 'tokens', remaining: 0, resetMs });
  });

  it.each([
    ['2026-01-01T00:00:30Z', 30000], ['2026-01-01T00:00:30.000001Z', 30001], ['2026-01-01T01:00:30+01:00', 30000],
    ['2026-01-01 00:00:30z', 30000], ['2025-12-31T23:59:00Z', 0],
  ])('reads the time %s as %d ms from now, rounded up, a past one 0', (reset, resetMs) => {
    expect(readRateLimit({ 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': reset }, '', NOW)).toEqual({ dimension: 'tokens', remaining: 0, resetMs });
  });

  it('measures a reset time from the clock when no time is given', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      expect(readRateLimit({ 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': '2026-01-01T01:00:00Z' }, '')).toEqual({
        dimension: 'tokens', remaining: 0, resetMs: 3_600_000,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['a reset with no unit', { 'x-ratelimit-reset-tokens': '6' }],
    ['a reset in words', { 'x-ratelimit-reset-tokens': 'soon' }],
    ['a reset with a trailing word', { 'x-ratelimit-reset-tokens': '6m0s later' }],
    ['a negative duration', { 'x-ratelimit-reset-tokens': '-1s' }],
    ['an empty reset', { 'x-ratelimit-reset-tokens': '' }],
    ['a date with no zone', { 'x-ratelimit-reset-tokens': '2026-01-01T00:00:30' }],
    ['an HTTP-date', { 'x-ratelimit-reset-tokens': 'Thu, 01 Jan 2026 00:00:30 GMT' }],
    ['a date that is no date', { 'x-ratelimit-reset-tokens': '2026-13-45T99:99:99Z' }],
    ['a day the month does not have', { 'x-ratelimit-reset-tokens': '2026-02-30T00:00:30Z' }],
    ['a limit with a sign', { 'x-ratelimit-limit-tokens': '-30000' }],
    ['a limit with a fraction', { 'x-ratelimit-limit-tokens': '30000.5' }],
    ['a limit past the safe integers', { 'x-ratelimit-limit-tokens': '99999999999999999' }],
  ])('ignores %s, never guessing', (_title, headers) => {
    expect(readRateLimit({ 'x-ratelimit-remaining-tokens': '0', ...headers }, '', NOW)).toEqual({ dimension: 'tokens', remaining: 0 });
  });

  it('never throws on headers that throw', () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('boom'); } });
    expect(readRateLimit(hostile, 'of 5 requests per minute', NOW)).toEqual({ dimension: 'requests' });
  });

  it('reads a megabyte of digits as no header: a value longer than 1,024 characters is not read by its first part', () => {
    expect(readRateLimit({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': `${'1'.repeat(1_000_000)}x` }, '', NOW)).toEqual({ dimension: 'tokens', remaining: 0 });
    // Its first 1,024 characters would be a reset of 0.
    expect(readRateLimit({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': `${'0s'.repeat(512)}1h` }, '', NOW)).toEqual({ dimension: 'tokens', remaining: 0 });
  });

  it('reads a reset past the whole numbers as the largest, a delay no timer can wait, never as no reset', () => {
    expect(readRateLimit({ 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '9999999999999999h' }, '', NOW)).toEqual({
      dimension: 'tokens', remaining: 0, resetMs: Number.MAX_SAFE_INTEGER,
    });
  });
});
