/**
 * What providers really send (issue #38): every case of test/fixtures/real-world/, each taken verbatim
 * from the public source named beside it, thrown through the provider's real SDK, reads as what the
 * provider's text means, through `normalizeError` and through `ModelError.from`: the class, `retryable`,
 * and the numbers the text states (the rate limit's dimension, the tokens requested and the window).
 * A case a careful reader could label two ways passes either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, normalizeError, type FaultlineError } from '../../src/index.js';
import { realCases, shapeProblem, type Expectation, type RealCase } from './real-world/cases.js';
import { CaseServer } from './real-world/throw-through-sdk.js';

const CASES = realCases();
const server = new CaseServer();

beforeAll(() => server.start());
afterAll(() => server.stop());

/** How an error differs from an expectation, or undefined where it is that. */
function difference(error: FaultlineError, expected: Expectation): string | undefined {
  const fields = error as FaultlineError & { rateLimit?: { dimension?: string }; requestedTokens?: number; maxContextTokens?: number };
  const seen = {
    class: error.name,
    retryable: error.retryable,
    ...(expected.rateLimit !== undefined && { rateLimit: { dimension: fields.rateLimit?.dimension } }),
    ...(expected.requestedTokens !== undefined && { requestedTokens: fields.requestedTokens }),
    ...(expected.maxContextTokens !== undefined && { maxContextTokens: fields.maxContextTokens }),
  };
  const wanted = { ...expected, why: undefined };
  return JSON.stringify(seen) === JSON.stringify({ ...seen, ...wanted }) ? undefined : `${JSON.stringify(seen)}, expected ${JSON.stringify(wanted)}`;
}

/**
 * The error reads as the case's expectation, or as one of its other right readings; through
 * `normalizeError`, a case with no sign of a provider as the generic table reads it.
 */
function expectReadRight(entry: RealCase, error: FaultlineError, path: 'normalizeError' | 'ModelError.from'): void {
  const readings = path === 'normalizeError' && entry.normalizeError !== undefined ? [entry.normalizeError] : [entry.expect, ...(entry.alsoRight ?? [])];
  const differences = readings.map((reading) => difference(error, reading));
  expect(differences.includes(undefined), `${path} of ${entry.name}: ${differences[0] ?? ''}`).toBe(true);
}

describe('the real-world corpus', () => {
  it('holds at least 150 cases from at least 15 providers, each of the shape its README gives, with a unique name', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CASES.map((entry) => entry.provider)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(CASES.map((entry) => entry.name)).size).toBe(CASES.length);
    expect(CASES.map((entry) => [entry.name, shapeProblem(entry)]).filter(([, problem]) => problem !== undefined)).toEqual([]);
  });
});

describe.each(CASES.map((entry) => [`${entry.provider}: ${entry.name}`, entry] as const))('%s', (_label, entry) => {
  it(`through ${entry.sdk}, reads as ${entry.expect.class}`, async () => {
    const thrown = await server.thrownBy(entry);
    expectReadRight(entry, normalizeError(thrown), 'normalizeError');
    const modelError = ModelError.from(thrown);
    expectReadRight(entry, modelError, 'ModelError.from');
    expect(modelError.cause).toBe(thrown);
  });
});
