import { deserializeError, serializeError, type FaultlineError } from '../index.js';
import { factsOf, type ErrorFacts } from './error-facts.js';
import { errorIn, isRecord, timeOf } from './error-in-record.js';
import { GroupTally } from './group-tally.js';
import type { ErrorSummary, GroupField, GroupSummary, ProblemKind, ReadProblem, RecordUnit, SourceTally } from './summary.js';
import { TimelineTally } from './timeline-tally.js';
import { UnreadableRecord } from './unreadable-record.js';

/** The options the builder runs with, checked and with their defaults. */
export interface BuilderOptions {
  readonly by: readonly GroupField[];
  readonly since: number | undefined;
  readonly until: number | undefined;
  readonly maxGroups: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What a record that holds an error within the window gives to be counted. */
interface ReadError {
  readonly facts: ErrorFacts;
  readonly time: number | undefined;
  readonly error: FaultlineError;
}

const FIRST_PROBLEMS = 10;
// An example is a small copy: enough to recognise the error, never a large one kept per group.
const EXAMPLE_LIMITS = { maxDepth: 4, maxMessageLength: 1000, maxErrors: 5, maxDetailsSize: 2048 };
// Key values joined into one map key: a character no code or name is expected to hold, and `null` as its
// own mark, which sorts after any value (a group with no provider comes after its ties).
const KEY_JOIN = '\u0000';
const NONE = '\uffff';

const FIELD_OF: Readonly<Record<GroupField, (facts: ErrorFacts) => string | undefined>> = {
  code: (facts) => facts.code,
  category: (facts) => facts.category,
  provider: (facts) => facts.provider,
  model: (facts) => facts.model,
  tool: (facts) => facts.tool,
};

/** One summary being built, record by record, in bounded memory. */
export class SummaryBuilder {
  readonly #options: BuilderOptions;
  readonly #groups = new Map<string, GroupTally>();
  readonly #other = new GroupTally();
  #otherGroups = 0;
  #approximate = false;
  readonly #all = new GroupTally();
  readonly #timeline = new TimelineTally();
  readonly #sources: Mutable<SourceTally>[] = [];
  readonly #problems: Record<ProblemKind, number> = { 'not-json': 0, 'invalid-error': 0, 'no-error': 0, unreadable: 0 };
  readonly #firstProblems: ReadProblem[] = [];
  readonly #tally = { records: 0, errors: 0, withoutError: 0, otherErrors: 0, outsideWindow: 0 };

  constructor(options: BuilderOptions) {
    this.#options = options;
  }

  /** Starts a source: the records added next are its own, numbered from 1. */
  startSource(name: string, unit: RecordUnit): void {
    this.#sources.push({ name, unit, records: 0, errors: 0, problems: 0 });
  }

  /** Reads one record: JSON text, or a value (a node, a log line, an event). Never throws. */
  add(record: unknown, position: number): void {
    let read: ReadError | undefined;
    try {
      read = this.#read(record, position);
    } catch {
      // A value whose reads throw (a revoked Proxy, a getter): unreadable, and the next record is read.
      this.problem(position, 'unreadable', 'unreadable record (a read of it threw)');
      return;
    }
    if (read !== undefined) this.#addError(read.facts, read.time, read.error);
  }

  /** The error a record holds, once counted and within the window; undefined for any other record. */
  #read(record: unknown, position: number): ReadError | undefined {
    if (record instanceof UnreadableRecord) {
      this.#count();
      this.problem(position, 'unreadable', record.reason);
      return undefined;
    }
    let value = record;
    if (typeof record === 'string') {
      if (record.trim() === '') return undefined;
      try {
        value = JSON.parse(record);
      } catch {
        this.#count();
        this.problem(position, 'not-json', 'not JSON');
        return undefined;
      }
    }
    this.#count();
    const fields = isRecord(value) ? value : undefined;
    const holding = fields === undefined ? undefined : errorIn(fields);
    if (fields === undefined || holding === undefined || holding === 'other-error') {
      if (this.#source.unit === 'row') this.problem(position, 'no-error', 'holds no faultline error');
      else this.#tally.withoutError++;
      if (holding === 'other-error') this.#tally.otherErrors++;
      return undefined;
    }
    let error: FaultlineError;
    try {
      error = deserializeError(holding.node);
    } catch (refusal) {
      this.problem(position, 'invalid-error', invalidReason(refusal));
      return undefined;
    }
    // Read before anything is counted: a read that throws leaves the record unreadable, counted once.
    const time = timeOf(fields);
    const facts = factsOf(holding.node);
    this.#tally.errors++;
    this.#source.errors++;
    const { since, until } = this.#options;
    if ((since !== undefined || until !== undefined) && (time === undefined || time < (since ?? -Infinity) || time > (until ?? Infinity))) {
      this.#tally.outsideWindow++;
      return undefined;
    }
    return { facts, time, error };
  }

  /** A source that stopped at `position`, for `reason`: what it gave before counts. */
  failure(position: number, reason: string): void {
    this.#source.failure = reason;
    this.problem(position, 'unreadable', reason);
  }

  /** Records a record that could not be read. */
  problem(position: number, kind: ProblemKind, reason: string): void {
    const source = this.#source;
    this.#problems[kind]++;
    source.problems++;
    if (this.#firstProblems.length < FIRST_PROBLEMS) this.#firstProblems.push({ source: source.name, unit: source.unit, position, kind, reason });
  }

  /** The summary. Called once, at the end: the groups past maxGroups are summed into `other` here. */
  result(): ErrorSummary {
    const { by, since, until, maxGroups } = this.#options;
    const sorted = [...this.#groups].sort(([a, left], [b, right]) => right.count - left.count || (a < b ? -1 : a > b ? 1 : 0));
    for (const [, dropped] of sorted.slice(maxGroups)) this.#fold(dropped);
    const total = this.#all.count;
    const groups = sorted.slice(0, maxGroups).map(([key, tally]): GroupSummary => {
      const values = key.split(KEY_JOIN);
      const chain = tally.causeChain();
      return {
        key: Object.fromEntries(by.map((field, index) => [field, values[index] === NONE ? null : values[index] ?? null])),
        ...tally.numbers(total),
        ...(chain !== undefined && { causeChain: chain }),
        ...(tally.example !== undefined && { example: tally.example }),
      };
    });
    const all = this.#all.numbers(total);
    const timeline = this.#timeline.result();
    return {
      version: 1,
      by,
      ...(since !== undefined && { since: new Date(since).toISOString() }),
      ...(until !== undefined && { until: new Date(until).toISOString() }),
      read: { ...this.#tally, problems: { ...this.#problems }, firstProblems: [...this.#firstProblems], sources: this.#sources.map((source) => ({ ...source })) },
      errors: total,
      ...(all.firstSeen !== undefined && { firstSeen: all.firstSeen, lastSeen: all.lastSeen }),
      groups,
      ...(this.#otherGroups > 0 && { other: { groups: this.#otherGroups, ...this.#other.numbers(total) } }),
      approximate: this.#approximate,
      ...(timeline !== undefined && { timeline }),
    };
  }

  get #source(): Mutable<SourceTally> {
    // A record added before any source belongs to an unnamed one.
    const source = this.#sources.at(-1);
    if (source !== undefined) return source;
    this.startSource('input', 'record');
    return this.#source;
  }

  #count(): void {
    this.#tally.records++;
    this.#source.records++;
  }

  #addError(facts: ErrorFacts, time: number | undefined, error: FaultlineError): void {
    const key = this.#options.by.map((field) => FIELD_OF[field](facts) ?? NONE).join(KEY_JOIN);
    let group = this.#groups.get(key);
    if (group === undefined) {
      if (this.#groups.size >= 2 * this.#options.maxGroups) this.#shrink();
      group = new GroupTally();
      group.example = serializeError(error, EXAMPLE_LIMITS);
      this.#groups.set(key, group);
    }
    group.add(facts, time);
    this.#all.add(facts, time);
    if (time !== undefined) this.#timeline.add(facts.code, time);
  }

  /** Sums the least counted half of the groups into `other`, so that memory stays bounded. */
  #shrink(): void {
    this.#approximate = true;
    const sorted = [...this.#groups].sort(([, left], [, right]) => left.count - right.count);
    for (const [key, dropped] of sorted.slice(0, sorted.length - this.#options.maxGroups)) {
      this.#groups.delete(key);
      this.#fold(dropped);
    }
  }

  #fold(group: GroupTally): void {
    this.#other.merge(group);
    this.#otherGroups++;
  }
}

/**
 * Why the contract's validator refused a node: its first issues, by path (never the values), redacted as
 * the contract redacts a message, since a path names the input's keys.
 */
function invalidReason(error: unknown): string {
  const fields: unknown = isRecord(error) ? error.fields : undefined;
  const issues = isRecord(fields) ? Object.entries(fields).slice(0, 3).map(([path, issue]) => (path === '' ? String(issue) : `${path}: ${String(issue)}`)) : [];
  return serializeError(`fails the contract: ${issues.length > 0 ? issues.join('; ') : 'unreadable'}`).message;
}
