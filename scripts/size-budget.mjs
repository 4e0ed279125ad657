// `npm run size`: the size budgets of issue #4, a benchmark while the main entry and a single class
// import are over theirs (0.2.1: docs/performance.md); `npm test` runs it with `--subpaths`. Bundles
// small entry files that import the built dist/ the way a user's app imports the package, with
// esbuild (minified, tree-shaken, zod external), compresses each with brotli and checks it
// against its budget. Deterministic: no timing, the same dist gives the same bytes.
// On a miss it exits 1 and lists the input files that take the most bytes of that bundle.
//
//   node scripts/size-budget.mjs [--explain] [--subpaths] [--dist <dir>] [--without-writer]
// --explain lists every module of every entry, by layer; --dist measures another build than dist/ (a
// copy made with `npx tsup --out-dir <dir>` of another commit), e.g. to set two releases side by side;
// --without-writer also bundles the single class import and the main entry from src/ with the contract's
// writer (what `toJSON` and `serializeError` call) replaced by a stub: the floor that the rest of the
// code sets, whatever the writer weighs.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const explainAll = process.argv.includes('--explain');
const distFlag = process.argv.indexOf('--dist');
const distDir = distFlag === -1 ? undefined : process.argv[distFlag + 1];
if (distFlag !== -1 && (distDir === undefined || !existsSync(distDir))) {
  console.error(`size-budget: --dist needs a directory that holds a build, got '${distDir ?? ''}'.`);
  process.exit(1);
}

// Bytes after minify + brotli: the targets of issue #21, and nothing else. A budget is the target,
// never the last measurement: an entry over it fails this script, and docs/performance.md says by
// how much and why (every class's toJSON carries the serializer with its limits, redaction and
// fixed-point rules, and every family's `from` the recognizer).
const TOOL_ERROR = { budget: 4_500 };
const MAIN = { budget: 12_000 }; // with the tables of failures in the middle of a stream and of the frameworks
const SUBPATH = { budget: 3_000 }; // beyond what a subpath shares with the main entry

/**
 * Every JavaScript entry of package.json `exports` ('.', './schema', ...) → its built ESM file, an
 * absolute path (in --dist's directory when it is given). An entry that build lacks is left out.
 */
function packageEntries() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const entries = new Map();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'object' ? target.import?.default : undefined;
    if (typeof file !== 'string') continue;
    const built = distDir === undefined ? `${root}${file.replace(/^\.\//, '')}` : join(resolve(distDir), file.replace(/^\.?\/?dist\//, ''));
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
// or, to explain a miss, to their sources.
function resolveFaultline(from) {
  return {
    name: `faultline-${from}`,
    setup(plugin) {
      plugin.onResolve({ filter: /^faultline(\/|$)/ }, (args) => {
        const file = entries.get(args.path);
        const path = file === undefined ? undefined : from === 'dist' ? file : `${root}${sourceOf(file)}`;
        return path === undefined ? { errors: [{ text: `cannot resolve '${args.path}' in ${from}/` }] } : { path };
      });
    },
  };
}

/** Bundles one entry's source; returns its brotli size, minified size and metafile inputs. */
async function measure(contents, from = 'dist', extraPlugins = []) {
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
    plugins: [resolveFaultline(from), ...extraPlugins],
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

/** What one entry adds to a base bundle: its own files, and what it makes shared files keep beyond the base's share. */
function inputsBeyond(bundle, base) {
  const baseBytes = new Map(base.inputs.map((input) => [input.file, input.bytes]));
  return bundle.inputs
    .map((input) => ({ file: input.file, bytes: input.bytes - (baseBytes.get(input.file) ?? 0) }))
    .filter((input) => input.bytes > 8) // below that it is a minified name that changed, not code
    .sort((a, b) => b.bytes - a.bytes);
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
const main = await measure(MAIN_SOURCE);
// The two entries measured whole, not beyond the main entry.
const singleEntries = [
  { entry: `import { ToolError } from '${mainName}'`, source: `export { ToolError } from '${mainName}';`, ...TOOL_ERROR },
  { entry: `${mainName} (whole main entry)`, source: MAIN_SOURCE, ...MAIN },
];
const rows = [...singleEntries];
for (const row of rows) Object.assign(row, row.source === MAIN_SOURCE ? main : await measure(row.source));
for (const name of [...entries.keys()].slice(1)) {
  const source = `${MAIN_SOURCE}\nexport * from '${name}';`;
  const both = await measure(source);
  rows.push({
    entry: `${name} beyond the main entry`,
    source,
    base: MAIN_SOURCE,
    brotli: both.brotli - main.brotli,
    minified: both.minified - main.minified,
    ...SUBPATH,
  });
}

// `--subpaths` checks the subpath entries alone: what `npm test` enforces while the main entry and a
// single class import are over their budgets (docs/performance.md says by how much and why).
if (process.argv.includes('--subpaths')) {
  rows.splice(0, rows.length, ...rows.filter((row) => row.base !== undefined));
}

const width = Math.max(...rows.map((row) => row.entry.length));
const bytes = (value) => value.toLocaleString('en-US');
if (distDir !== undefined) console.log(`the build in ${distDir}\n`);
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
  const fromSource = await measure(row.source, 'src');
  const inputs = row.base === undefined ? fromSource.inputs : inputsBeyond(fromSource, await measure(row.base, 'src'));
  const total = row.base === undefined ? fromSource.minified : fromSource.minified - (await measure(row.base, 'src')).minified;
  console.log(`\n${row.entry}: the modules that take the most of its ${total.toLocaleString('en-US')} minified bytes (bundled from src/)`);
  if (explainAll) console.log(`  by layer: ${byLayer(inputs)}`);
  for (const input of explainAll ? inputs : inputs.slice(0, 12)) console.log(`  ${input.bytes.toLocaleString('en-US').padStart(7)}  ${input.file}`);
}
if (process.argv.includes('--without-writer')) {
  const stubWriter = {
    name: 'stub-writer',
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]src[\\/]serialization[\\/]serialize-faultline\.ts$/ }, () => ({
        contents: 'export function serializeFaultline() { return {}; }',
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
  console.error('\nsize-budget: over budget. See what grew above; the budgets are in scripts/size-budget.mjs and docs/performance.md.');
  process.exit(1);
}
