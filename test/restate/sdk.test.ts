import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSdkMissing, sdkMissingError } from '../../src/restate/sdk.js';

// Real load errors, as Node words them, from a directory where the SDK is not installed, and from one
// where it is installed but its own dependency is missing (a broken installation, not a missing SDK).
const empty = mkdtempSync(join(tmpdir(), 'faultline-no-sdk-'));
const broken = mkdtempSync(join(tmpdir(), 'faultline-broken-sdk-'));
const sdkDir = join(broken, 'node_modules', '@restatedev', 'restate-sdk');
mkdirSync(sdkDir, { recursive: true });
writeFileSync(join(sdkDir, 'package.json'), JSON.stringify({ name: '@restatedev/restate-sdk', main: 'index.js' }));
writeFileSync(join(sdkDir, 'index.js'), "require('@restatedev/restate-sdk-core');\n");
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(broken, { recursive: true, force: true });
});

/** What `require` throws in `dir`. */
function requireError(dir: string): unknown {
  try {
    createRequire(join(dir, 'index.js'))('@restatedev/restate-sdk');
  } catch (error) {
    return error;
  }
  return undefined;
}

/** What `import()` throws in `dir`, rebuilt from a child Node process (vitest resolves its own imports). */
function importError(dir: string): Error {
  const script = "import('@restatedev/restate-sdk').catch((e) => console.log(JSON.stringify({ code: e.code, message: e.message })))";
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  const { code, message } = JSON.parse(result.stdout) as { code: string; message: string };
  return Object.assign(new Error(message), { code });
}

describe('isSdkMissing', () => {
  it('is true for the errors Node throws when @restatedev/restate-sdk is not installed, by require and by import', () => {
    const required = requireError(empty);
    expect(required).toMatchObject({ code: 'MODULE_NOT_FOUND' });
    expect(isSdkMissing(required)).toBe(true);
    const imported = importError(empty);
    expect(imported).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    expect(isSdkMissing(imported)).toBe(true);
  });

  it('is false when the SDK is installed but a dependency of it is missing', () => {
    const error = requireError(broken);
    expect(error).toMatchObject({ code: 'MODULE_NOT_FOUND', message: expect.stringContaining("'@restatedev/restate-sdk-core'") as unknown });
    expect(isSdkMissing(error)).toBe(false);
  });

  it.each<[string, unknown]>([
    ['an error the SDK throws as it loads', new Error('boom')],
    ['a syntax error', new SyntaxError("Unexpected token '@restatedev/restate-sdk'")],
    ['a thrown string naming the package', "Cannot find module '@restatedev/restate-sdk'"],
  ])('is false for %s', (_title, error) => {
    expect(isSdkMissing(error)).toBe(false);
  });
});

describe('sdkMissingError', () => {
  it('names the package to install, and keeps the load error as its cause', () => {
    const cause = requireError(empty);
    const error = sdkMissingError(cause);
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      'faultline/restate: toRestateError and asTerminalError need @restatedev/restate-sdk, which is not installed. ' +
        'Install it beside faultline where a Restate service runs (npm install @restatedev/restate-sdk); ' +
        'a caller that only uses fromRestateError needs @restatedev/restate-sdk-clients alone.',
    );
    expect(error.cause).toBe(cause);
  });
});
