/**
 * What reads a provider's words runs in time linear in its text (issue #38): each wording of every
 * provider's table, each pattern that reads the numbers of a context overflow, the names of a rate
 * limit's dimension, and the rules as a whole. In use each reads at most 8 KB of a text; here each is run
 * on near-matches of 16 KB, 128 KB and 1 MB, its time taken as a ratio to a plain scan of the same text,
 * never as an absolute time (test/linear-time.ts).
 */
import { describe, expect, it } from 'vitest';
import { CONTEXT_PATTERNS } from '../../src/recognition/context-length.js';
import { providerFailure } from '../../src/recognition/provider-error.js';
import { providerTables } from '../../src/recognition/provider-tables.js';
import { namedLimits } from '../../src/recognition/rate-limit-headers.js';
import { each, growth, MAX_GROWTH, run, type NearMatch } from '../linear-time.js';

/**
 * Near-matches for a pattern, built from its source: its longest literal run of words followed by
 * digits and repeated (what a pattern that reads a number after its words tries again on), the same
 * followed by a long run of one character, and all its words in a row, repeated.
 */
function nearMatchesOf(source: string): readonly NearMatch[] {
  const words = source
    .replace(/\\[dswbDSWB]|\(\?(?::|<\w+>)/g, ' ')
    .split(/[()[\]{}*+?|^$\\]+/)
    .map((word) => word.replace(/\s+/g, ' '))
    .filter((word) => word.trim().length >= 3);
  const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? 'error';
  return [each(`${longest}123 `), run(longest, 'a'), each(`${words.join(' 1 ')} `)];
}

const PATTERNS: readonly (readonly [string, RegExp])[] = [
  ...Object.entries(providerTables()).flatMap(([provider, table]) => (table.wordings ?? []).map(([failure, source]) => [`${provider} ${failure}`, new RegExp(source)] as const)),
  ...CONTEXT_PATTERNS.map(([pattern]) => ['context numbers', pattern] as const),
  ...namedLimits().map((source) => ['rate-limit dimension', new RegExp(source)] as const),
];

describe('each pattern that reads a provider’s words runs in time linear in its text', () => {
  it.each(PATTERNS.map(([label, pattern]) => [`${label}: ${pattern.source.slice(0, 60)}`, pattern] as const))('%s', (_label, pattern) => {
    for (const nearMatch of nearMatchesOf(pattern.source)) {
      expect(growth((text) => pattern.exec(text), nearMatch)).toBeLessThan(MAX_GROWTH);
    }
  });
});

describe('the rules as a whole run in time linear in their text', () => {
  it('on the words of every table at once', () => {
    const everyWord = PATTERNS.flatMap(([, pattern]) => nearMatchesOf(pattern.source));
    for (const nearMatch of everyWord.filter((_, index) => index % 7 === 0)) {
      expect(growth((text) => providerFailure({ status: 429, text }), nearMatch)).toBeLessThan(MAX_GROWTH);
    }
  });
});
