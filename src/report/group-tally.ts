import type { SerializedError } from '../index.js';
import { CHAIN_JOIN, type ErrorFacts } from './error-facts.js';
import type { GroupNumbers } from './summary.js';
import { ValueTally } from './value-tally.js';

// The numbers a group adds up (two groups merge by adding them), and those it keeps the largest of.
const SUMS = ['count', 'retryable', 'usage', 'input', 'output', 'total', 'cachedInput', 'reasoning', 'overflows', 'measured', 'overTotal'] as const;
const MAXES = ['overMax', 'shareMax', 'last'] as const;
const TALLIES = ['providers', 'models', 'tools', 'rateLimits', 'chains'] as const;

// `usage`'s keys and the totals they add to (`totalTokens` is read on its own).
const USAGE_KEYS = [['inputTokens', 'input'], ['outputTokens', 'output'], ['cachedInputTokens', 'cachedInput'], ['reasoningTokens', 'reasoning']] as const;

const whole = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/** The numbers of one group as its errors are read, in bounded memory; merged into `other` when it is dropped. */
export class GroupTally {
  readonly sums = Object.fromEntries(SUMS.map((key) => [key, 0])) as Record<(typeof SUMS)[number], number>;
  readonly maxes: Record<(typeof MAXES)[number], number> = { overMax: 0, shareMax: 0, last: -Infinity };
  first = Infinity;
  readonly providers = new ValueTally();
  readonly models = new ValueTally();
  readonly tools = new ValueTally();
  readonly rateLimits = new ValueTally();
  readonly chains = new ValueTally();
  example: SerializedError | undefined;

  get count(): number {
    return this.sums.count;
  }

  add(facts: ErrorFacts, time: number | undefined): void {
    const { sums, maxes } = this;
    sums.count++;
    if (facts.retryable) sums.retryable++;
    if (facts.provider !== undefined) this.providers.add(facts.provider);
    if (facts.model !== undefined) this.models.add(facts.model);
    if (facts.tool !== undefined) this.tools.add(facts.tool);
    if (facts.rateLimit !== undefined) this.rateLimits.add(facts.rateLimit);
    this.chains.add(facts.chain);
    const usage = facts.usage;
    if (usage !== undefined) {
      sums.usage++;
      for (const [key, sum] of USAGE_KEYS) sums[sum] += whole(usage[key]) ?? 0;
      sums.total += whole(usage.totalTokens) ?? (whole(usage.inputTokens) ?? 0) + (whole(usage.outputTokens) ?? 0);
    }
    if (facts.overflow !== undefined) {
      sums.overflows++;
      const requested = whole(facts.overflow.requested);
      const max = whole(facts.overflow.max);
      if (requested !== undefined && max !== undefined) {
        const over = Math.max(0, requested - max);
        sums.measured++;
        sums.overTotal += over;
        maxes.overMax = Math.max(maxes.overMax, over);
        if (max > 0) maxes.shareMax = Math.max(maxes.shareMax, over / max);
      }
    }
    if (time !== undefined) {
      this.first = Math.min(this.first, time);
      maxes.last = Math.max(maxes.last, time);
    }
  }

  merge(other: GroupTally): void {
    for (const key of SUMS) this.sums[key] += other.sums[key];
    for (const key of MAXES) this.maxes[key] = Math.max(this.maxes[key], other.maxes[key]);
    for (const name of TALLIES) this[name].merge(other[name]);
    this.first = Math.min(this.first, other.first);
  }

  /** The numbers, `share` of `total` errors. */
  numbers(total: number): GroupNumbers {
    const { count, retryable, usage, input, output, total: tokens, cachedInput, reasoning, overflows, measured, overTotal } = this.sums;
    const { overMax, shareMax, last } = this.maxes;
    return {
      count,
      share: total === 0 ? 0 : count / total,
      retryable,
      retryableShare: count === 0 ? 0 : retryable / count,
      providers: this.providers.result(),
      models: this.models.result(),
      tools: this.tools.result(),
      rateLimits: this.rateLimits.result(),
      tokens: { errors: usage, input, output, total: tokens, cachedInput, reasoning },
      contextOverflows: { count: overflows, measured, ...(measured > 0 && { meanOverTokens: Math.round(overTotal / measured), maxOverTokens: overMax, maxOverShare: shareMax }) },
      ...(last >= this.first && { firstSeen: new Date(this.first).toISOString(), lastSeen: new Date(last).toISOString() }),
    };
  }

  /** The cause chain seen most, and how often. */
  causeChain(): { readonly chain: readonly string[]; readonly count: number } | undefined {
    const top = this.chains.top;
    return top === undefined ? undefined : { chain: top[0].split(CHAIN_JOIN), count: top[1] };
  }
}
