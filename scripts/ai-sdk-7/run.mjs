// `npm run test:ai-sdk-7`: faultline against the Vercel AI SDK 7, which needs Node 22: its stream
// failures (issue #17) and its own errors (issue #18). Installs `ai` 7
// and its providers (pinned) into the runtimes cache outside the clone, links the built faultline
// beside them, and runs checks.mjs there on the Node 22 binary that test:restate uses. Prints one line
// per check, then `ai-sdk-7: N passed, N failed`.
//
//   FAULTLINE_RUNTIMES_CACHE=<dir>   where Node 22 and the packages are cached (default ~/.cache/faultline-runtimes)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installed } from '../runtimes/install.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cache = process.env.FAULTLINE_RUNTIMES_CACHE ?? join(homedir(), '.cache', 'faultline-runtimes');
const SPECS = ['ai@7.0.173', '@ai-sdk/anthropic@4.0.105', '@ai-sdk/openai@4.0.118', 'zod@4.6.7'];
const dir = join(cache, `ai-sdk-7+${SPECS.join('+').replaceAll('/', '_')}`);

if (!existsSync(join(dir, 'node_modules', 'ai', 'package.json'))) {
  console.log(`  installing ${SPECS.join(' ')} into ${dir}`);
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...SPECS], { stdio: 'inherit' });
}
// The clone's built faultline, as an application would import it.
const link = join(dir, 'node_modules', 'faultline');
rmSync(link, { recursive: true, force: true });
symlinkSync(root, link, 'dir');
copyFileSync(join(root, 'scripts', 'ai-sdk-7', 'checks.mjs'), join(dir, 'checks.mjs'));

const node22 = installed('node22').path;
const result = spawnSync(node22, [join(dir, 'checks.mjs')], { cwd: dir, stdio: 'inherit', timeout: 120_000 });
process.exitCode = result.status ?? 1;
