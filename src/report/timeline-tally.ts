import type { Timeline } from './summary.js';
import { ValueTally } from './value-tally.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
// Bucket widths, each a multiple of the one before, so that buckets merge whole when the range grows.
const WIDTHS = [SECOND, 5 * SECOND, 10 * SECOND, 30 * SECOND, 60 * SECOND, 300 * SECOND, 600 * SECOND, 1800 * SECOND, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY, 28 * DAY, 364 * DAY];
const MAX_BUCKETS = 96;
const SHOWN_CODES = 8;
// Codes counted bucket by bucket; past this many, a new code's errors go to `others`.
const KEPT_CODES = 64;

/** Errors over time by code, in at most MAX_BUCKETS buckets whose width grows with the range of times. */
export class TimelineTally {
  #width = 0;
  #min = Infinity;
  #max = -Infinity;
  /** code → bucket index (time / width) → count. */
  readonly #codes = new Map<string, Map<number, number>>();
  /** The codes past KEPT_CODES, together: bucket index → count. */
  #untracked = new Map<number, number>();
  readonly #totals = new ValueTally();

  add(code: string, time: number): void {
    this.#min = Math.min(this.#min, time);
    this.#max = Math.max(this.#max, time);
    let width = this.#width;
    while (width < WIDTHS.length - 1 && bucketCount(this.#min, this.#max, widthAt(width)) > MAX_BUCKETS) width++;
    if (width !== this.#width) this.#widen(width);
    let buckets = this.#codes.get(code);
    if (buckets === undefined) {
      buckets = this.#codes.size < KEPT_CODES ? new Map() : this.#untracked;
      if (buckets !== this.#untracked) this.#codes.set(code, buckets);
    }
    const index = Math.floor(time / this.#bucketMs);
    buckets.set(index, (buckets.get(index) ?? 0) + 1);
    this.#totals.add(code);
  }

  result(): Timeline | undefined {
    if (this.#min > this.#max) return undefined;
    const width = this.#bucketMs;
    // The codes counted most among those counted bucket by bucket.
    const codes = this.#totals.result().top.map(({ value }) => value).filter((code) => this.#codes.has(code)).slice(0, SHOWN_CODES);
    const first = Math.floor(this.#min / width);
    const buckets = Array.from({ length: bucketCount(this.#min, this.#max, width) }, (_, offset) => {
      const index = first + offset;
      const counts = codes.map((code) => this.#codes.get(code)?.get(index) ?? 0);
      let others = this.#untracked.get(index) ?? 0;
      for (const [code, byIndex] of this.#codes) if (!codes.includes(code)) others += byIndex.get(index) ?? 0;
      return { start: new Date(index * width).toISOString(), counts, others };
    });
    return { bucketMs: width, codes, buckets };
  }

  get #bucketMs(): number {
    return widthAt(this.#width);
  }

  /** Merges the buckets into the wider ones of WIDTHS[width]. */
  #widen(width: number): void {
    const factor = widthAt(width) / this.#bucketMs;
    this.#width = width;
    for (const [code, buckets] of this.#codes) this.#codes.set(code, merged(buckets, factor));
    this.#untracked = merged(this.#untracked, factor);
  }
}

const widthAt = (width: number): number => WIDTHS[width] ?? SECOND;

/** How many buckets of `width` the times from `min` to `max` span. */
const bucketCount = (min: number, max: number, width: number): number => Math.floor(max / width) - Math.floor(min / width) + 1;

/** Buckets merged `factor` by `factor` into wider ones. */
function merged(buckets: ReadonlyMap<number, number>, factor: number): Map<number, number> {
  const wider = new Map<number, number>();
  for (const [index, count] of buckets) {
    const into = Math.floor(index / factor);
    wider.set(into, (wider.get(into) ?? 0) + count);
  }
  return wider;
}
