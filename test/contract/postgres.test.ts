/**
 * Every output of serializeError is storable in Postgres and reads back into the same bytes: a real
 * Postgres (PGlite, embedded: no server) stores it in a `jsonb` column, which refuses `\u0000` and a
 * lone surrogate and reorders keys (shorter first), and in a `text` column; what is read back from
 * either, serialized again, is byte-identical to what was written.
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deserializeError, serializeError, ToolError } from '../../src/index.js';
import { anyThrown, HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { GOLDEN_CASES } from './golden-cases.js';

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  await db.exec('CREATE TABLE errors (id serial PRIMARY KEY, as_jsonb jsonb NOT NULL, as_text text NOT NULL)');
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** Stores one output in both columns, reads both back, and checks each serializes again to the same bytes. */
async function roundTrip(output: unknown): Promise<void> {
  const text = JSON.stringify(output);
  const { rows } = await db.query<{ as_jsonb: unknown; as_text: string }>(
    'INSERT INTO errors (as_jsonb, as_text) VALUES ($1::jsonb, $2) RETURNING as_jsonb, as_text', [text, text],
  );
  const row = rows[0];
  expect(row).toBeDefined();
  expect(JSON.stringify(serializeError(deserializeError(row?.as_jsonb)))).toBe(text);
  expect(JSON.stringify(serializeError(deserializeError(row?.as_text)))).toBe(text);
}

describe('a Postgres jsonb column and a text column', () => {
  it.each(GOLDEN_CASES.map((golden) => [golden.file, golden] as const))('store the golden %s and give back the same bytes', async (_, golden) => {
    await roundTrip(serializeError(golden.build(), golden.options));
  });

  it.each(HOSTILE_KINDS)('store the output of the hardening corpus’s %s', async (kind) => {
    await roundTrip(serializeError(hostileValue(kind)));
    await roundTrip(serializeError(new ToolError('x', { details: { value: hostileValue(kind) as never } })));
  });

  it('store NUL characters and lone surrogates, which jsonb refuses as written by 0.2.0', async () => {
    const text = 'nul \u0000 high \uD83D low \uDE00 pair \uD83D\uDE00';
    await roundTrip(serializeError(new ToolError(text, { details: { [text]: text, nested: { b: text, a: [text] } }, recommendations: [text] })));
    await expect(db.query('SELECT $1::jsonb', [JSON.stringify({ message: text })])).rejects.toThrow();
  });

  it('store any thrown value’s output, keys inside details in their canonical order whatever jsonb does to them', async () => {
    const outputs = fc.sample(anyThrown.map((thrown) => serializeError(thrown.build())), { numRuns: 300, seed: 16 });
    for (const output of outputs) await roundTrip(output);
  }, 120_000);
});
