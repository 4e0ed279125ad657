// `npm run bench:instructions`: the same groups as `npm run bench`, counted in machine
// instructions under valgrind instead of timed. Instruction counts do not swing with the load of a
// shared machine (runs agree within about 1%), so this is the way to tell whether a change made
// something cheaper while other work runs; only the timed bench says whether a target holds,
// because time also pays for cache misses and garbage collection, which instructions do not show.
//
//   node bench/instructions.mjs [--only 2,3] [--calls 20000] [--jobs 2]
//
// Each function runs in its own `node --single-threaded` process under callgrind (no JIT or GC
// threads, so the count repeats), once with --calls calls and once with six times as many, after
// the same warm-up; the difference divided by the extra calls is its cost per call, with process
// start, warm-up and JIT compilation subtracted out. A row's ratio is its baseline's count over its
// own, so that, as in the timed bench, higher is better and 1 is as cheap as the baseline.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatRatio } from './harness.mjs';

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    calls: { type: 'string', default: '20000' },
    jobs: { type: 'string', default: String(os.availableParallelism()) },
  },
});
const calls = wholeNumber(flags.calls, 'calls');
const jobs = wholeNumber(flags.jobs, 'jobs');
const only = flags.only === undefined ? undefined : new Set(flags.only.split(','));

function wholeNumber(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`--${name} must be a whole number of 1 or more, got '${text}'`);
  return value;
}

if (spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('bench:instructions needs valgrind on the PATH (Debian: apt-get install valgrind).');
  process.exit(1);
}

const { checkCases, groups } = await import('./cases.mjs');
checkCases();
const selected = groups.filter((group) => only === undefined || only.has(group.id) || only.has(group.id.replace(/d$/, '')));
const child = fileURLToPath(new URL('./instructions-child.mjs', import.meta.url));

/** Instructions callgrind counted for one process: `fn` of `group`, called `count` times after the warm-up. */
function count(group, fn, count) {
  return new Promise((resolve, reject) => {
    const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', child, group, String(fn), String(count)];
    const run = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    run.stderr.on('data', (chunk) => (stderr += chunk));
    run.on('close', (code) => {
      const collected = /Collected : (\d+)/.exec(stderr);
      if (code !== 0 || collected === null) reject(new Error(`callgrind of group ${group}, function ${fn} failed:\n${stderr}`));
      else resolve(Number(collected[1]));
    });
  });
}

// Every (group, function) pair: index 0 is the baseline, then the rows.
const tasks = selected.flatMap((group) => [group.baseline, ...group.rows].map((_, fn) => ({ group: group.id, fn })));
const perCall = new Map();
const queue = [...tasks];
async function worker() {
  for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
    const [few, many] = [await count(task.group, task.fn, calls), await count(task.group, task.fn, 6 * calls)];
    perCall.set(`${task.group}/${task.fn}`, (many - few) / (5 * calls));
  }
}
const started = performance.now();
console.log(`${tasks.length} functions, ${calls} and ${6 * calls} calls each under callgrind, ${jobs} at a time\n`);
await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));

for (const group of selected) {
  const baseline = perCall.get(`${group.id}/0`);
  console.log(`  ${`${group.id}.`.padEnd(4)} ${group.title}`);
  console.log(`     ${group.baseline.label.padEnd(54)} ${Math.round(baseline).toLocaleString('en-US').padStart(9)} instructions per call`);
  group.rows.forEach((row, index) => {
    const own = perCall.get(`${group.id}/${index + 1}`);
    const target = row.target === undefined ? '' : `  (timed target ≥ ${row.target}×)`;
    console.log(
      `     ${row.label.padEnd(54)} ${Math.round(own).toLocaleString('en-US').padStart(9)} instructions per call  ` +
        `${formatRatio(baseline / own).padStart(7)}${target}`,
    );
  });
}
console.log(`\ntook ${((performance.now() - started) / 1000).toFixed(0)} s`);
