// Rows streamed through a server-side cursor, against a real Postgres (PGlite, embedded): errors written by
// serializeError into jsonb and text columns, more rows than one fetch holds, a time column, and rows of
// another shape counted as problems by summarizeErrors.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRateLimitError, serializeError, ToolError } from '../../src/index.js';
import { summarizeErrors } from '../../src/report/index.js';
import { FETCH_ROWS, postgresRows } from '../../src/cli/postgres-rows.js';

let db: PGlite;
const ROWS = FETCH_ROWS * 2 + 500;
const T0 = Date.parse('2025-06-01T22:00:00.000Z');

beforeAll(async () => {
  db = new PGlite();
  await db.exec('CREATE TABLE failures (id serial PRIMARY KEY, as_jsonb jsonb, as_text text, created_at timestamptz)');
  for (let index = 0; index < ROWS; index++) {
    const error = index % 5 === 0 ? new ToolError({ toolName: 'search' }) : new ModelRateLimitError({ provider: 'openai', rateLimit: { dimension: 'requests' } });
    const text = JSON.stringify(serializeError(error));
    await db.query('INSERT INTO failures (as_jsonb, as_text, created_at) VALUES ($1::jsonb, $2, $3)', [text, text, new Date(T0 + index * 1000)]);
  }
}, 120_000);

afterAll(async () => {
  await db.close();
});

/** The records of a query, with the rows counted. */
async function rows(select: string): Promise<{ records: unknown[]; count: number }> {
  const count = { lines: 0 };
  const records: unknown[] = [];
  for await (const record of postgresRows(db, select, count)) records.push(record);
  return { records, count: count.lines };
}

describe('postgresRows', () => {
  it('streams every row through the cursor, jsonb parsed, in more fetches than one', async () => {
    const { records, count } = await rows('SELECT as_jsonb FROM failures ORDER BY id');
    expect([records.length, count]).toEqual([ROWS, ROWS]);
    expect(records[0]).toEqual(serializeError(new ToolError({ toolName: 'search' })));
    expect(records[ROWS - 1]).toEqual(serializeError(new ModelRateLimitError({ provider: 'openai', rateLimit: { dimension: 'requests' } })));
  });

  it('gives a text column as its JSON text', async () => {
    const { records } = await rows('SELECT as_text FROM failures ORDER BY id LIMIT 1');
    expect(records).toEqual([JSON.stringify(serializeError(new ToolError({ toolName: 'search' })))]);
  });

  it('puts a second column beside the error as its time', async () => {
    const { records } = await rows('SELECT as_text, created_at FROM failures ORDER BY id LIMIT 2');
    expect(records).toEqual([
      { time: new Date(T0), error: serializeError(new ToolError({ toolName: 'search' })) },
      { time: new Date(T0 + 1000), error: serializeError(new ModelRateLimitError({ provider: 'openai', rateLimit: { dimension: 'requests' } })) },
    ]);
  });

  it('ends its read-only transaction, so that the connection runs the next query', async () => {
    await rows('SELECT as_jsonb FROM failures LIMIT 3');
    await expect(db.query('INSERT INTO failures (as_text) VALUES ($1) RETURNING id', ['x'])).resolves.toMatchObject({ rows: [{ id: ROWS + 1 }] });
    await db.query('DELETE FROM failures WHERE id = $1', [ROWS + 1]);
  });

  it('throws the server’s error for a query that fails, and leaves the connection usable', async () => {
    await expect(rows('SELECT nope FROM failures')).rejects.toThrow('column "nope" does not exist');
    await expect(db.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

describe('summarizeErrors over the rows', () => {
  it('summarizes jsonb and text rows alike, with their times', async () => {
    for (const column of ['as_jsonb', 'as_text']) {
      const summary = await summarizeErrors({ sources: [{ name: 'postgres', unit: 'row', records: postgresRows(db, `SELECT ${column}, created_at FROM failures`, { lines: 0 }) }] });
      expect(summary.groups.map((group) => [group.key.code, group.count])).toEqual([['MODEL_RATE_LIMITED', 2000], ['TOOL_ERROR', 500]]);
      expect(summary.groups[0]?.rateLimits.top).toEqual([{ value: 'requests', count: 2000 }]);
      expect([summary.firstSeen, summary.lastSeen]).toEqual([new Date(T0).toISOString(), new Date(T0 + (ROWS - 1) * 1000).toISOString()]);
    }
  });

  it('counts a row of another shape, and text that is no JSON, as problems with their row numbers', async () => {
    await db.exec(`CREATE TABLE mixed (id int, error text);
      INSERT INTO mixed VALUES (1, '${JSON.stringify(serializeError(new ToolError())).replace(/'/g, "''")}'), (2, '{"status":"failed"}'), (3, 'oops'), (4, NULL)`);
    const summary = await summarizeErrors({ sources: [{ name: 'postgres', unit: 'row', records: postgresRows(db, 'SELECT error FROM mixed ORDER BY id', { lines: 0 }) }] });
    expect(summary.errors).toBe(1);
    expect(summary.read.firstProblems.map((problem) => [problem.position, problem.kind])).toEqual([[2, 'no-error'], [3, 'not-json'], [4, 'no-error']]);
  });
});
