import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPackageMissing } from '../../src/foundation/missing-package.js';
import { importError, requireError } from '../load-errors.js';

// Real load errors, as Node words them, for each optional peer faultline loads: from a directory where the
// package is not installed, and from one where it is installed but a dependency of it is missing (a broken
// installation, not a missing package).
const PEERS: readonly (readonly [name: string, dependency: string])[] = [
  ['@restatedev/restate-sdk', '@restatedev/restate-sdk-core'],
  ['inngest', 'json-stringify-safe'],
];

const empty = mkdtempSync(join(tmpdir(), 'faultline-no-peer-'));
const broken = mkdtempSync(join(tmpdir(), 'faultline-broken-peer-'));
for (const [name, dependency] of PEERS) {
  const dir = join(broken, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, main: 'index.cjs', exports: { import: './index.js', require: './index.cjs' } }));
  writeFileSync(join(dir, 'index.cjs'), `require(${JSON.stringify(dependency)});\n`);
  writeFileSync(join(dir, 'index.js'), `import ${JSON.stringify(dependency)};\n`);
}
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(broken, { recursive: true, force: true });
});

describe.each(PEERS)('isPackageMissing(error, %j)', (name, dependency) => {
  it('is true for the errors Node throws when the package is not installed, by require and by import', () => {
    const required = requireError(empty, name);
    expect(required).toMatchObject({ code: 'MODULE_NOT_FOUND' });
    expect(isPackageMissing(required, name)).toBe(true);
    const imported = importError(empty, name);
    expect(imported).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    expect(isPackageMissing(imported, name)).toBe(true);
  });

  it('is false when the package is installed but a dependency of it is missing, by require and by import', () => {
    for (const error of [requireError(broken, name), importError(broken, name)]) {
      expect(error).toMatchObject({ message: expect.stringContaining(`'${dependency}'`) as unknown });
      expect(isPackageMissing(error, name)).toBe(false);
    }
  });

  it.each<[string, unknown]>([
    ['an error the package throws as it loads', new Error('boom')],
    ['a syntax error', new SyntaxError(`Unexpected token '${name}'`)],
    ['a thrown string naming the package', `Cannot find module '${name}'`],
    ['a missing package whose name only contains it', Object.assign(new Error(`Cannot find module '${name}/extra'`), { code: 'MODULE_NOT_FOUND' })],
  ])('is false for %s', (_title, error) => {
    expect(isPackageMissing(error, name)).toBe(false);
  });
});

describe('isPackageMissing', () => {
  it.each([
    ['Bun', "Cannot find package 'inngest' from '/app/index.js'"],
    ['Deno', 'Could not find package "inngest"'],
    ['a bundler', 'Could not resolve "inngest"'],
  ])('is true for the words %s uses, with no code', (_runtime, message) => {
    expect(isPackageMissing(new Error(message), 'inngest')).toBe(true);
  });
});
