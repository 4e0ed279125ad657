/**
 * Redaction runs in time linear in its text: every built-in pattern, the whole redactor, and a pattern
 * of yours between the markers already written, each on near-matches of 16 KB, 128 KB and 1 MB, its time
 * taken as a ratio to a plain scan of the same text, never as an absolute time (test/linear-time.ts).
 */
import { describe, expect, it } from 'vitest';
import { serializeError, ToolError, deserializeError } from '../../src/index.js';
import { createRedactor, REDACTED, redactText } from '../../src/redaction/redactor.js';
import { CASELESS_SECRET_PATTERNS, EXACT_SECRET_PATTERNS } from '../../src/redaction/secret-patterns.js';
import { each, growth, MAX_GROWTH, repeated, run, type NearMatch } from '../linear-time.js';

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
