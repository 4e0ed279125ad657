#!/usr/bin/env node
/*
 * `npx faultline report`: the package's command. It reads (JSON Lines files, plain or gzip, standard
 * input, Postgres rows), hands the records to faultline/report's summarizeErrors, and prints the summary:
 * a table, JSON, or an HTML page. Node only; the summary itself is computed by the portable function.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { summarizeErrors, type ErrorSummary, type ReportSource } from '../report/index.js';
import { reportCommand, USAGE, UsageError, type ReportCommand } from './command-line.js';
import { htmlPage } from './html-page.js';
import { jsonLines, type ReadCount } from './json-lines.js';
import { connect, loadPg } from './postgres-client.js';
import { postgresRows } from './postgres-rows.js';
import { ProgressLine } from './progress-line.js';
import { terminalTable } from './terminal-table.js';

const WIDTH = 100;
const CHUNK_BYTES = 1024 * 1024;

/** Runs the command; resolves to its exit status: 0 read, 1 nothing could be read, 2 bad arguments. */
async function main(args: readonly string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '-h' || name === '--help') {
    (name === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name !== 'report') return usageError(`unknown command '${name}': the one command is report`);
  let command: ReportCommand | undefined;
  try {
    command = reportCommand(rest, Date.now());
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    throw error;
  }
  if (command === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const read: ReadCount = { lines: 0, bytes: 0 };
  const sources: ReportSource[] = command.files.map((file) => ({ name: file === '-' ? 'stdin' : file, records: fileLines(file, read) }));
  if (command.postgres !== undefined) {
    const { url, query } = command.postgres;
    let pg: Awaited<ReturnType<typeof loadPg>>;
    try {
      pg = await loadPg();
    } catch (error) {
      process.stderr.write(`faultline report: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    // Named without its URL, which may hold a password.
    sources.push({ name: 'postgres', unit: 'row', records: (async function* rows() {
      const client = await connect(pg, url);
      try {
        yield* postgresRows(client, query, read);
      } finally {
        await client.end().catch(() => undefined);
      }
    })() });
  }
  const progress = new ProgressLine(process.stderr, read, command.postgres !== undefined && command.files.length === 0 ? 'rows' : 'lines');
  progress.start();
  let summary: ErrorSummary;
  try {
    summary = await summarizeErrors({ sources }, { by: command.by, since: command.since, until: command.until });
  } finally {
    progress.stop();
  }
  const color = process.stdout.isTTY && (process.env.NO_COLOR ?? '') === '';
  // A terminal narrower than 100 columns gets its width, down to 40 (one that says none, 0, gets 100).
  const columns = process.stdout.isTTY ? process.stdout.columns : 0;
  const width = columns > 0 ? Math.min(WIDTH, Math.max(40, columns)) : WIDTH;
  process.stdout.write(command.json ? `${JSON.stringify(summary, null, 2)}\n` : terminalTable(summary, { color, limit: command.limit, width }));
  if (command.html !== undefined) {
    try {
      writeFileSync(command.html, htmlPage(summary));
    } catch (error) {
      process.stderr.write(`faultline report: --html: cannot write ${command.html}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    process.stderr.write(`faultline report: wrote ${command.html}\n`);
  }
  return couldRead(summary) ? 0 : 1;
}

/** A file's lines (standard input's for `-`), the file opened only when its first line is asked for. */
async function* fileLines(file: string, read: ReadCount): AsyncGenerator {
  yield* jsonLines(file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK_BYTES }), read);
}

/** Whether anything could be read: a record that was read (error or not), or an input that was empty. */
function couldRead(summary: ErrorSummary): boolean {
  const { read } = summary;
  return read.errors + read.withoutError > 0 || (read.records === 0 && read.problems.unreadable === 0);
}

function usageError(message: string): number {
  process.stderr.write(`faultline report: ${message}\n\n${USAGE}\n`);
  return 2;
}

// A reader that stops early (`faultline report x.jsonl | head`) closes the pipe: the report is done, not failed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
