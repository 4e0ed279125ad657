// Target 6: the cost of `import('faultline')` in a fresh process, over importing an empty ES
// module. Absolute times on a shared machine swing by tens of milliseconds, so the two commands
// are interleaved run after run (alternating which goes first) and only the median of the
// paired differences is reported.
import { spawnSync } from 'node:child_process';
import { median } from './harness.mjs';

/** The child: imports one module, then prints how long the import itself took, in ms. */
function childScript(url) {
  return `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
}

function runOnce(url) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', childScript(url)], { encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`cold import of ${url} failed: ${child.stderr}`);
  return { wallMs, importMs: Number(child.stdout) };
}

/**
 * Runs `runs` pairs of child processes. Returns the medians of the paired differences: of the
 * whole process (what the target is written against) and of the import alone, timed
 * inside the child (much less noisy, the diagnostic).
 */
export function measureColdImport(moduleUrl, emptyUrl, runs) {
  runOnce(moduleUrl); // fills the OS file cache, so that run 1 is not a disk read
  runOnce(emptyUrl);
  const wall = [];
  const imports = [];
  const absolute = { module: [], empty: [] };
  for (let run = 0; run < runs; run++) {
    const moduleFirst = run % 2 === 0;
    const first = runOnce(moduleFirst ? moduleUrl : emptyUrl);
    const second = runOnce(moduleFirst ? emptyUrl : moduleUrl);
    const [module, empty] = moduleFirst ? [first, second] : [second, first];
    wall.push(module.wallMs - empty.wallMs);
    imports.push(module.importMs - empty.importMs);
    absolute.module.push(module.wallMs);
    absolute.empty.push(empty.wallMs);
  }
  const sortedWall = [...wall].sort((a, b) => a - b);
  return {
    runs,
    wallDifferenceMs: median(wall),
    // The middle half of the paired differences: how much one pair is worth on this machine.
    wallInterquartileMs: [sortedWall[Math.floor(runs / 4)], sortedWall[Math.floor((3 * runs) / 4)]],
    importDifferenceMs: median(imports),
    moduleWallMs: median(absolute.module),
    emptyWallMs: median(absolute.empty),
  };
}
