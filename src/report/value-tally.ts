import type { ValueCounts } from './summary.js';

/** How many values a tally lists. */
const LISTED = 10;
// A tally keeps up to this many values before it sums the least counted into `others`: memory stays
// bounded however many providers, models or tools the input names.
const KEPT = 40;

/** Counts the values of one field (providers, models, tools, ...), in bounded memory. */
export class ValueTally {
  readonly #counts = new Map<string, number>();
  #others = 0;

  add(value: string, count = 1): void {
    this.#counts.set(value, (this.#counts.get(value) ?? 0) + count);
    if (this.#counts.size > KEPT) {
      for (const [dropped, counted] of sortedCounts(this.#counts).slice(LISTED)) {
        this.#counts.delete(dropped);
        this.#others += counted;
      }
    }
  }

  /** Adds another tally's counts to this one's. */
  merge(other: ValueTally): void {
    for (const [value, count] of other.#counts) this.add(value, count);
    this.#others += other.#others;
  }

  /** The value counted most, and its count. */
  get top(): readonly [string, number] | undefined {
    return sortedCounts(this.#counts)[0];
  }

  result(): ValueCounts {
    const sorted = sortedCounts(this.#counts);
    const others = sorted.slice(LISTED).reduce((sum, [, count]) => sum + count, this.#others);
    return { top: sorted.slice(0, LISTED).map(([value, count]) => ({ value, count })), others };
  }
}

/** Most counted first; ties by value, so that the same input gives the same order. */
function sortedCounts(counts: ReadonlyMap<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
