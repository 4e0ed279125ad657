import { isPackageMissing } from '../foundation/missing-package.js';
import type { Queryable } from './postgres-rows.js';

/** What the command needs of node-postgres: a Client made from a connection string. */
interface PgModule {
  readonly Client: new (config: { readonly connectionString: string }) => Queryable & { connect(): Promise<unknown>; end(): Promise<void> };
}

/** `--postgres` with no pg installed: the one thing to do about it. */
const PG_MISSING = "--postgres needs the 'pg' package (node-postgres), which is not installed: npm install pg";

/** The name in a variable: pg is an optional peer, loaded by --postgres alone. */
const PG = 'pg';

/** node-postgres, loaded now; an Error saying PG_MISSING when it is not installed (any other failure as it is). */
export async function loadPg(): Promise<PgModule> {
  try {
    const loaded = (await import(PG)) as PgModule & { readonly default?: PgModule };
    return loaded.default ?? loaded;
  } catch (error) {
    throw isPackageMissing(error, PG) ? new Error(PG_MISSING, { cause: error }) : error;
  }
}

/** A connected client of `url`, and how to close it. */
export async function connect(pg: PgModule, url: string): Promise<Queryable & { end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
