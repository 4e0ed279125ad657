// Real load errors of a package, as Node words them, for the tests of faultline's optional peers
// (test/restate/sdk.test.ts, test/inngest/sdk.test.ts): what `require` and `import()` throw in a directory.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** What `require(name)` throws in `dir`; undefined when it loads. */
export function requireError(dir: string, name: string): unknown {
  try {
    createRequire(join(dir, 'index.js'))(name);
  } catch (error) {
    return error;
  }
  return undefined;
}

/** What `import(name)` throws in `dir`, rebuilt from a child Node process (vitest resolves its own imports). */
export function importError(dir: string, name: string): Error {
  const script = `import(${JSON.stringify(name)}).catch((e) => console.log(JSON.stringify({ code: e.code, message: e.message })))`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  const { code, message } = JSON.parse(result.stdout) as { code: string; message: string };
  return Object.assign(new Error(message), { code });
}
