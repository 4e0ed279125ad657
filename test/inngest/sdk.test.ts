import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { requireError } from '../load-errors.js';
import { isSdkMissing, sdkMissingError } from '../../src/inngest/sdk.js';

const SDK = 'inngest';

// Real load errors, as Node words them, from a directory where inngest is not installed, and from one
// where it is installed but a dependency of it is missing (a broken installation, not a missing package).
const empty = mkdtempSync(join(tmpdir(), 'faultline-no-inngest-'));
const broken = mkdtempSync(join(tmpdir(), 'faultline-broken-inngest-'));
// And one with the repository's own inngest installed (linked: Node resolves its dependencies from where it really is).
const installed = mkdtempSync(join(tmpdir(), 'faultline-inngest-'));
mkdirSync(join(installed, 'node_modules'));
symlinkSync(fileURLToPath(new URL('../../node_modules/inngest', import.meta.url)), join(installed, 'node_modules', 'inngest'), 'dir');
const packageDir = join(broken, 'node_modules', 'inngest');
mkdirSync(packageDir, { recursive: true });
writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name: 'inngest', main: 'index.cjs', exports: { import: './index.js', require: './index.cjs' } }));
writeFileSync(join(packageDir, 'index.cjs'), "require('json-stringify-safe');\n");
writeFileSync(join(packageDir, 'index.js'), "import 'json-stringify-safe';\n");
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(broken, { recursive: true, force: true });
  rmSync(installed, { recursive: true, force: true });
});

describe('isSdkMissing', () => {
  // The cases of every optional peer are in test/foundation/missing-package.test.ts.
  it('is isPackageMissing of inngest', () => {
    expect(isSdkMissing(requireError(empty, SDK))).toBe(true);
    expect(isSdkMissing(Object.assign(new Error("Cannot find module 'other'"), { code: 'MODULE_NOT_FOUND' }))).toBe(false);
  });
});

describe('sdkMissingError', () => {
  it('names the package to install, and keeps the load error as its cause', () => {
    const cause = requireError(empty, SDK);
    const error = sdkMissingError(cause);
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      'faultline/inngest: toInngestError needs inngest, which is not installed. ' +
        'Install it beside faultline where Inngest functions run (npm install inngest); ' +
        'fromInngestError needs no package.',
    );
    expect(error.cause).toBe(cause);
  });
});

// faultline/inngest as the build makes it, each format with its own loader (tsup.config.ts swaps in
// load-sdk.require.ts for CommonJS), run by Node in a project that has inngest or not.
const root = fileURLToPath(new URL('../../', import.meta.url));
const requireLoader: Plugin = {
  name: 'load-sdk-require',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/load-sdk\.js$/ }, (args) => ({ path: join(args.resolveDir, 'load-sdk.require.ts') }));
  },
};

/** Builds src/inngest/index.ts as `format` into `dir`, inngest left for Node to load, and returns the file. */
async function entryIn(dir: string, format: 'esm' | 'cjs'): Promise<string> {
  const outfile = join(dir, format === 'esm' ? 'faultline-inngest.mjs' : 'faultline-inngest.cjs');
  await build({
    entryPoints: [join(root, 'src', 'inngest', 'index.ts')], bundle: true, platform: 'node', format, target: 'node18', outfile,
    external: ['inngest'], logLevel: 'silent', plugins: format === 'cjs' ? [requireLoader] : [],
  });
  return outfile;
}

// A reader of errors: loads the entry, reads a carried error back, then calls toInngestError.
const READER = `
  const carried = { name: 'NonRetriableError', message: 'x', cause: { faultline: { name: 'ModelQuotaExceededError', code: 'MODEL_QUOTA_EXCEEDED', category: 'MODEL', message: 'out of quota', retryable: false } } };
  const report = { read: entry.fromInngestError(carried).name };
  try { report.mapped = entry.toInngestError(new Error('x')).name; } catch (error) { report.thrown = error.message; report.cause = error.cause?.code; }
  console.log(JSON.stringify(report));
`;

/** What the entry does in `dir`: its report, or the error loading it threw. */
function run(file: string, format: 'esm' | 'cjs', dir: string): unknown {
  const script = format === 'esm'
    ? `import(${JSON.stringify(file)}).then((entry) => {${READER}}, (error) => console.log(JSON.stringify({ load: error.code })))`
    : `let entry; try { entry = require(${JSON.stringify(file)}); } catch (error) { console.log(JSON.stringify({ load: error.code })); process.exit(0); } ${READER}`;
  const result = spawnSync(process.execPath, [...(format === 'esm' ? ['--input-type=module'] : []), '-e', script], { cwd: dir, encoding: 'utf8' });
  return JSON.parse(result.stdout) as unknown;
}

describe.each(['esm', 'cjs'] as const)('faultline/inngest built as %s', (format) => {
  it('loads without inngest: fromInngestError works, toInngestError throws an Error naming the package', async () => {
    const file = await entryIn(empty, format);
    expect(run(file, format, empty)).toEqual({
      read: 'ModelQuotaExceededError',
      thrown: sdkMissingError(undefined).message,
      cause: format === 'esm' ? 'ERR_MODULE_NOT_FOUND' : 'MODULE_NOT_FOUND',
    });
  });

  it('maps with the project’s own inngest when it is installed', async () => {
    const file = await entryIn(installed, format);
    expect(run(file, format, installed)).toEqual({ read: 'ModelQuotaExceededError', mapped: 'NonRetriableError' });
  });

  it('throws the load error itself when inngest is installed but broken: at import for ES modules, on first use for CommonJS', async () => {
    const file = await entryIn(broken, format);
    const report = run(file, format, broken);
    if (format === 'esm') expect(report).toEqual({ load: 'ERR_MODULE_NOT_FOUND' });
    else expect(report).toEqual({ read: 'ModelQuotaExceededError', thrown: expect.stringContaining("'json-stringify-safe'") as unknown, cause: undefined });
  });
});
