// `node bench/writer-side-by-side.mjs <dir> [<dir> ...] [--rounds 7]`: the writer of several builds (a copy
// of another commit's build made with `npx tsup --out-dir <dir>`, and dist/) measured side by side in one
// process, each paired with the floor: JSON.stringify of the same JSON prebuilt as a plain object, as
// group 2 of `npm run bench` measures it. The rounds interleave the builds, so that a busy machine slows
// them alike; each row prints the median ratio (floor ops/s over the row's), and its spread.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatRatio, median, opsPerSecond } from './harness.mjs';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '7' }, time: { type: 'string', default: '150' } },
});
const rounds = Number(flags.rounds);
const minCpuMs = Number(flags.time);
const dirs = positionals.length > 0 ? positionals : ['dist'];

const builds = await Promise.all(
  dirs.map(async (dir) => ({ dir, module: await import(pathToFileURL(resolve(dir, 'index.js')).href) })),
);
// Target 2's error of `npm run bench`: one level of foreign cause and four fields.
const errors = builds.map(({ module }) =>
  new module.ToolExecutionError('The search tool failed', {
    cause: new Error('upstream returned 502'),
    toolName: 'search',
    status: 502,
    requestId: 'req_8f14e45f',
    details: { attempt: 2 },
  }),
);
const prebuilt = JSON.parse(JSON.stringify(builds[0].module.serializeError(errors[0])));
for (const [index, { dir, module }] of builds.entries()) {
  if (JSON.stringify(module.serializeError(errors[index])) !== JSON.stringify(prebuilt)) throw new Error(`${dir} writes other JSON than ${dirs[0]}`);
}

const REDACTION_OFF = { redact: false };
const rows = builds.flatMap(({ dir, module }, index) => [
  { label: `${dir}: defaults`, fn: () => JSON.stringify(module.serializeError(errors[index])) },
  { label: `${dir}: { redact: false }`, fn: () => JSON.stringify(module.serializeError(errors[index], REDACTION_OFF)) },
]);
const floor = () => JSON.stringify(prebuilt);
const ratios = rows.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [index, row] of rows.entries()) {
    const before = await opsPerSecond(floor, minCpuMs, 'cpu');
    const ops = await opsPerSecond(row.fn, minCpuMs, 'cpu');
    const after = await opsPerSecond(floor, minCpuMs, 'cpu');
    ratios[index].push(ops / ((before + after) / 2));
  }
}
console.log(`${rounds} rounds, ${minCpuMs} ms of CPU time per measurement; ratio = the row's ops/s over the floor's around it`);
for (const [index, row] of rows.entries()) {
  const sorted = [...ratios[index]].sort((a, b) => a - b);
  console.log(`  ${row.label.padEnd(48)} ${formatRatio(median(sorted))} (${formatRatio(sorted[0])}-${formatRatio(sorted.at(-1))})`);
}
