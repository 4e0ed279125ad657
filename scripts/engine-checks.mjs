// What the engine scripts (npm run test:restate, npm run test:dbos) share: a check that prints
// `ok   <title>: <detail>` or `FAIL <title>` and why, the tally printed at the end as the exit code,
// and a free port on 127.0.0.1.
import { createServer } from 'node:net';

/** A run of checks, named for its last line (`<name>: N passed, N failed`). */
export function engineChecks(name) {
  let passed = 0;
  let failed = 0;
  const fail = (title, error) => {
    failed++;
    console.log(`FAIL ${title}\n       ${error instanceof Error ? error.message : String(error)}`);
  };
  return {
    /** Runs one check; `body` returns an optional detail for its line, or throws why it failed. */
    async test(title, body) {
      try {
        const detail = await body();
        passed++;
        console.log(`ok   ${title}${detail ? `: ${detail}` : ''}`);
      } catch (error) {
        fail(title, error);
      }
    },
    /** Records a failure outside any check (the engine could not be started). */
    fail,
    get failed() {
      return failed;
    },
    /** Prints the tally and sets the exit code: 1 when any check failed. */
    finish() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      process.exitCode = failed === 0 ? 0 : 1;
    },
  };
}

/** Throws `message` unless `condition` holds. */
export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** A free port on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
