import { parseArgs } from 'node:util';
import type { GroupField } from '../report/index.js';

/** What `faultline report` was asked to do. */
export interface ReportCommand {
  readonly files: readonly string[];
  readonly postgres?: { readonly url: string; readonly query: string };
  readonly by: readonly GroupField[];
  readonly since?: number;
  readonly until?: number;
  readonly json: boolean;
  readonly html?: string;
  /** The most groups the table shows; 0 for all. */
  readonly limit: number;
}

/** Arguments that cannot work: printed with the usage, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: faultline report [options] <file...>
       faultline report [options] --postgres <url> --query <sql>
       faultline report [options] --postgres <url> --table <name> --column <name> [--time-column <name>]

Summarizes the faultline errors in JSON Lines files (plain or gzip; - reads standard input) or in
Postgres rows: which failures dominated, how many were retryable, the providers, models and tools
involved, the rate limits hit, the tokens lost, the context overflows, the cause chains.

Options:
  --by <fields>           group by code (the default), provider, model, tool or category;
                          several at once: --by provider,code
  --since <time>          only errors at or after <time>: ISO 8601, epoch ms, or an age (30m, 12h, 7d)
  --until <time>          only errors at or before <time>
  --limit <n>             groups shown in the table (default 20; 0 for all)
  --json                  print the summary as JSON instead of the table (schema: docs/report.md)
  --html <file>           also write the report as one self-contained HTML page
  --postgres <url>        read rows from Postgres (needs the pg package: npm install pg)
  --query <sql>           a SELECT whose first column holds the error (jsonb, json or text)
                          and whose second column, if any, its time
  --table <name>          with --column <name>: the column of errors in that table
  --time-column <name>    with --table: the column of the errors' times
  -h, --help              this text

Exit status: 0 when the input could be read, 1 when nothing could be read, 2 for bad arguments.`;

const GROUP_FIELDS: readonly string[] = ['code', 'provider', 'model', 'tool', 'category'];
const AGE_UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The command of `faultline report <args>`, or a UsageError; undefined for --help. */
export function reportCommand(args: readonly string[], now: number): ReportCommand | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        by: { type: 'string', multiple: true },
        since: { type: 'string' },
        until: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        html: { type: 'string' },
        postgres: { type: 'string' },
        query: { type: 'string' },
        table: { type: 'string' },
        column: { type: 'string' },
        'time-column': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // Node's words, but for an unknown option the one name (its advice on positionals is beside the point).
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    throw new UsageError(unknown === undefined ? (message.split('\n')[0] ?? message) : `unknown option ${unknown}`);
  }
  const { values, positionals: files } = parsed;
  if (values.help === true) return undefined;
  const by = (values.by ?? ['code']).flatMap((list) => list.split(',')).map((field) => field.trim()).filter((field) => field !== '');
  const unknown = by.find((field) => !GROUP_FIELDS.includes(field));
  if (unknown !== undefined) throw new UsageError(`--by: '${unknown}' is not one of ${GROUP_FIELDS.join(', ')}`);
  const since = values.since === undefined ? undefined : timeArgument('--since', values.since, now);
  const until = values.until === undefined ? undefined : timeArgument('--until', values.until, now);
  if (since !== undefined && until !== undefined && since > until) throw new UsageError('--since is after --until');
  if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw new UsageError(`--limit must be a whole number, 0 or more; got '${values.limit}'`);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  const postgres = postgresSource(values);
  if (files.length === 0 && postgres === undefined) throw new UsageError('give a file (- for standard input) or --postgres');
  if (files.filter((file) => file === '-').length > 1) throw new UsageError('- (standard input) may be given once');
  return {
    files,
    ...(postgres !== undefined && { postgres }),
    by: [...new Set(by.length === 0 ? ['code'] : by)] as GroupField[],
    ...(since !== undefined && { since }),
    ...(until !== undefined && { until }),
    json: values.json === true,
    ...(values.html !== undefined && { html: values.html }),
    limit,
  };
}

function postgresSource(values: Readonly<Record<string, string | boolean | string[] | undefined>>): ReportCommand['postgres'] {
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const url = text('postgres');
  const query = text('query');
  const table = text('table');
  const column = text('column');
  const timeColumn = text('time-column');
  if (url === undefined) {
    const stray = ['query', 'table', 'column', 'time-column'].find((name) => text(name) !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} needs --postgres <url>`);
    return undefined;
  }
  if (query !== undefined) {
    if (table !== undefined || column !== undefined || timeColumn !== undefined) throw new UsageError('give --query, or --table and --column, not both');
    const select = query.trim().replace(/;\s*$/, '');
    if (select === '') throw new UsageError('--query is empty');
    return { url, query: select };
  }
  if (table === undefined || column === undefined) throw new UsageError('--postgres needs --query <sql>, or --table <name> and --column <name>');
  const columns = [column, ...(timeColumn === undefined ? [] : [timeColumn])].map(identifier).join(', ');
  return { url, query: `SELECT ${columns} FROM ${table.split('.').map(identifier).join('.')}` };
}

/** A name quoted as a Postgres identifier: any name, no injection. */
function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A time argument as epoch ms: ISO 8601 (or any date Date reads), epoch ms, or an age before `now` (30m, 12h, 7d). */
function timeArgument(option: string, text: string, now: number): number {
  const age = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(text.trim());
  const unit = age?.[2] === undefined ? undefined : AGE_UNITS[age[2]];
  const time = age?.[1] !== undefined && unit !== undefined ? now - Number(age[1]) * unit : /^\d+$/.test(text.trim()) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) throw new UsageError(`${option}: '${text}' is not a time (ISO 8601, epoch ms, or an age such as 30m, 12h, 7d)`);
  return time;
}
