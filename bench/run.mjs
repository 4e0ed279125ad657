// `npm run bench`: every performance target of issue #4, each measured side by side with its
// baseline in one process, over several rounds (each round of each group in a fresh process, see
// bench/round.mjs); then the cold import, interleaved with an empty module. Prints ops/s and the
// ratio per round, then per target the median ratio, its spread (min-max over the rounds) and
// whether it meets the target. Timing never runs in `npm test`: see docs/performance.md.
//
//   node bench/run.mjs [--rounds 5] [--time 200] [--clock cpu|wall] [--runs 40] [--only 1,2,6] [--json file] [--dist dir]
//
// --time is mitata's minimum time per measurement, in ms, on --clock: `cpu` (the default) counts
// this process's CPU time, so that waiting for a core on a shared machine does not count; `wall`
// is for a quiet machine. --only 1 also runs 1d, the same group at application depth. --dist
// measures another build than dist/ (a copy made with `npx tsup --out-dir <dir>`), e.g. to compare two.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureColdImport } from './cold-import.mjs';
import { CLOCKS, formatOps, formatRatio, median } from './harness.mjs';

const COLD_IMPORT_BUDGET_MS = 5;

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    time: { type: 'string', default: '200' },
    clock: { type: 'string', default: 'cpu' },
    runs: { type: 'string', default: '40' },
    only: { type: 'string' },
    json: { type: 'string' },
    dist: { type: 'string' },
  },
});
// Set before cases.mjs loads the build, and inherited by every round's process.
if (flags.dist !== undefined) process.env.FAULTLINE_BENCH_DIST = flags.dist;
const { checkCases, distUrl, groups } = await import('./cases.mjs');
const rounds = positive(flags.rounds, 'rounds');
const minCpuMs = positive(flags.time, 'time');
const runs = positive(flags.runs, 'runs');
const only = flags.only === undefined ? undefined : new Set(flags.only.split(','));
const wanted = (id) => only === undefined || only.has(id) || only.has(id.replace(/d$/, ''));
const clock = flags.clock;
if (!Object.hasOwn(CLOCKS, clock)) throw new TypeError(`--clock must be one of ${Object.keys(CLOCKS).join(', ')}, got '${clock}'`);

function signed(ms) {
  return `${ms >= 0 ? '+' : ''}${ms.toFixed(1)}`;
}

function positive(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`--${name} must be a whole number of 1 or more, got '${text}'`);
  return value;
}

const started = performance.now();
const cpus = os.cpus();
console.log(`node ${process.version} on ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`);
console.log(`load average at start: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
console.log(`${rounds} rounds, ${minCpuMs} ms of ${clock} time per measurement, each row's ratio against the baseline measured around it\n`);

checkCases();
const selected = groups.filter((group) => wanted(group.id));
const roundScript = fileURLToPath(new URL('./round.mjs', import.meta.url));

function runRound(group) {
  const child = spawnSync(process.execPath, ['--expose-gc', roundScript, group.id, String(minCpuMs), clock], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`round of group ${group.id} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout);
}

/** label → ratios over the rounds, per group */
const ratios = new Map(selected.map((group) => [group.id, new Map(group.rows.map((row) => [row.label, []]))]));
for (let round = 1; round <= rounds; round++) {
  console.log(`── round ${round}/${rounds}`);
  for (const group of selected) {
    console.log(`  ${`${group.id}.`.padEnd(4)} ${group.title}`);
    for (const result of runRound(group)) {
      ratios.get(group.id).get(result.label).push(result.ratio);
      console.log(
        `     ${result.label.padEnd(54)} ${formatOps(result.ops).padStart(12)} ops/s  ` +
          `vs ${formatOps(result.baselineOps).padStart(12)}  ${formatRatio(result.ratio).padStart(7)}`,
      );
    }
  }
}

const summary = [];
for (const group of selected) {
  for (const row of group.rows) {
    const values = ratios.get(group.id).get(row.label);
    summary.push({
      target: group.id,
      label: row.label,
      baseline: group.baseline.label,
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
      goal: row.target,
    });
  }
}

let coldImport;
if (wanted('6')) {
  console.log(`\n── 6. Cold import, ${runs} interleaved pairs of child processes`);
  coldImport = measureColdImport(new URL('index.js', distUrl).href, new URL('./fixtures/empty.mjs', import.meta.url).href, runs);
  console.log(`     median process time: faultline ${coldImport.moduleWallMs.toFixed(1)} ms, empty module ${coldImport.emptyWallMs.toFixed(1)} ms`);
}

console.log('\n── Summary: median ratio (min-max over the rounds)');
for (const row of summary) {
  const status = row.goal === undefined ? 'comparison' : row.median >= row.goal ? `PASS (≥ ${row.goal}×)` : `MISS (≥ ${row.goal}×)`;
  console.log(
    `  ${`${row.target}.`.padEnd(4)} ${row.label.padEnd(54)} ${formatRatio(row.median).padStart(7)} ` +
      `(${row.min.toFixed(2)}-${row.max.toFixed(2)})  vs ${row.baseline.padEnd(40)} ${status}`,
  );
}
if (coldImport !== undefined) {
  const status = coldImport.wallDifferenceMs <= COLD_IMPORT_BUDGET_MS ? 'PASS' : 'MISS';
  const [low, high] = coldImport.wallInterquartileMs;
  console.log(
    `  6.   import('faultline') over an empty module: ${signed(coldImport.wallDifferenceMs)} ms median difference ` +
      `(middle half ${signed(low)} to ${signed(high)} ms; the import alone ${signed(coldImport.importDifferenceMs)} ms)  ` +
      `${status} (≤ ${COLD_IMPORT_BUDGET_MS} ms)`,
  );
}
console.log(`\nload average at end: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}; took ${((performance.now() - started) / 1000).toFixed(0)} s`);

if (flags.json !== undefined) {
  const machine = { node: process.version, cpu: cpus[0]?.model, cores: cpus.length, loadavg: os.loadavg() };
  writeFileSync(flags.json, `${JSON.stringify({ machine, rounds, minCpuMs, clock, summary, coldImport }, null, 2)}\n`);
}
