// The demo is part of what a user tries first: it runs against the built package, and each kind of
// failure it shows must end as the example says.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ErrorSummary } from '../../src/report/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'faultline-demo-'));
const errorLog = join(dir, 'errors.jsonl');

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = spawnSync(process.execPath, ['examples/react-loop.mjs', errorLog], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('examples/react-loop.mjs (npm run demo)', () => {
  const lines = run.stdout.split('\n').map((line) => line.trim());

  it('runs to the end', () => {
    expect([run.status, run.stderr]).toEqual([0, '']);
  });

  it('says first that nothing is real, and how to read halt and errorType', () => {
    expect(run.stdout.split('\n').slice(0, 9)).toEqual([
      'faultline demo: a ReAct-style agent loop. Its models and tools are scripted fakes: no real model is called.',
      'A failed tool call prints "failed: <errorType> <code>, halt=<true|false>: <message>" (a ToolFailure of faultline/agent):',
      '  halt=true    the loop must stop: a security, permission or auth failure the model must not route around',
      '  halt=false   the failure goes back to the model, which can correct its call or try another way',
      "  validation   the arguments failed the tool's input schema (a ValidationError)",
      '  runtime      the tool threw an Error',
      '  logical      the tool ran and reported a failure of its own ({ ok: false, error })',
      '  aborted      a timeout or a cancel: the tool ran past its timeoutMs, or the run was cancelled',
      '  exception    anything unclassified, such as a thrown value that is not an Error',
    ]);
  });

  it.each([
    ['retries a rate-limited model call no earlier than its Retry-After', /^model gpt-4o: MODEL_RATE_LIMITED, retrying after 2\d\d ms \(the server asked 200 ms\)$/],
    ['feeds a validation failure back to the model', /^tool search\(\{"query":""\}\) failed: validation VALIDATION_FAILED, halt=false/],
    ['runs the corrected call', /^tool search\(\{"query":"typed errors"\}\): /],
    ['falls back to the second model on an empty account, without retrying', /^model gpt-4o: MODEL_QUOTA_EXCEEDED, not retried .*falling back to claude-fallback$/],
    ['halts on a denied tool', /^the loop stops: a failure the model must not route around$/],
    ['moves a request too long for its model to the first model whose window holds it', /^model gpt-4o: MODEL_CONTEXT_LENGTH_EXCEEDED, 130000 tokens > 128000; moving to gpt-4.1, whose window holds 1047576$/],
    ['answers from that model', /^answer from gpt-4\.1: The whole conversation fits in gpt-4\.1\.$/],
    ['ends a loop that never finishes in AgentMaxIterationsError', /^the run ends: AgentMaxIterationsError \[AGENT_MAX_ITERATIONS\] after 3 iterations$/],
    ['retries a stream that fails before any text', /^stream claude-sonnet: MODEL_API_ERROR before any text, retried after \d+ ms$/],
    [
      'does not replay a stream that fails after text, and falls back',
      /^stream claude-sonnet: MODEL_API_ERROR after "Typed errors let the loop " was shown \(outputStarted: true\): not replayed, attempts 0, fallback true$/,
    ],
    ['answers from the fallback model', /^answer from claude-haiku: Typed errors let the loop decide from fields\.$/],
  ])('%s', (_, pattern) => {
    expect(lines.some((line) => pattern.test(line))).toBe(true);
  });
});

describe('the errors the demo writes, as npx faultline report reads them', () => {
  it('are one JSON line per failure, each an onError event with its time', () => {
    const lines = readFileSync(errorLog, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [Object.keys(line), typeof line.time])).toEqual(lines.map(() => [['time', 'severity', 'phase', 'error'], 'number']));
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`Every failure above is a line of ${errorLog}: npx faultline report ${errorLog}`);
  });

  it('summarize as the run went: a failure of each kind the demo shows, grouped by code', () => {
    const report = spawnSync(process.execPath, ['dist/cli.js', 'report', errorLog, '--json'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(report.status).toBe(0);
    const summary = JSON.parse(report.stdout) as ErrorSummary;
    expect(summary.groups.map((group) => [group.key.code, group.count])).toEqual([
      ['MODEL_API_ERROR', 2], ['AGENT_MAX_ITERATIONS', 1], ['MODEL_CONTEXT_LENGTH_EXCEEDED', 1], ['MODEL_QUOTA_EXCEEDED', 1],
      ['MODEL_RATE_LIMITED', 1], ['TOOL_PERMISSION_DENIED', 1], ['VALIDATION_FAILED', 1],
    ]);
    expect(summary.read).toMatchObject({ records: 8, errors: 8, problems: { 'not-json': 0, 'invalid-error': 0, 'no-error': 0, unreadable: 0 } });
    expect(summary.groups.find((group) => group.key.code === 'MODEL_CONTEXT_LENGTH_EXCEEDED')?.contextOverflows).toEqual({ count: 1, measured: 1, meanOverTokens: 2000, maxOverTokens: 2000, maxOverShare: 2000 / 128_000 });
    expect(summary.groups.find((group) => group.key.code === 'TOOL_PERMISSION_DENIED')?.tools.top).toEqual([{ value: 'delete_files', count: 1 }]);
  });
});
