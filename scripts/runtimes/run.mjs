// `npm run test:runtimes`: the packed tarball on every runtime its users run. Installs each runtime
// (pinned, from the npm registry, and Chromium from Debian's packages) into a cache outside the
// clone, packs faultline, installs the tarball into a scratch project, and runs the same
// conformance checks (conformance.mjs) on each runtime. Prints one line per runtime, then
// `runtimes: N passed, N failed`, and exits 1 when any failed. Every request goes to 127.0.0.1;
// every process it starts is stopped before it exits.
//
//   FAULTLINE_RUNTIMES_CACHE=<dir>   where runtimes are cached (default ~/.cache/faultline-runtimes)
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { report } from './conformance.mjs';
import { cache, CHROMIUM_FLAGS, chromium, installed, playwrightChromium } from './install.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

const children = new Set();
let passed = 0;
let failed = 0;

function say(line) {
  console.log(line);
}

/** Runs a command to its end, with a time limit; resolves to its output. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout ?? 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, out, err });
    });
  });
}

function record(runtime, outcome, detail = '') {
  if (outcome?.ok === true) passed++;
  else failed++;
  if (outcome !== undefined) say(report(runtime, outcome));
  else say(`FAIL ${runtime}: no result\n${detail.trim().split('\n').slice(-15).map((line) => `       ${line}`).join('\n')}`);
}

function lastJson(text) {
  const line = text.trim().split('\n').reverse().find((candidate) => candidate.startsWith('{'));
  try {
    return line === undefined ? undefined : JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** A URL on 127.0.0.1 whose port refuses connections: a server's port, closed again. */
async function refusedUrl() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'faultline-runtimes-'));
  try {
    // The package as published: packed (prepack builds dist/), then installed into a scratch project.
    const pack = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work, '--loglevel=error'], { cwd: root, encoding: 'utf8' }).slice(-100_000).replace(/^[^[]*/, ''));
    const tarball = join(work, pack[0].filename);
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'conformance', private: true, type: 'module', dependencies: { faultline: `file:${tarball}` } }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], { cwd: project, stdio: 'inherit' });
    for (const file of ['conformance.mjs', 'entry-module.mjs', 'entry-bundle.mjs']) copyFileSync(join(here, file), join(project, file));
    const url = await refusedUrl();

    // Node, Bun and Deno import the installed package as an application does.
    const modules = [
      ['node 18.20.8', installed('node18').path, []],
      [`node ${process.versions.node} (this machine's)`, process.execPath, []],
      ['node 22.23.3', installed('node22').path, []],
      ['node 24.21.0', installed('node24').path, []],
      ['bun 1.4.5', installed('bun').path, []],
    ];
    for (const [runtime, binary, flags] of modules) {
      const result = await run(binary, [...flags, 'entry-module.mjs', url], { cwd: project });
      record(runtime, lastJson(result.out), result.out + result.err);
    }
    const deno = installed('deno');
    const denoResult = await run(deno.path, ['run', '--quiet', '--allow-read', '--allow-env', `--allow-net=127.0.0.1`, 'entry-module.mjs', url], {
      cwd: project, env: { ...process.env, DENO_DIR: join(cache, 'deno-dir'), NO_COLOR: '1' },
    });
    record('deno 2.9.6', lastJson(denoResult.out), denoResult.out + denoResult.err);

    // The bundled runtimes get one bundle of the installed package (esbuild resolves `faultline` from the project).
    await edgeRuntime(project, url);
    await workerd(project, work, url);
    await browser(project, url);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
  say(`runtimes: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

async function bundle(project, footer, format = 'esm') {
  const result = await build({
    stdin: { contents: `import { run } from './entry-bundle.mjs';\n${footer}`, resolveDir: project, loader: 'js' },
    bundle: true, write: false, format, platform: 'neutral', mainFields: ['module', 'main'], conditions: ['import', 'default'], logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** The Vercel edge runtime: the Web-only globals of edge functions, no Node built-ins, scripts only. */
async function edgeRuntime(project, url) {
  try {
    const { dir } = installed('edge');
    const { EdgeVM } = await import(join(dir, 'node_modules/@edge-runtime/vm/dist/index.js'));
    const code = await bundle(project, `globalThis.__faultline = run(${JSON.stringify(url)}, []);`, 'iife');
    const vm = new EdgeVM();
    vm.evaluate(code);
    record('vercel edge runtime (@edge-runtime/vm 5.0.0)', await vm.evaluate('globalThis.__faultline'));
  } catch (error) {
    record('vercel edge runtime (@edge-runtime/vm 5.0.0)', undefined, String(error?.stack ?? error));
  }
}

/** Cloudflare's workerd: the bundle as a module worker, run by `workerd test` on a config of our own. */
async function workerd(project, work, url) {
  const { path } = installed('workerd');
  const dir = join(work, 'workerd');
  mkdirSync(dir);
  writeFileSync(join(dir, 'worker.js'), await bundle(project, `export default {
  async test() {
    const outcome = await run(${JSON.stringify(url)}, []);
    console.log('FAULTLINE ' + JSON.stringify(outcome));
  },
};`));
  writeFileSync(join(dir, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local", "private", "public"])),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  globalOutbound = "loopback",
);
`);
  const result = await run(path, ['test', 'config.capnp'], { cwd: dir });
  const line = (result.out + result.err).split('\n').find((candidate) => candidate.includes('FAULTLINE '));
  const outcome = line === undefined ? undefined : JSON.parse(line.slice(line.indexOf('FAULTLINE ') + 10).trim().replace(/^"|"$/g, ''));
  record('workerd 1.20261117.1', outcome, result.out + result.err);
}

/** Chromium, headless, driven by playwright-core: the bundle in a page served from 127.0.0.1. */
async function browser(project, url) {
  const runtime = 'chromium (Debian), headless';
  let server;
  let instance;
  try {
    const executablePath = chromium();
    const launcher = await playwrightChromium();
    const script = await bundle(project, `globalThis.__faultline = run(${JSON.stringify(url)}, []);`, 'iife');
    server = createServer((request, response) => {
      if (request.url === '/bundle.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(script);
      } else {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>faultline</title><script src="/bundle.js"></script>');
      }
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    instance = await launcher.launch({
      executablePath,
      args: CHROMIUM_FLAGS,
    });
    const page = await instance.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    record(`${runtime} ${instance.version()}`, await page.evaluate(() => globalThis.__faultline));
  } catch (error) {
    record(runtime, undefined, String(error?.stack ?? error));
  } finally {
    await instance?.close();
    server?.close();
  }
}

await main();
