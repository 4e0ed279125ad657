// Durable execution with Temporal: examples/temporal-agent. It needs a Temporal server: run
// `temporal server start-dev` (the Temporal CLI) first, or set TEMPORAL_ADDRESS. Then, in a project
// with faultline and @temporalio/client, /worker, /workflow, /activity and /common installed:
// `node run.mjs`. It starts a worker for activities.mjs and workflows.mjs, runs the workflow twice
// through the client, prints what happened, and stops the worker. faultline's CI does not run it
// (it needs the server); docs/temporal.md says what it shows and what the tests check instead.
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { fromTemporalFailure } from 'faultline/temporal';
import * as activities from './activities.mjs';

const address = process.env.TEMPORAL_ADDRESS ?? 'localhost:7233';
const taskQueue = 'faultline-example';

const workerConnection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection: workerConnection,
  taskQueue,
  workflowsPath: fileURLToPath(new URL('./workflows.mjs', import.meta.url)),
  activities,
});
const clientConnection = await Connection.connect({ address });
const client = new Client({ connection: clientConnection });

try {
  await worker.runUntil(async () => {
    const run = (account) => client.workflow.execute('answer', { taskQueue, workflowId: `faultline-${account}-${Date.now()}`, args: [account] });

    console.log('a rate-limited model call, retried by Temporal after its Retry-After (not the 10 s interval):');
    const started = Date.now();
    console.log(`  answer: ${await run('paid')} after ${Date.now() - started} ms`);

    console.log('an account out of quota, attempted once, and the same class on the client:');
    try {
      await run('empty');
    } catch (caught) {
      const error = fromTemporalFailure(caught); // a WorkflowFailedError whose cause chain holds the failure
      console.log(`  ${error.name} [${error.code}] retryable=${error.retryable} provider=${error.provider}: ${error.message}`);
      console.log(`  Temporal's retry state: ${caught.cause?.retryState}`);
    }
  });
} finally {
  await clientConnection.close();
  await workerConnection.close();
}
