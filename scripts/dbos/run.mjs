// `npm run test:dbos`: faultline's errors through DBOS Transact on a real Postgres. postgres.mjs makes a
// throwaway cluster (initdb into a temporary folder, pg_ctl on 127.0.0.1); worker.mjs runs the workflows
// in processes of their own; this process is the client, a DBOSClient in another process than the worker.
// Whatever happens (a failure, Ctrl-C), every process is stopped by its pid and the folders removed.
// Prints one line per case, then `dbos: N passed, N failed`.
//
//   FAULTLINE_PG_BIN=<dir>   the folder of initdb and pg_ctl (default: /usr/lib/postgresql/<newest>/bin, pg_config, PATH)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import { ModelQuotaExceededError, serializeError, ValidationError } from 'faultline';
import { dbosSerialization, fromDbosError, SERIALIZATION_NAME } from 'faultline/dbos';
import { serializedErrorSchema } from 'faultline/schema';
import { alive, startPostgres } from './postgres.mjs';
import { assert, engineChecks } from '../engine-checks.mjs';
import { THROWN } from './thrown.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
// pg as DBOS itself has it (a dependency of the SDK), to read the rows DBOS wrote.
const pg = createRequire(createRequire(import.meta.url).resolve('@dbos-inc/dbos-sdk'))('pg');

const SECRETS = ['hunter2', 'sk-EXAMPLE', '"stack"', 'Bearer'];
const TIMEOUT_MS = 120_000;

const checks = engineChecks('dbos');
const { test } = checks;

// What DBOS's client logs (a pool's connection ended by the cluster's shutdown, for one): shown when a case fails.
const clientLog = [];
const logger = {
  info: () => undefined,
  debug: () => undefined,
  warn: (entry) => clientLog.push(`warn: ${String(entry)}`),
  error: (entry) => clientLog.push(`error: ${entry instanceof Error ? entry.stack : String(entry)}`),
};
const connect = (url) => DBOSClient.create({ systemDatabaseUrl: url, logger });

const workers = new Set();
const started = [];

/** Starts worker.mjs with these arguments; resolves its exit code by `exited`. */
function startWorker(url, work, ...args) {
  const child = spawn(process.execPath, [join(here, 'worker.mjs'), url, work, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  workers.add(child);
  started.push(child.pid);
  exited.then(() => workers.delete(child));
  return { child, exited, output: () => output };
}

async function stopWorker(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function waitFor(what, check, timeoutMs = TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A worker that must finish by itself: its exit code, or its output when it fails or hangs. */
async function finished(worker) {
  let timer;
  const code = await Promise.race([worker.exited, new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS); })]);
  clearTimeout(timer);
  if (code !== 0) {
    await stopWorker(worker.child);
    throw new Error(`worker ${worker.child.pid} ended with ${code}:\n${worker.output().split('\n').slice(-15).join('\n')}`);
  }
}

function attempts(work, name) {
  const file = join(work, 'attempts.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((entry) => entry.name === name);
}

/** What a DBOS handle's getResult() rejects with (or `{ resolved }`). */
async function outcome(handle) {
  try {
    return { resolved: await handle.getResult() };
  } catch (error) {
    return { rejected: error };
  }
}

/** The `error` column of each row DBOS wrote for a workflow: its steps', then its own. */
async function errorRows(url, workflowID) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const steps = await db.query('SELECT function_name AS at, error FROM dbos.operation_outputs WHERE workflow_uuid = $1 AND error IS NOT NULL ORDER BY function_id', [workflowID]);
    const own = await db.query(
      `SELECT 'the workflow' AS at, COALESCE(wo.error, ws.error) AS error FROM dbos.workflow_status ws
       LEFT JOIN dbos.workflow_output wo ON wo.workflow_uuid = ws.workflow_uuid WHERE ws.workflow_uuid = $1`,
      [workflowID],
    );
    return [...steps.rows, ...own.rows];
  } finally {
    await db.end();
  }
}

/** What serializeError writes of an error, as text: the bytes compared. */
const contractOf = (error) => JSON.stringify(serializeError(error));

function checkFields(error, Class, fields) {
  assert(error instanceof Class, `got ${error?.constructor?.name}: ${error?.message}`);
  for (const [key, value] of Object.entries(fields)) assert(JSON.stringify(error[key]) === JSON.stringify(value), `${key} is ${JSON.stringify(error[key])}`);
}

async function main() {
  let cluster;
  let client;
  const work = mkdtempSync(join(tmpdir(), 'faultline-dbos-work-'));
  const cleanup = async () => {
    for (const child of [...workers]) await stopWorker(child);
    await client?.destroy().catch(() => undefined);
    client = undefined;
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping every process`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    cluster = await startPostgres('faultline_dbos');
    const { url } = cluster;
    console.log(`     postgres ${cluster.pid} on ${url} (${cluster.dir})`);
    // The client side: registers the recipe as every process that reads the workflows must.
    DBOS.registerSerialization(dbosSerialization);

    await test('a ModelQuotaExceededError thrown in a step is attempted once, and a DBOSClient in another process gets the same class with the same fields', async () => {
      await finished(startWorker(url, work, 'run', 'quota', 'wf-quota'));
      client ??= await connect(url);
      const { rejected } = await outcome(client.retrieveWorkflow('wf-quota'));
      checkFields(rejected, ModelQuotaExceededError, { provider: 'openai', requestId: 'req_q', retryable: false, message: 'The account is out of credit' });
      assert(fromDbosError(rejected) === rejected, 'fromDbosError did not keep the revived error');
      const cause = rejected.toJSON().cause;
      assert(JSON.stringify(cause) === '{"name":"Error","message":"connect postgres://app:[REDACTED]@db.internal/app refused"}', `the cause is ${JSON.stringify(cause)}`);
      const count = attempts(work, 'quota').length;
      assert(count === 1, `attempted ${count} times`);
      return '1 attempt, getResult rejects with ModelQuotaExceededError';
    });

    await test('a TransientError is retried and the workflow then succeeds', async () => {
      await finished(startWorker(url, work, 'run', 'transient', 'wf-transient'));
      client ??= await connect(url);
      const { resolved, rejected } = await outcome(client.retrieveWorkflow('wf-transient'));
      const count = attempts(work, 'transient').length;
      assert(rejected === undefined, `rejected with ${rejected?.name}: ${rejected?.message}`);
      assert(resolved === 'done' && count === 3, `result ${resolved} after ${count} attempts`);
      return `${count} attempts, then 'done'`;
    });

    await test('a worker killed with SIGKILL in the middle of a workflow and restarted recovers it: the failed step is not run again, and its recorded error comes back as the same class', async () => {
      const first = startWorker(url, work, 'start', 'recover', 'wf-recover');
      await waitFor('the workflow to wait for its message', () => attempts(work, 'recover-waiting').length > 0 || first.child.exitCode !== null);
      assert(first.child.exitCode === null, `the worker ended early:\n${first.output()}`);
      await stopWorker(first.child); // SIGKILL
      const second = startWorker(url, work, 'recover', 'wf-recover');
      client ??= await connect(url);
      await client.send('wf-recover', 'now', 'go');
      await finished(second);
      const seen = attempts(work, 'recover-seen');
      const stepRuns = attempts(work, 'recover-step').length;
      assert(stepRuns === 1, `the failed step ran ${stepRuns} times`);
      assert(seen.length === 1 && seen[0].pid === second.child.pid && seen[0].go === 'now', `the replay was not seen in the restarted worker: ${JSON.stringify(seen)}`);
      const [replayed] = seen;
      assert(replayed.className === 'ValidationError' && replayed.isValidationError && replayed.fields?.plan === 'Unknown plan' && replayed.retryable === false,
        `the replayed step error was ${JSON.stringify(replayed)}`);
      const { rejected } = await outcome(client.retrieveWorkflow('wf-recover'));
      checkFields(rejected, ValidationError, { fields: { plan: 'Unknown plan' }, message: 'Rejected before the crash' });
      return 'the step ran once; the replay and the client got the ValidationError';
    });

    for (const kind of Object.keys(THROWN)) {
      await test(`an error with ${kind === 'fields' ? 'fields' : kind === 'chain' ? 'a cause chain' : 'a request id cut by the limits'} comes back byte for byte: to a DBOSClient in another process, and from the row's error column read with SQL`, async () => {
        const workflowID = `wf-byte-${kind}`;
        await finished(startWorker(url, work, 'run', `byte-${kind}`, workflowID));
        client ??= await connect(url);
        const written = contractOf(THROWN[kind]());
        const { rejected } = await outcome(client.retrieveWorkflow(workflowID));
        assert(contractOf(rejected) === written, `the client's error writes ${contractOf(rejected).slice(0, 300)}`);
        const rows = await errorRows(url, workflowID);
        assert(rows.length === 2, `${rows.length} error rows`);
        for (const { at, error } of rows) {
          const read = fromDbosError(error);
          assert(contractOf(read) === written, `the row of ${at}, read back, writes ${contractOf(read).slice(0, 300)}`);
          assert(read.engineError === error, `the row of ${at}, read back, has not its text as engineError`);
        }
        return `${written.length} characters, the same from the client and from both rows`;
      });
    }

    await test('the rows DBOS wrote hold the contract (valid for faultline/schema), and no secret and no stack', async () => {
      const rows = [...(await errorRows(url, 'wf-quota')), ...(await errorRows(url, 'wf-recover'))];
      assert(rows.length === 4, `${rows.length} error rows: ${rows.map((row) => row.at).join(', ')}`);
      for (const { at, error } of rows) {
        for (const secret of SECRETS) assert(!error.includes(secret), `the row of ${at} holds ${secret}: ${error.slice(0, 400)}`);
        const row = JSON.parse(error);
        assert(JSON.stringify(row.meta) === JSON.stringify({ values: [['custom', SERIALIZATION_NAME]] }), `the row of ${at} is not faultline's: ${error.slice(0, 200)}`);
        const checked = serializedErrorSchema.safeParse(row.json);
        assert(checked.success, `the row of ${at} is not the contract: ${String(JSON.stringify(checked.error?.issues)).slice(0, 400)}`);
      }
      return rows.map(({ at, error }) => `${at} ${JSON.parse(error).json.name}`).join(', ');
    });
  } catch (error) {
    checks.fail('DBOS could not be run on Postgres', error);
    for (const child of workers) console.log(`       worker ${child.pid} still running`);
  } finally {
    await cleanup();
    await test('nothing is left running: every worker and every Postgres process is stopped by its pid, and the folders are removed', () => {
      const running = [...started, ...(cluster?.processes ?? [])].filter(alive);
      assert(running.length === 0, `still running: ${running.join(', ')}`);
      assert(!existsSync(work) && (cluster === undefined || !existsSync(cluster.dir)), 'a folder is left');
      return `${started.length} workers, Postgres and ${Math.max(0, (cluster?.processes.length ?? 1) - 1)} of its processes`;
    });
  }
  if (checks.failed > 0 && clientLog.length > 0) console.log(`     the client logged:\n${clientLog.map((line) => `       ${line}`).join('\n')}`);
  checks.finish();
}

await main();
