import type { RateLimit, RateLimitDimension } from '../contract/rate-limit.js';
import { headersNamed } from '../foundation/header-value.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

// From OpenAI's and Anthropic's rate-limit headers (docs/mapping.md#rate-limits); a header not in its format is ignored.

// Each dimension's headers: OpenAI's suffix and Anthropic's infix.
const DIMENSIONS: readonly (readonly [RateLimitDimension, string | undefined, string])[] = [
  ['requests', 'requests', 'requests'],
  ['inputTokens', undefined, 'input-tokens'],
  ['outputTokens', undefined, 'output-tokens'],
  ['tokens', 'tokens', 'tokens'],
];

type Part = 'limit' | 'remaining' | 'reset';
const PARTS: readonly Part[] = ['limit', 'remaining', 'reset'];
// Built on first use: a module-level call is a statement a bundler must keep.
let familyNames: readonly string[] | undefined;
function namesOfFamilies(): readonly string[] {
  return (familyNames ??= DIMENSIONS.flatMap(([, openai, anthropic]) => [
    ...(openai === undefined ? [] : PARTS.map((part) => `x-ratelimit-${part}-${openai}`)),
    ...PARTS.map((part) => `anthropic-ratelimit-${anthropic}-${part}`),
  ]));
}

// The wordings are in docs/mapping.md#rate-limits. Each alternative starts with a word, so that no text makes it start over.
export const namedLimits = (): readonly string[] => [
  String.raw`(?<inputTokens>\binput tokens per (?:minute|day)|_input_token_count\b)`,
  String.raw`(?<outputTokens>\boutput tokens per (?:minute|day))`,
  String.raw`(?<tokens>\btokens? per (?:min(?:ute)?|day|hour)\b|\btoken rate limit\b|\brequest tokens has exceeded|\btoo many tokens(?: per day)?, please wait)`,
  String.raw`(?<requests>\brequests? per (?:min(?:ute)?|day)\b|\bcall rate limit\b|\brequests rate limit\b|\btoo many requests, please wait|\bapi calls / minute|\bqueries per minute|_tier_requests\b|\bgeneraterequestsper(?:minute|day))`,
];
// Made on first use: a module-level call is a statement a bundler must keep.
let namedLimit: RegExp | undefined;
const DAILY = /day/;

const WHOLE = /^\d{1,16}$/;
// A Go duration, as OpenAI writes one: one or more of a number and its unit (`1h2m3.5s`, `20ms`).
const DURATION_PART = /(\d{1,16}(?:\.\d{1,9})?)(ms|us|µs|ns|h|m|s)/y;
const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000_001 };
const RFC_3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The dimension the message names, else the one with nothing `remaining` that resets last. `resetMs` is
 * rounded up, so that a client never comes back before the reset.
 */
export function readRateLimit(headers: unknown, text: string, now?: Date | number): RateLimit | undefined {
  const named = namedDimension(text);
  // Both families read in one pass over the headers, however many names they have.
  const read = headersNamed(headers, namesOfFamilies());
  let hit: RateLimit | undefined;
  for (const [dimension, openai, anthropic] of DIMENSIONS) {
    const limit = dimensionHeaders(read, dimension, openai, anthropic, now);
    // A daily limit's headers are its own only where spent; else they speak of a shorter window.
    if (dimension === named?.dimension) return !named.daily || limit.remaining === 0 ? limit : { dimension };
    if (named === undefined && limit.remaining === 0 && (hit === undefined || (limit.resetMs ?? 0) > (hit.resetMs ?? 0))) hit = limit;
  }
  return hit;
}

function namedDimension(text: string): { readonly dimension: RateLimitDimension; readonly daily: boolean } | undefined {
  const named = (namedLimit ??= new RegExp(namedLimits().join('|'))).exec(text);
  const groups = named?.groups;
  if (named === null || groups === undefined) return undefined;
  const dimension = (Object.keys(groups) as RateLimitDimension[]).find((key) => groups[key] !== undefined) as RateLimitDimension;
  return { dimension, daily: DAILY.test(named[0]) };
}

function dimensionHeaders(headers: ReadonlyMap<string, string>, dimension: RateLimitDimension, openai: string | undefined, anthropic: string, now: Date | number | undefined): RateLimit {
  const read = (part: Part): string | undefined => headers.get(`anthropic-ratelimit-${anthropic}-${part}`) ?? (openai === undefined ? undefined : headers.get(`x-ratelimit-${part}-${openai}`));
  const limit = wholeOf(read('limit'));
  const remaining = wholeOf(read('remaining'));
  const reset = read('reset');
  const resetMs = reset === undefined ? undefined : (durationMs(reset.trim()) ?? untilTime(reset.trim(), now));
  return { dimension, ...(limit !== undefined && { limit }), ...(remaining !== undefined && { remaining }), ...(resetMs !== undefined && { resetMs }) };
}

function wholeOf(value: string | undefined): number | undefined {
  return value !== undefined && WHOLE.test(value.trim()) ? toWholeNonNegative(Number(value)) : undefined;
}

/** A Go duration in whole milliseconds, rounded up; undefined for anything else. */
function durationMs(value: string): number | undefined {
  if (value === '') return undefined;
  DURATION_PART.lastIndex = 0;
  let total = 0;
  while (DURATION_PART.lastIndex < value.length) {
    const part = DURATION_PART.exec(value);
    if (part === null) return undefined;
    total += Number(part[1]) * (UNIT_MS[part[2] as string] as number);
  }
  // Rounded to the nanosecond first (23.456 * 1000 is 23456.000000000004); a reset past the whole numbers is the largest.
  return toWholeNonNegative(Math.min(Math.ceil(Math.round(total * 1e6) / 1e6), Number.MAX_SAFE_INTEGER));
}

function untilTime(value: string, now: Date | number | undefined): number | undefined {
  const parts = RFC_3339.exec(value);
  if (parts === null) return undefined;
  // A day the month has (Date.parse rolls February 30 into March), and the zone uppercase, as every Date.parse reads.
  const [year, month, day] = (parts[1] as string).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  const seconds = Date.parse(`${parts[1]}T${parts[2]}${(parts[4] as string).toUpperCase()}`);
  if (Number.isNaN(seconds)) return undefined;
  const time = seconds + Number(`0${parts[3] ?? ''}`) * 1000;
  const from = now instanceof Date ? now.getTime() : typeof now === 'number' && Number.isFinite(now) ? now : Date.now();
  return toWholeNonNegative(Math.ceil(Math.max(0, time - from)));
}
