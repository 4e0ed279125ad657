/**
 * Whether some work runs in time linear in its text, measured without an absolute time: the work is run
 * on near-matches (text that almost matches, built to make a backtracking pattern try again from every
 * character) of 16 KB, 128 KB and 1 MB, and its time taken as a ratio to a plain scan of the same text.
 * Where the work grows in proportion to the text, the ratio stays the same from one length to the next;
 * where it grows with the square, it is eight times larger at each step.
 */

/** A near-match of a given length. */
export type NearMatch = (length: number) => string;

const LENGTHS = [16 * 1024, 128 * 1024, 1024 * 1024] as const;

/** Linear work keeps its ratio within noise of 1 from one length to the next; quadratic work multiplies it by 8. */
export const MAX_GROWTH = 4;
// Linear work costs at most a few hundred plain scans of its text; a quadratic pattern costs thousands at
// 16 KB already, where it is stopped rather than run on.
const FAR_TOO_SLOW = 2_000;

/** `unit` repeated to `length` characters. */
export const repeated = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
/** A near-match: a prefix, then `unit` repeated, then an end. */
export const run = (prefix: string, unit: string, end = ''): NearMatch => (length) => prefix + repeated(unit, length - prefix.length - end.length) + end;
/** A near-match: `unit` repeated. */
export const each = (unit: string): NearMatch => (length) => repeated(unit, length);

/** The fastest of seven timings of `work`: a busy machine only ever adds time. */
function timed(work: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/**
 * What `work` costs on `text` run `times` times, as a multiple of a plain scan of the same text. Two
 * single runs come first (the first warms it up); where both cost more than `enough`, the cheaper is the
 * answer, so that work far too slow is not run on and on.
 */
function costOverScan(work: (text: string) => unknown, text: string, times: number, enough: number): number {
  const repeat = (fn: (text: string) => unknown) => () => {
    for (let index = 0; index < times; index++) fn(text);
  };
  const scan = timed(repeat((value) => value.replace(/[\v\f]/g, '')));
  const single = (): number => {
    const start = performance.now();
    work(text);
    return ((performance.now() - start) * times) / scan;
  };
  const first = Math.min(single(), single());
  return first > enough ? first : timed(repeat(work)) / scan;
}

/**
 * How much the cost per character of `work` grows from each length of `nearMatch` to the next: about 1
 * when it is linear, 8 when it is quadratic. Each text is run as often as it takes to hold as much work
 * as 1 MB. The largest growth is returned, or the first that is too large, so that quadratic work is
 * never run on 1 MB; Infinity where the work costs more than FAR_TOO_SLOW scans at the smallest length.
 */
export function growth(work: (text: string) => unknown, nearMatch: NearMatch): number {
  const largest = LENGTHS[LENGTHS.length - 1] as number;
  let before = costOverScan(work, nearMatch(LENGTHS[0]), largest / LENGTHS[0], FAR_TOO_SLOW);
  if (before > FAR_TOO_SLOW) return Number.POSITIVE_INFINITY;
  let most = 0;
  for (const length of LENGTHS.slice(1)) {
    const cost = costOverScan(work, nearMatch(length), largest / length, 4 * MAX_GROWTH * before);
    most = Math.max(most, cost / before);
    if (most >= MAX_GROWTH) break;
    before = cost;
  }
  return most;
}
