// `npx faultline report`, the built command (dist/cli.js, which `npm test` builds first) run as a user runs
// it: JSON Lines written by pino itself, the same lines gzipped and on standard input, a truncated gzip beside
// a good file, the exit statuses, --json, --html, and no colour when standard output is not a terminal.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelContextLengthError, ModelRateLimitError, serializeError, ToolError } from '../../src/index.js';
import { summarizeErrors, type ErrorSummary } from '../../src/report/index.js';
import { pinoLines } from '../report/pino-lines.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
let dir: string;
let lines: string[];
let night: string;

/** Runs `faultline <args>`; its exit status, standard output and standard error. */
function faultline(args: readonly string[], input?: Buffer | string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: dir, input, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const json = (stdout: string) => JSON.parse(stdout) as ErrorSummary;
/** A summary without its sources (their names, their units), to set two readings of the same lines side by side. */
const unnamed = (summary: ErrorSummary) => ({ ...summary, read: { ...summary.read, sources: [], firstProblems: [] } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'faultline-report-'));
  const pino = pinoLines();
  for (let index = 0; index < 40; index++) {
    pino.logger.error({ err: new ModelRateLimitError({ provider: index % 4 === 0 ? 'anthropic' : 'openai', rateLimit: { dimension: 'requests' }, usage: { inputTokens: 10 } }) }, 'model call failed');
    if (index % 2 === 0) pino.logger.error({ err: new ToolError({ toolName: 'search' }) }, 'tool failed');
    if (index % 10 === 0) pino.logger.warn({ err: new ModelContextLengthError({ requestedTokens: 140_000, maxContextTokens: 128_000 }) }, 'too long');
    pino.logger.info({ step: index }, 'step done');
  }
  lines = pino.lines;
  night = `${lines.join('\n')}\n`;
  writeFileSync(join(dir, 'night.jsonl'), night);
  writeFileSync(join(dir, 'night.jsonl.gz'), gzipSync(night));
  // A gzip of the night with its last 64 bytes gone, as a log shipper killed mid-write leaves it.
  const gzip = gzipSync(night);
  writeFileSync(join(dir, 'cut.jsonl.gz'), gzip.subarray(0, gzip.length - 64));
  writeFileSync(join(dir, 'garbage.txt'), 'no\njson\nhere\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('faultline report', () => {
  it('prints the table of a JSON Lines file pino wrote, with no colour when standard output is a pipe', () => {
    const run = faultline(['report', 'night.jsonl']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout.split('\n').slice(0, 5)).toEqual([
      'faultline report: 64 errors in 104 lines read from night.jsonl',
      expect.stringMatching(/^seen \d{4}-\d\d-\d\d \d\d:\d\d:\d\d → \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$|^seen \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/),
      '',
      'code                                               errors   share  retryable  tokens lost  overflows',
      'MODEL_RATE_LIMITED                                     40   62.5%       100%          400          –',
    ]);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('colours the table on a terminal (a pseudo-terminal of util-linux’s script), and not with NO_COLOR set', () => {
    const onTerminal = (noColor: string) => spawnSync('script', ['-qec', `'${process.execPath}' '${cli}' report night.jsonl`, '/dev/null'], {
      cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: noColor },
    }).stdout;
    expect(onTerminal('').split('\r\n')[0]).toBe('\u001b[1mfaultline report: 64 errors in 104 lines read from night.jsonl\u001b[0m');
    expect(onTerminal('1')).not.toContain('\u001b[');
    expect(onTerminal('1').split('\r\n')[0]).toBe('faultline report: 64 errors in 104 lines read from night.jsonl');
  });

  it('prints as JSON exactly what summarizeErrors returns for the same lines', async () => {
    const run = faultline(['report', 'night.jsonl', '--json', '--by', 'provider,code']);
    expect(run.status).toBe(0);
    expect(unnamed(json(run.stdout))).toEqual(unnamed(await summarizeErrors(lines, { by: ['provider', 'code'] })));
  });

  it('reads the same lines gzipped, and on standard input (plain or gzipped), to the same summary', () => {
    const plain = unnamed(json(faultline(['report', 'night.jsonl', '--json']).stdout));
    expect(unnamed(json(faultline(['report', 'night.jsonl.gz', '--json']).stdout))).toEqual(plain);
    const stdin = faultline(['report', '-', '--json'], night);
    expect(unnamed(json(stdin.stdout))).toEqual(plain);
    expect(json(stdin.stdout).read.sources[0]?.name).toBe('stdin');
    expect(unnamed(json(faultline(['report', '-', '--json'], gzipSync(night)).stdout))).toEqual(plain);
  });

  it('reads what a truncated gzip holds, says where it stopped, and reads the next file', () => {
    const run = faultline(['report', 'cut.jsonl.gz', 'night.jsonl', '--json']);
    expect(run.status).toBe(0);
    const [cut, whole] = json(run.stdout).read.sources;
    expect(cut?.failure).toBe('unexpected end of file');
    // Whole lines only, up to where the gzip was cut: none of them a part of a line reported as no JSON.
    expect(cut?.records).toBeGreaterThan(50);
    expect(cut?.records).toBeLessThan(104);
    expect(cut?.problems).toBe(1);
    expect(json(run.stdout).read.problems).toEqual({ 'not-json': 0, 'invalid-error': 0, 'no-error': 0, unreadable: 1 });
    expect(whole).toEqual({ name: 'night.jsonl', unit: 'line', records: 104, errors: 64, problems: 0 });
    expect(faultline(['report', 'cut.jsonl.gz']).stdout).toContain(`cut.jsonl.gz line ${String((cut?.records ?? 0) + 1)}: unexpected end of file`);
  });

  it('writes one HTML page with --html, and the table still', () => {
    const run = faultline(['report', 'night.jsonl', '--html', 'night.html']);
    expect([run.status, run.stderr]).toEqual([0, 'faultline report: wrote night.html\n']);
    expect(readFileSync(join(dir, 'night.html'), 'utf8')).toMatch(/^<!doctype html>\n[\s\S]*<h1>faultline report<\/h1>[\s\S]*<\/html>\n$/);
    expect(run.stdout).toContain('MODEL_RATE_LIMITED');
  });

  it('exits 1 when nothing could be read: a missing file, lines that are no JSON', () => {
    const missing = faultline(['report', 'nope.jsonl']);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain("nope.jsonl line 1: ENOENT: no such file or directory, open 'nope.jsonl'");
    expect(faultline(['report', 'garbage.txt']).status).toBe(1);
    expect(faultline(['report', 'nope.jsonl', 'night.jsonl']).status).toBe(0);
  });

  it('exits 0 on an empty input: it could be read, and held nothing', () => {
    const run = faultline(['report', '-'], '');
    expect([run.status, run.stdout]).toEqual([0, 'faultline report: 0 errors in 0 lines read from stdin\n\nno faultline error found in 0 lines\n']);
  });

  it('exits 2 on bad arguments, with the usage on standard error', () => {
    for (const args of [['report'], ['report', 'night.jsonl', '--by', 'host'], ['report', 'night.jsonl', '--since', 'soon'], ['summarize', 'night.jsonl'], []]) {
      const run = faultline(args);
      expect([run.status, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain('Usage: faultline report [options] <file...>');
    }
    expect(faultline(['report', '--help'])).toMatchObject({ status: 0, stderr: '' });
  });

  it('exits 2 when --html cannot be written', () => {
    const run = faultline(['report', 'night.jsonl', '--html', join(dir, 'no-such-dir', 'x.html')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('faultline report: --html: cannot write');
  });

  it('reports a Postgres that refuses the connection as unreadable, without its URL, and exits 1', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise((resolve) => server.close(resolve));
    const run = faultline(['report', '--postgres', `postgresql://report:hunter2@127.0.0.1:${String(port)}/errors`, '--table', 'failures', '--column', 'error', '--json']);
    expect(run.status).toBe(1);
    expect(json(run.stdout).read.sources).toEqual([{ name: 'postgres', unit: 'row', records: 0, errors: 0, problems: 1, failure: `connect ECONNREFUSED 127.0.0.1:${String(port)}` }]);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('stops quietly, status 0, when what reads its output stops first (| head)', () => {
    const many = Array.from({ length: 2000 }, (_, index) => JSON.stringify(serializeError(new ToolError({ code: `CODE_${index}` })))).join('\n');
    writeFileSync(join(dir, 'many.jsonl'), many);
    const run = spawnSync('bash', ['-c', `'${process.execPath}' '${cli}' report many.jsonl --json | head -c 10; exit "\${PIPESTATUS[0]}"`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '{\n  "versi', '']);
  });

  it('counts errors in the window of --since and --until', () => {
    const [first] = lines.map((line) => (JSON.parse(line) as { time: number }).time);
    const run = faultline(['report', 'night.jsonl', '--json', '--since', String((first ?? 0) + 3_600_000)]);
    expect(json(run.stdout)).toMatchObject({ errors: 0, read: { errors: 64, outsideWindow: 64 } });
  });
});

describe('the lines of the test', () => {
  it('are pino’s, and the codes in them those the table shows', () => {
    expect(lines).toHaveLength(104);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { err?: { code: string } }).err?.code))).toEqual(
      new Set(['MODEL_RATE_LIMITED', 'TOOL_ERROR', 'MODEL_CONTEXT_LENGTH_EXCEEDED', undefined]),
    );
  });
});
