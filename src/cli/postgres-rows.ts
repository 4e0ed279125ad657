/*
 * Rows of a SELECT, streamed through a server-side cursor (DECLARE ... CURSOR, FETCH), never loaded whole:
 * plain SQL, so that node-postgres's Client and PGlite both run it, and no cursor package is needed.
 */

/** What the cursor needs of a connection: node-postgres's Client and PGlite have it. */
export interface Queryable {
  query(text: string): Promise<{ readonly rows: readonly Readonly<Record<string, unknown>>[]; readonly fields: readonly { readonly name: string }[] }>;
}

/** Rows fetched per round trip. */
export const FETCH_ROWS = 1000;
const CURSOR = 'faultline_report';

/**
 * The records of `select`, one per row, fetched FETCH_ROWS at a time in a read-only transaction: the
 * first column's value (jsonb and json arrive parsed, text as JSON text), or, when there is a second
 * column, `{ time, error }` with the second as the time. `count.lines` counts the rows read.
 */
export async function* postgresRows(client: Queryable, select: string, count: { lines: number }): AsyncGenerator {
  await client.query('BEGIN TRANSACTION READ ONLY');
  try {
    await client.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${select}`);
    for (;;) {
      const { rows, fields } = await client.query(`FETCH FORWARD ${FETCH_ROWS} FROM ${CURSOR}`);
      const [error, time] = fields.map((field) => field.name);
      if (error === undefined) throw new Error('the query returns no column');
      for (const row of rows) {
        count.lines++;
        yield time === undefined ? row[error] : timed(row[error], row[time]);
      }
      if (rows.length < FETCH_ROWS) return;
    }
  } finally {
    // Ends the transaction and the cursor with it; a failure here (a lost connection) is the query's to report.
    await client.query('ROLLBACK').catch(() => undefined);
  }
}

/** A row's error with its time beside it, as a log line holds them; text that is no JSON stays text, to be reported as such. */
function timed(error: unknown, time: unknown): unknown {
  if (typeof error !== 'string') return { time, error };
  try {
    return { time, error: JSON.parse(error) as unknown };
  } catch {
    return error;
  }
}
