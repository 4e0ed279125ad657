// `node bench/writer-side-by-side.mjs <dir> [<dir> ...] [--processes 5] [--rounds 25]`: the writer of several
// builds (a copy of another commit's build made with `npx tsup --out-dir <dir>`, and dist/, or one of the
// bounds in bench/writer-bounds/, which replace dist/'s writer by one written by hand) measured side by
// side, each paired with the floor: JSON.stringify of the same JSON prebuilt as a plain object, as group 2 of
// `npm run bench` measures it. Each build is measured in processes of its own, the builds' processes
// interleaved, so that one build's code never shares a process (and its JIT's feedback) with another's and
// a busy machine slows them alike. In a process, each round measures the floor, the row and the floor again,
// and the process reports the median of the row's ratio to the floor around it; a row prints the median of
// its processes and their range.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatRatio, median } from './harness.mjs';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    processes: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '25' },
    child: { type: 'boolean', default: false },
  },
});
const dirs = positionals.length > 0 ? positionals : ['dist'];
const rounds = Number(flags.rounds);

/** Nanoseconds per call of `fn`, over `calls` calls. */
function timePerCall(fn, calls) {
  const start = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

/** One build, in this process: the median ratio of each row to the floor around it, as JSON on stdout. */
async function measureBuild(dir) {
  const module = await import(pathToFileURL(resolve(dir, 'index.js')).href);
  // Target 2's error of `npm run bench`: one level of foreign cause and four fields.
  const error = new module.ToolExecutionError('The search tool failed', {
    cause: new Error('upstream returned 502'),
    toolName: 'search',
    status: 502,
    requestId: 'req_8f14e45f',
    details: { attempt: 2 },
  });
  const prebuilt = JSON.parse(JSON.stringify(module.serializeError(error)));
  const REDACTION_OFF = { redact: false };
  const floor = () => JSON.stringify(prebuilt);
  const rows = {
    defaults: () => JSON.stringify(module.serializeError(error)),
    redactionOff: () => JSON.stringify(module.serializeError(error, REDACTION_OFF)),
  };
  const CALLS = 20_000;
  for (const fn of [floor, ...Object.values(rows)]) timePerCall(fn, 5 * CALLS);
  const ratios = { defaults: [], redactionOff: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(rows)) {
      const before = timePerCall(floor, CALLS);
      const row = timePerCall(fn, CALLS);
      const after = timePerCall(floor, CALLS);
      ratios[name].push((before + after) / 2 / row);
    }
  }
  return { json: JSON.stringify(prebuilt), defaults: median(ratios.defaults), redactionOff: median(ratios.redactionOff) };
}

if (flags.child) {
  process.stdout.write(JSON.stringify(await measureBuild(dirs[0])));
} else {
  const script = fileURLToPath(import.meta.url);
  const results = dirs.map(() => []);
  for (let run = 0; run < Number(flags.processes); run++) {
    for (const [index, dir] of dirs.entries()) {
      const output = execFileSync(process.execPath, [script, '--child', '--rounds', String(rounds), dir], { encoding: 'utf8' });
      results[index].push(JSON.parse(output));
    }
  }
  for (const [index, dir] of dirs.entries()) {
    if (results[index][0].json !== results[0][0].json) throw new Error(`${dir} writes other JSON than ${dirs[0]}`);
  }
  console.log(`${flags.processes} processes a build, ${rounds} rounds in each; ratio = the row's speed over the floor's around it (median, and range across processes)`);
  const width = Math.max(...dirs.map((dir) => dir.length)) + ': { redact: false }'.length;
  for (const [index, dir] of dirs.entries()) {
    for (const row of ['defaults', 'redactionOff']) {
      const values = results[index].map((result) => result[row]).sort((a, b) => a - b);
      const label = `${dir}: ${row === 'defaults' ? 'defaults' : '{ redact: false }'}`;
      console.log(`  ${label.padEnd(width)} ${formatRatio(median(values))} (${formatRatio(values[0])}-${formatRatio(values.at(-1))})`);
    }
  }
}
