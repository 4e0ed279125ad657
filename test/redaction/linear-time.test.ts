/**
 * Redaction runs in time linear in its text: every built-in pattern, the whole redactor, and a pattern
 * of yours between the markers already written. Each is run on near-matches (text that almost holds a
 * secret, built to make a backtracking pattern try again from every character) of 16 KB, 128 KB and 1 MB.
 * Its time is taken as a ratio to a plain scan of the same text, never as an absolute time: where the
 * work grows in proportion to the text, the ratio stays the same from one length to the next; where it
 * grows with the square, it is eight times larger at each step (and the test stops at the first).
 */
import { describe, expect, it } from 'vitest';
import { serializeError, ToolError, deserializeError } from '../../src/index.js';
import { createRedactor, REDACTED, redactText } from '../../src/redaction/redactor.js';
import { CASELESS_SECRET_PATTERNS, EXACT_SECRET_PATTERNS } from '../../src/redaction/secret-patterns.js';

const LENGTHS = [16 * 1024, 128 * 1024, 1024 * 1024] as const;

/** `unit` repeated to `length` characters. */
const repeated = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
/** A prefix, then `unit` repeated to `length` characters in all. */
const run = (prefix: string, unit: string, end = '') => (length: number): string => prefix + repeated(unit, length - prefix.length - end.length) + end;
const each = (unit: string) => (length: number): string => repeated(unit, length);

type NearMatch = (length: number) => string;

// Linear work keeps its ratio within noise of 1; quadratic work multiplies it by 8. A busy machine
// slows both the work and the scan of one measurement alike.
const MAX_GROWTH = 4;

// Near-matches for each built-in pattern, in the order of its list. A pattern added to a list without
// near-matches here fails the first test.
const CASELESS_NEAR_MATCHES: readonly (readonly NearMatch[])[] = [
  // authorization: ...
  [run('authorization', ' ', '!'), each('authorization:\t'), run('Authorization: Bearer ', 'a b ')],
  // bearer and basic credentials
  [run('bearer', ' ', '!'), each('Bearer authentication '), each('basic abc ')],
  // password=, api_key:, token= ...
  [run('api_key', ' ', '!'), each('token= '), each('password=[REDACTED] '), run('secret="', ' ')],
  // URL userinfo: the issue's reproduction (a hint word, then a long run of `a.` or `a-`), and its relatives
  [run('key ', 'a.'), run('token ', 'a-'), run('x://u:', 'p'), each('a://'), each('a.b+c-'), run('https://', ':')],
  // PEM private keys
  [run('-----BEGIN ', 'A '), each('-----BEGIN PRIVATE KEY'), each('-----END PRIVATE KEY-----'), run('-----BEGIN PRIVATE KEY-----', '-----END ')],
];
const EXACT_NEAR_MATCHES: readonly (readonly NearMatch[])[] = [
  [each(`sk-${'a'.repeat(19)} `), each('xsk-'), each('sk-proj-')], // sk- keys
  [each(`sk_live_${'a'.repeat(15)} `), each('rk_test_')], // Stripe
  [run('AKIA', 'A'), each('AKIAASIA'), each(`AKIA${'A'.repeat(15)} `)], // AWS access key ids
  [each(`ghp_${'a'.repeat(35)} `), each('github_pat_'), each('ghp_')], // GitHub
  [each(`xoxb-${'a'.repeat(9)} `), each('xoxb-')], // Slack
  [each(`AIza${'a'.repeat(34)} `), each('AIza')], // Google API keys
  [each('eyJaaaaaaaaa-'), run('eyJ', 'a'), run('eyJaaaaaaaa.eyJ', 'a'), each('eyJaaaaaaaa.')], // JSON Web Tokens
];

/** The fastest of seven timings of `work`: a busy machine only ever adds time. */
function timed(work: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/**
 * What `work` costs on `text` run `times` times, as a multiple of a plain scan of the same text. Two
 * single runs come first (the first warms it up); where both cost more than `enough`, the cheaper is the
 * answer, so that work far too slow is not run on and on.
 */
function costOverScan(work: (text: string) => unknown, text: string, times: number, enough: number): number {
  const repeat = (fn: (text: string) => unknown) => () => {
    for (let index = 0; index < times; index++) fn(text);
  };
  const scan = timed(repeat((value) => value.replace(/[\v\f]/g, '')));
  const single = (): number => {
    const start = performance.now();
    work(text);
    return ((performance.now() - start) * times) / scan;
  };
  const first = Math.min(single(), single());
  return first > enough ? first : timed(repeat(work)) / scan;
}

/**
 * How much the cost per character of `work` grows from each length of `nearMatch` to the next: about 1
 * when it is linear, 8 when it is quadratic. Each text is run as often as it takes to hold as much work
 * as 1 MB. The largest growth is returned, or the first that is too large, so that quadratic work is
 * never run on 1 MB.
 */
function growth(work: (text: string) => unknown, nearMatch: NearMatch): number {
  const largest = LENGTHS[LENGTHS.length - 1] as number;
  let before = costOverScan(work, nearMatch(LENGTHS[0]), largest / LENGTHS[0], Number.POSITIVE_INFINITY);
  let most = 0;
  for (const length of LENGTHS.slice(1)) {
    const cost = costOverScan(work, nearMatch(length), largest / length, 4 * MAX_GROWTH * before);
    most = Math.max(most, cost / before);
    if (most >= MAX_GROWTH) break;
    before = cost;
  }
  return most;
}

describe('each built-in secret pattern runs in time linear in its text', () => {
  it('has near-matches for every pattern of both lists', () => {
    expect(CASELESS_NEAR_MATCHES.length).toBe(CASELESS_SECRET_PATTERNS.length);
    expect(EXACT_NEAR_MATCHES.length).toBe(EXACT_SECRET_PATTERNS.length);
  });

  const cases = [
    ...CASELESS_SECRET_PATTERNS.flatMap((pattern, index) => (CASELESS_NEAR_MATCHES[index] ?? []).map((nearMatch) => [new RegExp(pattern.source, 'gi'), nearMatch] as const)),
    ...EXACT_SECRET_PATTERNS.flatMap((pattern, index) => (EXACT_NEAR_MATCHES[index] ?? []).map((nearMatch) => [new RegExp(pattern.source, 'g'), nearMatch] as const)),
  ].map(([pattern, nearMatch]) => [`${pattern.source.slice(0, 40)} on ${JSON.stringify(nearMatch(48))}`, pattern, nearMatch] as const);

  it.each(cases)('%s', (_label, pattern, nearMatch) => {
    expect(growth((text) => text.replace(pattern, REDACTED), nearMatch)).toBeLessThan(MAX_GROWTH);
  });
});

describe('redaction as a whole runs in time linear in its text', () => {
  const issueReproduction = run('key ', 'a.');

  it('in redactText, on every near-match at once', () => {
    for (const nearMatch of [...CASELESS_NEAR_MATCHES, ...EXACT_NEAR_MATCHES].flat()) {
      expect(growth(redactText, nearMatch)).toBeLessThan(MAX_GROWTH);
    }
  });

  it('in the constructor, in serializeError and after deserializeError', () => {
    expect(growth((text) => new ToolError(text), issueReproduction)).toBeLessThan(MAX_GROWTH);
    expect(growth((text) => serializeError(Object.assign(new Error('x'), { details: text })), issueReproduction)).toBeLessThan(MAX_GROWTH);
    const node = (text: string) => ({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: text, retryable: false });
    expect(growth((text) => deserializeError(node(text), { maxInputLength: 4 * 1024 * 1024 }), issueReproduction)).toBeLessThan(MAX_GROWTH);
  });

  it('with a pattern of yours, in text that already holds markers', () => {
    const yours = createRedactor({ patterns: [/\bcust-\d+/] });
    expect(growth(yours.text, run('[REDACTED] ', 'cust-1 '))).toBeLessThan(MAX_GROWTH);
    expect(growth(yours.text, each('cust-1 [REDACTED] '))).toBeLessThan(MAX_GROWTH);
  });

  it('and still redacts what the near-matches surround', () => {
    expect(redactText(`${repeated('a.', 4096)} https://user:hunter2hunter2@example.com`)).toMatch(/https:\/\/user:\[REDACTED\]@example\.com$/);
    expect(redactText(`${repeated('eyJaaaaaaaaa-', 100)} eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc`)).toMatch(/ \[REDACTED\]$/);
  });
});
