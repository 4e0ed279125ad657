// `npm run test:restate`: faultline's errors through a real Restate engine (engine.mjs starts
// restate-server and the service of service.mjs on 127.0.0.1, pinned, from the runtimes cache). Invokes
// each case through the ingress and the typed client, and stops both processes by pid whatever happens.
// Prints one line per case, then `restate: N passed, N failed`.
//
//   FAULTLINE_RUNTIMES_CACHE=<dir>   where the server and Node 22 are cached (default ~/.cache/faultline-runtimes)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as clients from '@restatedev/restate-sdk-clients';
import { ModelQuotaExceededError, SecurityError, serializeError, ToolExecutionError, ValidationError } from 'faultline';
import { fromRestateError } from 'faultline/restate';
import { processes, startEngine, waitFor } from './engine.mjs';
import { assert, engineChecks } from '../engine-checks.mjs';
import { THROWN } from './thrown.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

const checks = engineChecks('restate');
const { test } = checks;

/** What serializeError writes of an error, as text: the bytes compared. */
const contractOf = (error) => JSON.stringify(serializeError(error));

async function main() {
  let engine;
  try {
    engine = await startEngine(join(here, 'service.mjs'));
    const { ingress } = engine;
    const client = clients.connect({ url: ingress });
    const cases = client.serviceClient({ name: 'cases' });
    const attempts = (name) => cases.attempts(name);

    for (const [kind, Class, fields] of [
      ['quota', ModelQuotaExceededError, { provider: 'openai', requestId: 'req_q' }],
      ['validation', ValidationError, { fields: { userId: 'Required' } }],
      ['security', SecurityError, { policy: 'pii' }],
      ['chain', ToolExecutionError, { toolName: 'search' }],
      ['cut', ValidationError, { fields: { query: 'Required' } }],
    ]) {
      await test(`a ${Class.name} (${kind}) thrown in a step is attempted once and reaches the typed client as the same class, byte for byte`, async () => {
        let thrown;
        try {
          await cases.terminal(kind);
        } catch (error) {
          thrown = error;
        }
        const error = fromRestateError(thrown);
        assert(error instanceof Class, `got ${error.name}: ${error.message}`);
        for (const [key, value] of Object.entries(fields)) assert(JSON.stringify(error[key]) === JSON.stringify(value), `${key} is ${JSON.stringify(error[key])}`);
        const [written, read] = [contractOf(THROWN[kind]()), contractOf(error)];
        assert(read === written, `serializeError wrote ${read.length} characters, not the ${written.length} of the error thrown: ${read.slice(0, 300)}`);
        assert(error.engineError === thrown, 'the HttpCallError caught is not its engineError');
        const count = await attempts(`terminal-${kind}`);
        assert(count === 1, `attempted ${count} times`);
        return `status ${thrown?.status}, 1 attempt`;
      });
    }

    await test('a ValidationError reaches a raw ingress call as the same class, from the response body, byte for byte', async () => {
      const response = await fetch(`${ingress}/cases/terminal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"validation"' });
      const error = fromRestateError(await response.text());
      assert(response.status === 400 && error instanceof ValidationError, `got ${response.status} ${error.name}`);
      assert(contractOf(error) === contractOf(THROWN.validation()), `serializeError wrote ${contractOf(error)}`);
    });

    await test('a TransientError is retried and the invocation then succeeds', async () => {
      const result = await cases.transient();
      const count = await attempts('transient');
      assert(result === 'done' && count === 3, `result ${result} after ${count} attempts`);
      return `${count} attempts`;
    });

    await test('a ModelRateLimitError with retryAfterMs 300 is retried no earlier than 300 ms later, by the step’s own clock', async () => {
      const waited = await cases.rateLimited();
      assert(waited >= 300, `retried after ${waited} ms`);
      return `retried after ${waited} ms`;
    });

    await test('a service killed in the middle of an invocation and restarted replays the journal: the failed step is not run again', async () => {
      const response = fetch(`${ingress}/cases/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' });
      await waitFor('the invocation to reach its sleep', async () => (await attempts('replay-before-sleep')) >= 1, 15_000);
      await engine.restartService();
      const answered = await response;
      const error = fromRestateError(await answered.text());
      const stepRuns = await attempts('replay-step');
      assert(error instanceof ValidationError && error.fields?.plan === 'Unknown plan', `got ${error.name}: ${error.message}`);
      assert(stepRuns === 1, `the failed step ran ${stepRuns} times`);
      return 'the step ran once; the client got the ValidationError';
    });
  } catch (error) {
    checks.fail('the engine could not be run', error);
    for (const part of [engine?.server, engine?.service]) if (part) console.log(part.output().split('\n').slice(-20).map((line) => `       ${line}`).join('\n'));
  } finally {
    await engine?.stopAll();
    await test('nothing is left running: both processes are stopped by their pid', () => {
      assert(processes.size === 0, `${processes.size} still running`);
    });
  }
  checks.finish();
}

await main();
