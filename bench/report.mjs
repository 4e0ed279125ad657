// `npm run bench:report`: `npx faultline report` on a generated JSON Lines file of 1 GB (by default), beside
// `jq -c '.err.code' | sort | uniq -c` on the same file in the same run: lines per second of each, and the
// command's peak RSS, which must stay under 256 MB whatever the input's size. Then the worst case for memory:
// a file whose every error has a code of its own, grouped by code. The lines are pino's own: a pool written
// by pino with `serializers: { err: serializeError }`, repeated with the time moving on. Not part of npm test.
//
//   node bench/report.mjs [--size-mb 1024] [--distinct-mb 256] [--keep]
//
// The files go to the OS temp directory and are removed at the end (--keep keeps them). jq comes from
// Debian (apt-get install jq): without it, the command is measured alone and the run says so.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import {
  AgentMaxIterationsError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError,
  serializeError, ToolError, ToolExecutionError, ToolTimeoutError, ValidationError,
} from 'faultline';

const RSS_LIMIT_MB = 256;
const T0 = Date.parse('2025-06-01T22:00:00.000Z');
const here = fileURLToPath(new URL('.', import.meta.url));
const { values: flags } = parseArgs({ options: { 'size-mb': { type: 'string', default: '1024' }, 'distinct-mb': { type: 'string', default: '256' }, keep: { type: 'boolean', default: false } } });
const dir = mkdtempSync(join(tmpdir(), 'faultline-bench-report-'));

/** pino's lines for `write(logger, index)`, into memory. */
function pinoPool(count, write) {
  const lines = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)); done(); } });
  const logger = pino({ serializers: { err: serializeError }, base: { pid: 4242, hostname: 'agent-7' } }, stream);
  for (let index = 0; index < count; index++) write(logger, index);
  return lines;
}

const PROVIDERS = [['openai', 'gpt-4o'], ['openai', 'gpt-4.1-mini'], ['anthropic', 'claude-sonnet-4'], ['google', 'gemini-2.5-pro'], ['mistral', 'mistral-large']];
const TOOLS = ['web_search', 'fetch_url', 'run_sql', 'send_email', 'read_file'];
const fetchFailed = () => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:443'), { code: 'ECONNREFUSED' }) });

/** A night of an agent: seven lines in ten an error of one of eleven kinds, the others its steps. */
function nightLine(logger, index) {
  const [provider, model] = PROVIDERS[index % PROVIDERS.length];
  const toolName = TOOLS[index % TOOLS.length];
  const usage = { inputTokens: 800 + (index % 500), outputTokens: index % 40 };
  switch (index % 10) {
    case 0: return logger.error({ err: new ModelRateLimitError({ provider, model, status: 429, retryAfterMs: 2000, requestId: `req_${index}`, rateLimit: { dimension: index % 3 === 0 ? 'tokens' : 'requests', limit: 500, remaining: 0, resetMs: 2000 }, usage }) }, 'model call failed');
    case 1: return logger.error({ err: ToolError.from(fetchFailed(), { toolName }) }, 'tool call failed');
    case 2: return logger.warn({ err: new ModelContextLengthError({ provider, model, requestedTokens: 128_000 + (index % 9000), maxContextTokens: 128_000 }) }, 'context too long');
    case 3: return logger.error({ err: new ModelApiError({ provider, model, status: 503, usage }) }, 'model call failed');
    case 4: return logger.error({ err: [new ToolTimeoutError({ toolName, timeoutMs: 30_000 }), new ValidationError({ fields: { query: 'Required' } }), new ModelTimeoutError({ provider, model, timeoutMs: 60_000 })][index % 3] }, 'failed');
    case 5: return logger.error({ err: [new ToolExecutionError('exit code 1', { toolName }), new ModelQuotaExceededError({ provider }), new AgentMaxIterationsError({ agentId: 'researcher', maxIterations: 25 })][index % 3] }, 'failed');
    case 6: return logger.error({ err: new ModelRateLimitError({ provider, model, rateLimit: { dimension: 'inputTokens' } }) }, 'model call failed');
    default: return logger.info({ step: index, agentId: 'researcher', tool: toolName }, 'step done');
  }
}

/** Writes pool lines, the time moving on by `stepMs` a line, until the file holds `bytes`; resolves to the lines written. */
async function writeFile(path, pool, bytes, stepMs, rewrite = (line) => line) {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let written = 0;
  let lines = 0;
  let batch = [];
  for (let index = 0; written < bytes; index++) {
    const line = `${rewrite(pool[index % pool.length], index).replace(/"time":\d+/, `"time":${T0 + index * stepMs}`)}\n`;
    batch.push(line);
    written += Buffer.byteLength(line);
    lines++;
    if (batch.length === 4096) {
      if (!out.write(batch.join(''))) await new Promise((resolve) => out.once('drain', resolve));
      batch = [];
    }
  }
  out.write(batch.join(''));
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return lines;
}

/** Runs the built command in bench/report-child.mjs, which reports its own peak RSS; wall time, RSS, summary. */
function runCommand(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [join(here, 'report-child.mjs'), 'report', ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = /maxRSS (\d+)/.exec(run.stderr)?.[1];
  if (run.status !== 0 || rss === undefined) throw new Error(`faultline report failed (${run.status}): ${run.stderr.slice(-2000)}`);
  return { seconds, rssMb: Number(rss) / 1024, summary: JSON.parse(run.stdout) };
}

function hasJq() {
  return spawnSync('jq', ['--version'], { encoding: 'utf8' }).status === 0;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (lines, seconds) => `${Math.round(lines / seconds).toLocaleString('en-US')} lines/s`;

try {
  console.log(`node ${process.versions.node}, ${process.arch}; files in ${dir}`);
  const night = join(dir, 'night.jsonl');
  const lines = await writeFile(night, pinoPool(5000, nightLine), Number(flags['size-mb']) * 1024 * 1024, 10);
  const size = statSync(night).size;
  console.log(`\n1. ${mb(size)} of JSON Lines, ${lines.toLocaleString('en-US')} lines written by pino (7 in 10 an error)`);
  const command = runCommand([night]);
  const errors = command.summary.errors;
  console.log(`faultline report: ${command.seconds.toFixed(1)} s, ${rate(lines, command.seconds)}, ${(size / 1024 / 1024 / command.seconds).toFixed(0)} MB/s, peak RSS ${command.rssMb.toFixed(0)} MB (limit ${RSS_LIMIT_MB} MB): ${errors.toLocaleString('en-US')} errors in ${command.summary.groups.length} groups`);
  if (hasJq()) {
    const started = process.hrtime.bigint();
    const jq = spawnSync('bash', ['-c', `jq -c '.err.code' '${night}' | sort | uniq -c`], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (jq.status !== 0) throw new Error(`jq failed: ${jq.stderr}`);
    const counts = Object.fromEntries(jq.stdout.trim().split('\n').map((line) => line.trim().split(/\s+/)).map(([n, code]) => [JSON.parse(code) ?? 'null', Number(n)]));
    const same = command.summary.groups.every((group) => counts[group.key.code] === group.count);
    console.log(`jq -c '.err.code' | sort | uniq -c: ${seconds.toFixed(1)} s, ${rate(lines, seconds)}; the same counts by code: ${same ? 'yes' : 'NO'}`);
    console.log(`faultline report is ${(seconds / command.seconds).toFixed(2)}× the speed of the jq pipeline`);
  } else {
    console.log('jq is not installed (apt-get install jq): the jq pipeline was not measured');
  }
  if (command.rssMb >= RSS_LIMIT_MB) process.exitCode = 1;

  const distinct = join(dir, 'distinct.jsonl');
  const pool = pinoPool(1, (logger) => logger.error({ err: new ToolError({ toolName: 'search' }) }, 'tool failed'));
  const distinctLines = await writeFile(distinct, pool, Number(flags['distinct-mb']) * 1024 * 1024, 1, (line, index) => line.replace('"code":"TOOL_ERROR"', `"code":"CODE_${index}"`));
  console.log(`\n2. the worst case for memory: ${mb(statSync(distinct).size)}, ${distinctLines.toLocaleString('en-US')} errors, each of a code of its own`);
  const worst = runCommand([distinct]);
  console.log(`faultline report: ${worst.seconds.toFixed(1)} s, ${rate(distinctLines, worst.seconds)}, peak RSS ${worst.rssMb.toFixed(0)} MB (limit ${RSS_LIMIT_MB} MB): ${worst.summary.groups.length} groups listed, ${worst.summary.other?.groups.toLocaleString('en-US')} summed as other, approximate: ${worst.summary.approximate}`);
  if (worst.rssMb >= RSS_LIMIT_MB) process.exitCode = 1;
} finally {
  if (!flags.keep) rmSync(dir, { recursive: true, force: true });
}
