// The DBOS worker of `npm run test:dbos`, a process of its own, run by run.mjs:
//
//   node worker.mjs <system database url> <work folder> run <workflow> <workflow id>   starts it, waits for its end, exits
//   node worker.mjs <system database url> <work folder> start <workflow> <workflow id> starts it, and runs until killed
//   node worker.mjs <system database url> <work folder> recover <workflow id>          launches (DBOS recovers what was
//                                                                                       pending), waits for its end, exits
//
// Every mode registers the same workflows (DBOS recovers a workflow only for the same application
// version, a hash of their source), with faultline's serialization and step configuration. Each step
// records its attempts in a file, so that they survive the process being killed.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { ModelQuotaExceededError, TransientError, ValidationError } from 'faultline';
import { dbosSerialization, dbosStepConfig } from 'faultline/dbos';
import { THROWN } from './thrown.mjs';

const [url, work, mode, ...rest] = process.argv.slice(2);
const record = (entry) => appendFileSync(join(work, 'attempts.jsonl'), `${JSON.stringify(entry)}\n`);
let attempts = 0;
const attempt = (name) => {
  record({ name, pid: process.pid });
  return ++attempts;
};

/** A cause holding secrets, as a driver's error does: run.mjs checks that none reaches a row. */
const secretCause = () => Object.assign(new Error('connect postgres://app:hunter2@db.internal/app refused'), {
  password: 'hunter2', headers: { authorization: 'Bearer sk-EXAMPLEEXAMPLEEXAMPLE' },
});

DBOS.registerSerialization(dbosSerialization);
DBOS.setConfig({ name: 'faultline-dbos-test', systemDatabaseUrl: url, logLevel: 'error' });

const quotaStep = DBOS.registerStep(async () => {
  attempt('quota');
  throw new ModelQuotaExceededError('The account is out of credit', { provider: 'openai', requestId: 'req_q', cause: secretCause() });
}, dbosStepConfig({ name: 'quota-step', maxAttempts: 3, intervalSeconds: 0.1 }));

let transientRuns = 0;
const transientStep = DBOS.registerStep(async () => {
  attempt('transient');
  if (++transientRuns < 3) throw new TransientError('Connection reset', { cause: secretCause() });
  return 'done';
}, dbosStepConfig({ name: 'transient-step', maxAttempts: 5, intervalSeconds: 0.1 }));

const rejectedStep = DBOS.registerStep(async () => {
  attempt('recover-step');
  throw new ValidationError('Rejected before the crash', { fields: { plan: 'Unknown plan' }, cause: secretCause() });
}, dbosStepConfig({ name: 'rejected-step' }));

// One workflow for each error of thrown.mjs, which its step throws (not retryable: attempted once).
const byteSteps = Object.fromEntries(Object.entries(THROWN).map(([kind, make]) => [kind, DBOS.registerStep(async () => {
  throw make();
}, dbosStepConfig({ name: `byte-${kind}-step` }))]));

const workflows = {
  ...Object.fromEntries(Object.keys(THROWN).map((kind) => [`byte-${kind}`, DBOS.registerWorkflow(async () => byteSteps[kind](), { name: `byte-${kind}` })])),
  quota: DBOS.registerWorkflow(async () => quotaStep(), { name: 'quota' }),
  transient: DBOS.registerWorkflow(async () => transientStep(), { name: 'transient' }),
  recover: DBOS.registerWorkflow(async () => {
    let failure;
    try {
      await rejectedStep();
    } catch (error) {
      failure = error;
    }
    await DBOS.runStep(async () => attempt('recover-waiting'), { name: 'mark' });
    // run.mjs kills this process here, restarts it, and then sends `go`.
    const go = await DBOS.recv('go', 300);
    // After the restart DBOS replays the workflow: the failed step is not run again, its recorded
    // error is revived. What this run saw of it:
    record({ name: 'recover-seen', pid: process.pid, go, className: failure?.constructor?.name, isValidationError: failure instanceof ValidationError, fields: failure?.fields, retryable: failure?.retryable });
    throw failure;
  }, { name: 'recover' }),
};

await DBOS.launch();
console.log(`worker ${process.pid} launched (${mode})`);
if (mode === 'run' || mode === 'start') {
  const [workflow, workflowID] = rest;
  const handle = await DBOS.startWorkflow(workflows[workflow], { workflowID })();
  console.log(`started ${workflowID}`);
  if (mode === 'start') await new Promise(() => {}); // until run.mjs kills it
  await handle.getResult().catch(() => undefined);
} else if (mode === 'recover') {
  await DBOS.retrieveWorkflow(rest[0]).getResult().catch(() => undefined);
} else {
  throw new Error(`unknown mode ${mode}`);
}
console.log('finished');
await DBOS.shutdown();
process.exit(0);
