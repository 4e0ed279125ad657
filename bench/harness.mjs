// The measuring core of the bench: mitata's `measure` for one function, and the baseline
// "sandwich" that makes a ratio out of two functions measured side by side in one process.
import { measure } from 'mitata';

/**
 * The clocks a measurement can read, in nanoseconds. `cpu` is the CPU time of this process
 * (user + system, all its threads, so the GC's helper threads count): on a machine shared with
 * other work it does not count the time this process waited for a core, which wall time does.
 * Its resolution is 1 µs, fine for mitata's batches of thousands of calls. `wall` is mitata's
 * own high-resolution timer, the right one on a quiet machine.
 */
export const CLOCKS = {
  cpu: () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) * 1e3;
  },
  wall: undefined,
};

/**
 * Operations per second of `fn`: one over the median time per call across mitata's samples.
 * Each sample is a batch of calls, so the median ignores the batches that a GC pause or a
 * neighbour on the shared machine made slow, while every batch still pays its share of the
 * garbage it makes. bench/run.mjs starts each round with `--expose-gc`, so that mitata
 * collects garbage after each warm-up and no measurement pays for the garbage of the one before.
 */
export async function opsPerSecond(fn, minCpuMs, clock = 'cpu') {
  const stats = await measure(fn, { min_cpu_time: minCpuMs * 1e6, now: CLOCKS[clock] });
  return 1e9 / stats.p50;
}

/**
 * One round of a group: the baseline, then each row, each followed by the baseline again
 * (B r1 B r2 B ...). A row's ratio is its ops/s over the mean of the two baselines around it,
 * so that a slow drift of the machine during the round moves both sides alike.
 */
export async function measureRound(group, minCpuMs, clock) {
  let before = await opsPerSecond(group.baseline.fn, minCpuMs, clock);
  const results = [];
  for (const row of group.rows) {
    const ops = await opsPerSecond(row.fn, minCpuMs, clock);
    const after = await opsPerSecond(group.baseline.fn, minCpuMs, clock);
    const baselineOps = (before + after) / 2;
    results.push({ label: row.label, ops, baselineOps, ratio: ops / baselineOps });
    before = after;
  }
  return results;
}

/** Calls every function of a group `times` times, so that round 1 does not measure the JIT's first tiers. */
export function warmUp(group, times) {
  for (const fn of [group.baseline.fn, ...group.rows.map((row) => row.fn)]) {
    for (let index = 0; index < times; index++) fn();
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function formatOps(ops) {
  return Math.round(ops).toLocaleString('en-US');
}

export function formatRatio(ratio) {
  return `${ratio.toFixed(2)}×`;
}
