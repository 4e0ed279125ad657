// The pack smoke test (`npm run test:pack`): packs the package as npm would publish it from a
// clean tree (the repository's files with no dist/, so that `prepack` must build it), checks the
// tarball's file list, installs the tarball into a fresh project in
// a temporary directory, and there runs an ES module script, a CommonJS script and the repo's
// own tsc on a TypeScript consumer (moduleResolution node16, then bundler). Then one project per side
// of each durable engine, with an ES module script, a CommonJS script and tsc, at the versions of
// package-lock.json: a Restate caller (the tarball and @restatedev/restate-sdk-clients, no SDK) and
// service (the tarball and @restatedev/restate-sdk); a Temporal project (@temporalio/common alone); an
// Inngest reader (no inngest) and app (inngest); a reader of DBOS's rows (no DBOS; DBOS itself runs in
// npm run test:dbos); and an application reporting to Sentry (@sentry/node). The consumer files are real
// files in ./fixtures, each engine project in a folder of its own. Prints one line per check, then
// `pack: N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// What a consumer needs, and what must never ship.
const REQUIRED_FILES = [
  'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE',
  'ARCHITECTURE.md', 'examples/README.md', 'examples/react-loop.mjs', 'examples/agent-loop.mjs', 'examples/restate-agent.mjs', 'examples/restate-service.mjs',
  'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts',
  'dist/schema.js', 'dist/schema.cjs', 'dist/schema.d.ts', 'dist/schema.d.cts', 'dist/schema.json',
  'schema/package.json', 'schema.json/package.json',
  'dist/http.js', 'dist/http.cjs', 'dist/http.d.ts', 'dist/http.d.cts', 'http/package.json',
  'dist/jsonrpc.js', 'dist/jsonrpc.cjs', 'dist/jsonrpc.d.ts', 'dist/jsonrpc.d.cts', 'jsonrpc/package.json',
  'dist/retry.js', 'dist/retry.cjs', 'dist/retry.d.ts', 'dist/retry.d.cts', 'retry/package.json',
  'dist/agent.js', 'dist/agent.cjs', 'dist/agent.d.ts', 'dist/agent.d.cts', 'agent/package.json',
  'dist/restate.js', 'dist/restate.cjs', 'dist/restate.d.ts', 'dist/restate.d.cts', 'restate/package.json',
  ...['temporal', 'inngest', 'dbos', 'sentry', 'report'].flatMap((name) => [`dist/${name}.js`, `dist/${name}.cjs`, `dist/${name}.d.ts`, `dist/${name}.d.cts`, `${name}/package.json`, `docs/${name}.md`]),
  'dist/cli.js',
  'docs/durable-execution.md',
];
const FORBIDDEN = [
  { title: 'no src/', test: (path) => path.startsWith('src/') },
  { title: 'no test/', test: (path) => path.startsWith('test/') },
  { title: 'no .tmp/', test: (path) => path.startsWith('.tmp/') },
  { title: 'no .map files', test: (path) => path.endsWith('.map') },
];

let passed = 0;
let failed = 0;

/** Records one check: a line `ok   title`, or `FAIL title` followed by the detail, indented. */
function record(ok, title, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${title}`);
  if (!ok && detail.trim() !== '') console.log(indent(detail));
}

function indent(text) {
  return text.trimEnd().split('\n').map((line) => `    ${line}`).join('\n');
}

/** Runs a command to completion; never throws. */
function run(command, args, cwd, timeout = 60_000) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    shell: process.platform === 'win32',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, status: result.status, stdout: result.stdout ?? '', output };
}

/** Runs a fixture script and turns each `ok ...` / `not ok ...` line it prints into a check; other lines say why. */
function runScript(file, projectDir) {
  const result = run(process.execPath, [file], projectDir);
  let finished = false;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('ok ')) record(true, line.slice(3));
    else if (line.startsWith('not ok ')) record(false, line.slice(7));
    else if (line === 'done') finished = true;
    else if (line.trim() !== '') console.log(indent(line));
  }
  record(finished, `${file} loads the installed package and runs to the end`, result.output);
}

function checkFileList(files) {
  const paths = new Set(files.map((file) => file.path));
  for (const path of REQUIRED_FILES) {
    record(paths.has(path), `tarball contains ${path}`, paths.has(path) ? '' : `missing from the tarball (does ${path} exist, and is it in "files"?)`);
  }
  for (const { title, test } of FORBIDDEN) {
    const found = [...paths].filter(test);
    record(found.length === 0, `tarball has ${title}`, found.join('\n'));
  }
}

/**
 * A copy of the files git knows (tracked, or new and not ignored) with no dist/, as a fresh clone
 * has them: packing it shows that `prepack` builds what the tarball needs. node_modules is linked,
 * not installed, to keep the test fast.
 */
function cleanTree(workDir) {
  const listed = run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], root);
  if (!listed.ok) return undefined;
  const treeDir = join(workDir, 'tree');
  for (const path of listed.stdout.split('\0')) {
    if (path === '' || path.startsWith('dist/') || !existsSync(join(root, path))) continue;
    cpSync(join(root, path), join(treeDir, path));
  }
  symlinkSync(join(root, 'node_modules'), join(treeDir, 'node_modules'), 'dir');
  return treeDir;
}

function main(workDir) {
  const treeDir = cleanTree(workDir);
  record(treeDir !== undefined && !existsSync(join(treeDir, 'dist')), 'a clean tree (the repository with no dist/) to pack from');
  if (treeDir === undefined) return;

  const packDir = join(workDir, 'pack');
  const projectDir = join(workDir, 'project');
  mkdirSync(packDir);
  // `npm pack` runs the prepack script, which builds dist/.
  const pack = run('npm', ['pack', '--json', '--pack-destination', packDir], treeDir, 180_000);
  let manifest;
  try {
    // npm prints the prepack script's own output before the JSON.
    [manifest] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n')));
  } catch {
    manifest = undefined;
  }
  record(pack.ok && manifest !== undefined, 'npm pack builds and writes a tarball', pack.output);
  if (!pack.ok || manifest === undefined) return;
  checkFileList(manifest.files);

  // The top-level fixtures; the engine projects are installed on their own.
  cpSync(fixtures, projectDir, { recursive: true, filter: (path) => !ENGINE_PROJECTS.some((name) => path === join(fixtures, name)) });
  const tarball = join(packDir, manifest.filename);
  const install = run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], projectDir, 180_000);
  record(install.ok, 'npm install <tarball> in a fresh project', install.output);
  if (!install.ok) return;

  runScript('esm.mjs', projectDir);
  runScript('cjs.cjs', projectDir);

  // The node16 consumer is a Node application: it gets the repo's @types/node.
  const typeRoots = join(root, 'node_modules', '@types');
  for (const [config, extra] of [['tsconfig.node16.json', ['--typeRoots', typeRoots]], ['tsconfig.bundler.json', []]]) {
    const check = run(process.execPath, [tsc, '-p', config, ...extra], projectDir);
    record(check.ok, `tsc -p ${config} accepts the TypeScript consumer`, check.output);
  }

  reportCommand(projectDir);

  callerProject(workDir, tarball);
  // A service installs the SDK: toRestateError must make its format's copy of the SDK's classes.
  scriptedProject(workDir, tarball, 'service', [locked('@restatedev/restate-sdk')], ['service.mjs', 'service.cjs'],
    'tsc accepts a service passing asTerminalError to restate.service and throwing toRestateError');
  scriptedProject(workDir, tarball, 'temporal', [locked('@temporalio/common')], ['temporal.mjs', 'temporal.cjs'],
    'tsc accepts a Temporal project throwing toApplicationFailure, with @temporalio/common alone');
  scriptedProject(workDir, tarball, 'inngest-reader', [], ['reader.mjs', 'reader.cjs'],
    'tsc (skipLibCheck off) accepts code reading Inngest failures with faultline/inngest, with no inngest installed');
  scriptedProject(workDir, tarball, 'inngest-app', [locked('inngest')], ['app.mjs', 'app.cjs'],
    'tsc accepts an Inngest function throwing toInngestError and reading its failure with fromInngestError');
  scriptedProject(workDir, tarball, 'dbos-reader', [], ['reader.mjs', 'reader.cjs'],
    'tsc (skipLibCheck off) accepts a service reading DBOS rows with faultline/dbos, with no DBOS installed');
  // faultline/sentry with no Sentry installed is checked above, by the main project's scripts and tsc.
  scriptedProject(workDir, tarball, 'sentry', [locked('@sentry/node')], ['sentry.mjs', 'sentry.cjs'],
    'tsc accepts Sentry.init of @sentry/node with faultlineIntegration and a beforeSend reading its tags');
}

/**
 * The package's command, as a user runs it where the tarball is installed (`npx faultline report`): on a
 * JSON Lines file, and with --postgres where pg, its optional peer, is not installed.
 */
function reportCommand(projectDir) {
  // Two errors the installed package serializes, each in a log line with its time, and a line with none.
  const write = "import { writeFileSync } from 'node:fs'; import { serializeError, ToolError } from 'faultline';"
    + " const line = JSON.stringify({ level: 50, time: 1748815200000, err: serializeError(new ToolError()) });"
    + " writeFileSync('errors.jsonl', `${line}\\n${line}\\n{\"level\":30}\\n`);";
  const written = run(process.execPath, ['--input-type=module', '-e', write], projectDir);
  record(written.ok, 'the installed package writes a JSON Lines file of its errors', written.output);
  const report = spawnSync('npx', ['--no-install', 'faultline', 'report', 'errors.jsonl'], { cwd: projectDir, encoding: 'utf8', timeout: 60_000 });
  record(report.status === 0 && /^faultline report: 2 errors in 3 lines read from errors\.jsonl\n/.test(report.stdout) && /\nTOOL_ERROR +2 +100%/.test(report.stdout),
    'npx faultline report errors.jsonl runs the installed command', `${report.status}\n${report.stdout}${report.stderr}`);
  const pg = spawnSync('npx', ['--no-install', 'faultline', 'report', '--postgres', 'postgresql://localhost/app', '--table', 'failures', '--column', 'error'], { cwd: projectDir, encoding: 'utf8', timeout: 60_000 });
  record(pg.status === 1 && pg.stderr === "faultline report: --postgres needs the 'pg' package (node-postgres), which is not installed: npm install pg\n",
    'npx faultline report --postgres, with no pg installed, says to install it and exits 1', `${pg.status}\n${pg.stdout}${pg.stderr}`);
}

const ENGINE_PROJECTS = ['caller', 'service', 'temporal', 'inngest-reader', 'inngest-app', 'dbos-reader', 'sentry'];

/** `name@version` of a package as the repository's package-lock.json pins it. */
function locked(name) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  return `${name}@${lock.packages[`node_modules/${name}`].version}`;
}

/** A fresh project of ./fixtures/<name> with the tarball and `dependencies` installed; its directory, or undefined. */
function engineProject(workDir, tarball, name, dependencies) {
  const dir = join(workDir, name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  cpSync(join(fixtures, 'check.cjs'), join(dir, 'check.cjs'));
  const install = run('npm', ['install', tarball, ...dependencies, '--no-audit', '--no-fund', '--prefer-offline'], dir, 180_000);
  record(install.ok, `npm install <tarball> ${dependencies.join(' ')} in a fresh ${name} project`.replace('  ', ' '), install.output);
  return install.ok ? dir : undefined;
}

/** An engine project whose scripts and tsc (its tsconfig.json) are all it checks. */
function scriptedProject(workDir, tarball, name, dependencies, scripts, tscTitle) {
  const dir = engineProject(workDir, tarball, name, dependencies);
  if (dir === undefined) return;
  for (const script of scripts) runScript(script, dir);
  const check = run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
  record(check.ok, tscTitle, check.output);
}

/**
 * A caller of a Restate service installs the clients alone: faultline/restate must import, classify
 * and type-check (skipLibCheck off) with no SDK, and say which package toRestateError needs. Then an
 * SDK that fails as it loads, for another reason than being missing: that error must come through.
 */
function callerProject(workDir, tarball) {
  const dir = engineProject(workDir, tarball, 'caller', [locked('@restatedev/restate-sdk-clients')]);
  if (dir === undefined) return;
  runScript('caller.mjs', dir);
  runScript('caller.cjs', dir);
  const check = run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
  record(check.ok, 'tsc (skipLibCheck off) accepts a caller importing faultline/restate, with no SDK installed', check.output);

  const sdk = join(dir, 'node_modules', '@restatedev', 'restate-sdk');
  mkdirSync(sdk, { recursive: true });
  writeFileSync(join(sdk, 'package.json'), JSON.stringify({ name: '@restatedev/restate-sdk', version: '0.0.0', main: 'index.cjs', exports: { import: './index.mjs', require: './index.cjs' } }));
  writeFileSync(join(sdk, 'index.mjs'), "throw new Error('the SDK failed to load');\n");
  writeFileSync(join(sdk, 'index.cjs'), "throw new Error('the SDK failed to load');\n");
  runScript('broken-sdk.mjs', dir);
}


const workDir = mkdtempSync(join(tmpdir(), 'faultline-pack-'));
try {
  main(workDir);
} catch (error) {
  record(false, 'the pack test ran without an unexpected error', error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
console.log(`pack: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
