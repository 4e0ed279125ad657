// `npm run size`: the size targets, checked on the packed tarball as a user's bundler sees it. Each row
// bundles a small entry file that imports the package the way an app does, with esbuild (`--bundle
// --minify --format=esm`, tree-shaken, zod and the optional peers external), compresses it with brotli
// (quality 11) and checks it against its target. Deterministic: no timing, the same tarball gives the
// same bytes. On a miss it exits 1 and lists the input files that take the most bytes of that bundle.
//
//   node scripts/size-budget.mjs [--check] [--explain] [--dist <dir>] [--without-writer]
// --check (npm test) checks the lines that are met and must stay met (the tree-shaking targets and every
// subpath); without it, every line, those still over included, as a benchmark. --explain lists every module of every entry, by layer; --dist measures another build than
// the packed tarball (a copy made with `npx tsup --out-dir <dir>` of another commit), e.g. to set two
// releases side by side; --without-writer also bundles the single class import and the main entry from
// src/ with the contract's writer (what `toJSON` and `serializeError` call) replaced by a stub: the floor
// that the rest of the code sets, whatever the writer weighs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const explainAll = process.argv.includes('--explain');
const checkOnly = process.argv.includes('--check');
const distFlag = process.argv.indexOf('--dist');
const distDir = distFlag === -1 ? undefined : process.argv[distFlag + 1];
if (distFlag !== -1 && (distDir === undefined || !existsSync(distDir))) {
  console.error(`size-budget: --dist needs a directory that holds a build, got '${distDir ?? ''}'.`);
  process.exit(1);
}

// Bytes after minify + brotli. A line is a ratchet (issue #37): what 0.3.0 measured, so that nothing grows
// unnoticed; never raised to let a change through. `enforced` lines are met and checked by `npm test`
// (--check); a line that is not is measured here as a benchmark, and docs/performance.md says by how much
// and why.
const TREE_SHAKING = [
  { imports: 'isFaultlineError', budget: 400, enforced: true },
  { imports: 'ErrorCategory', budget: 300, enforced: true },
  { imports: 'parseRetryAfter', budget: 900, enforced: true },
];
// Over since 0.3.0's own issue added the checks of a hostile `subclass` spec and the nearest-name hint (every
// class carries `subclass`), and since the provider tables and the recognition they feed came with
// `ModelError.from`, which every bundle holding the model classes (deserializeError's) carries.
const CLASS_BUNDLES = [
  { imports: 'ToolError', budget: 11_600, enforced: false },
  { imports: 'ToolError, serializeError, deserializeError', budget: 20_400, enforced: false },
];
// 21,000 B and the 1,500 B that issue #38 allows for the provider tables.
const MAIN = { budget: 22_500, enforced: false };
// A subpath by its own bytes, the main entry external (as the build keeps it: `faultline`), so that its
// number does not move when the main entry changes: 0.3.0's measurement plus 5 %, faultline/retry's set by
// its issue. A subpath without a line here fails the script: a new one gets its line when it is added.
const SUBPATH_MEASURED = new Map([
  ['faultline/schema', 1_081], ['faultline/http', 2_515], ['faultline/jsonrpc', 1_671], ['faultline/agent', 3_196],
  ['faultline/restate', 1_502], ['faultline/temporal', 1_587], ['faultline/inngest', 1_115], ['faultline/dbos', 2_722],
  ['faultline/sentry', 1_461], ['faultline/report', 4_502],
]);
const SUBPATH_BUDGETS = new Map([
  ...[...SUBPATH_MEASURED].map(([name, measured]) => [name, Math.floor(measured * 1.05)]),
  ['faultline/retry', 4_600],
]);

/** The package as `npm pack` makes it, unpacked into a temporary directory: what a user installs. */
function packedPackage() {
  const dir = mkdtempSync(join(tmpdir(), 'faultline-size-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }));
  execFileSync('tar', ['-xzf', join(dir, filename), '-C', dir]);
  return join(dir, 'package');
}

const packageDir = distDir === undefined ? packedPackage() : undefined;

/**
 * Every JavaScript entry of package.json `exports` ('.', './schema', ...) → its built ESM file, an
 * absolute path in the unpacked tarball (in --dist's directory when it is given). An entry that build lacks is left out.
 */
function packageEntries() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const entries = new Map();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'object' ? target.import?.default : undefined;
    if (typeof file !== 'string') continue;
    const built = distDir === undefined ? join(packageDir, file) : join(resolve(distDir), file.replace(/^\.?\/?dist\//, ''));
    if (distDir !== undefined && !existsSync(built)) continue;
    entries.set(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, built);
  }
  return entries;
}

const entries = packageEntries();
for (const file of entries.values()) {
  if (!existsSync(file)) {
    console.error(`size-budget: ${file} is missing. Run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * The source file a built entry comes from: dist/<name>.js from src/<name>.ts or src/<name>/index.ts.
 * Used only to explain a miss: dist/ is one file per entry, so only a bundle of src/ can say
 * which module grew.
 */
function sourceOf(file) {
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.js$/, '');
  return [`src/${name}.ts`, `src/${name}/index.ts`].find((candidate) => existsSync(`${root}${candidate}`));
}

// Resolves 'faultline' and 'faultline/<subpath>' as package.json exports do: to the built files,
// or, to explain a miss, to their sources. With `mainExternal`, the main entry stays an import.
function resolveFaultline(from, mainExternal) {
  return {
    name: `faultline-${from}`,
    setup(plugin) {
      // An adapter's source imports the main entry as `../index.js`, which its build keeps as `faultline`.
      if (mainExternal && from === 'src') {
        plugin.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) => (/[\\/]src[\\/][a-z]+[\\/]/.test(args.importer) ? { path: mainName, external: true } : undefined));
      }
      plugin.onResolve({ filter: /^faultline(\/|$)/ }, (args) => {
        if (mainExternal && args.path === mainName) return { path: args.path, external: true };
        const file = entries.get(args.path);
        const path = file === undefined ? undefined : from === 'dist' ? file : `${root}${sourceOf(file)}`;
        return path === undefined ? { errors: [{ text: `cannot resolve '${args.path}' in ${from}/` }] } : { path };
      });
    },
  };
}

/** Bundles one entry's source; returns its brotli size, minified size and metafile inputs. */
async function measure(contents, from = 'dist', extraPlugins = [], mainExternal = false) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'size-entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    treeShaking: true,
    metafile: true,
    write: false,
    outfile: 'size-entry.out.js',
    // The runtime dependency and the optional peers: the application's own, never part of faultline's bytes.
    external: ['zod', ...Object.keys(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).peerDependencies ?? {})],
    plugins: [resolveFaultline(from, mainExternal), ...extraPlugins],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const compressed = brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: code.length },
  });
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs)
    .map(([file, info]) => ({ file, bytes: info.bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { brotli: compressed.length, minified: code.length, inputs };
}

/** Minified bytes summed by the folder of src/ each module lives in (its layer, see ARCHITECTURE.md). */
function byLayer(inputs) {
  const layers = new Map();
  for (const { file, bytes } of inputs) {
    const layer = file.startsWith('src/') && file.split('/').length > 2 ? file.split('/')[1] : file;
    layers.set(layer, (layers.get(layer) ?? 0) + bytes);
  }
  return [...layers].sort((a, b) => b[1] - a[1]).map(([layer, bytes]) => `${layer} ${bytes.toLocaleString('en-US')}`).join(', ');
}

const mainName = [...entries.keys()][0];
const MAIN_SOURCE = `export * from '${mainName}';`;
// The class imports and the main entry, measured whole: the rows --without-writer measures again.
const singleEntries = [
  ...CLASS_BUNDLES.map((row) => ({ entry: `import { ${row.imports} }`, source: `export { ${row.imports} } from '${mainName}';`, ...row })),
  { entry: `${mainName} (whole main entry)`, source: MAIN_SOURCE, ...MAIN },
];
const rows = [
  ...TREE_SHAKING.map((row) => ({ entry: `import { ${row.imports} }`, source: `export { ${row.imports} } from '${mainName}';`, ...row })),
  ...singleEntries,
  ...[...entries.keys()].slice(1).map((name) => ({
    entry: `${name} (main entry external)`, source: `export * from '${name}';`, mainExternal: true, budget: SUBPATH_BUDGETS.get(name), enforced: true,
  })),
];
const unlined = rows.filter((row) => row.budget === undefined).map((row) => row.entry);
if (unlined.length > 0) {
  console.error(`size-budget: no size line for ${unlined.join(', ')}. Add its measurement plus 5 % to SUBPATH_MEASURED.`);
  process.exit(1);
}
if (checkOnly) rows.splice(0, rows.length, ...rows.filter((row) => row.enforced));
for (const row of rows) Object.assign(row, await measure(row.source, 'dist', [], row.mainExternal));

const width = Math.max(...rows.map((row) => row.entry.length));
const bytes = (value) => value.toLocaleString('en-US');
console.log(distDir !== undefined ? `the build in ${distDir}\n` : 'the packed tarball\n');
console.log(`${'entry'.padEnd(width)}  ${'brotli'.padStart(7)}  ${'budget'.padStart(7)}  ${'minified'.padStart(8)}  status`);
let failed = false;
for (const row of rows) {
  const ok = row.brotli <= row.budget;
  failed ||= !ok;
  console.log(
    `${row.entry.padEnd(width)}  ${bytes(row.brotli).padStart(7)}  ${bytes(row.budget).padStart(7)}  ${bytes(row.minified).padStart(8)}  ` +
      (ok ? 'ok' : `OVER BUDGET by ${bytes(row.brotli - row.budget)}`),
  );
}
// The modules are told from src/, which is this commit's: another build (--dist) is measured, not explained.
for (const row of rows.filter((candidate) => distDir === undefined && (explainAll || candidate.brotli > candidate.budget))) {
  // Bundled again from src/ (esbuild compiles the TypeScript the way tsup does), so that the
  // bytes are told per module rather than per dist file.
  const fromSource = await measure(row.source, 'src', [], row.mainExternal);
  const { inputs } = fromSource;
  console.log(`\n${row.entry}: the modules that take the most of its ${fromSource.minified.toLocaleString('en-US')} minified bytes (bundled from src/)`);
  if (explainAll) console.log(`  by layer: ${byLayer(inputs)}`);
  for (const input of explainAll ? inputs : inputs.slice(0, 12)) console.log(`  ${input.bytes.toLocaleString('en-US').padStart(7)}  ${input.file}`);
}
if (process.argv.includes('--without-writer')) {
  const stubWriter = {
    name: 'stub-writer',
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]src[\\/]serialization[\\/]serialize-faultline\.ts$/ }, () => ({
        contents: 'export function serializeFaultline() { return {}; }\nexport function serializeData() { return {}; }',
        loader: 'ts',
      }));
    },
  };
  // Told from src/, which is this commit's, as the modules are: under --dist there is nothing to stub.
  console.log(distDir === undefined ? '\nwithout the writer (bundled from src/, serializeFaultline a stub): what the rest weighs' : '\n--without-writer measures src/, not --dist');
  for (const row of distDir === undefined ? singleEntries : []) {
    const floor = await measure(row.source, 'src', [stubWriter]);
    console.log(`${row.entry.padEnd(width)}  ${bytes(floor.brotli).padStart(7)}  ${bytes(row.budget).padStart(7)}  ${bytes(floor.minified).padStart(8)}`);
  }
}
if (failed) {
  console.error('\nsize-budget: over a target. See what grew above; the targets are in scripts/size-budget.mjs and docs/performance.md.');
  process.exit(1);
}
