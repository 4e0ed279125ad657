import type { SerializedError } from '../index.js';

/*
 * The summary `summarizeErrors` returns, which `npx faultline report --json` prints as it is. Its shape
 * is documented field by field in docs/report.md; `version` changes when a field changes meaning or goes.
 */

/** What errors may be grouped by: each is read from the error, or from the first of its causes that has it. */
export type GroupField = 'code' | 'provider' | 'model' | 'tool' | 'category';

/** A value and how many errors had it. */
export interface ValueCount {
  readonly value: string;
  readonly count: number;
}

/** The values seen most, and how many errors had one of the others. */
export interface ValueCounts {
  /** At most 10, the most counted first (ties by value). */
  readonly top: readonly ValueCount[];
  /** Errors whose value is not in `top`. */
  readonly others: number;
}

/** The tokens that failed calls reported in `usage`, summed. */
export interface TokenTotals {
  /** Errors that carried a `usage`. */
  readonly errors: number;
  readonly input: number;
  readonly output: number;
  /** Each usage's `totalTokens`, or its input and output added where it has none. */
  readonly total: number;
  readonly cachedInput: number;
  readonly reasoning: number;
}

/** Requests too long for the model's context window. */
export interface ContextOverflows {
  /** Errors that were such a request (MODEL_CONTEXT_LENGTH_EXCEEDED, or `requestedTokens` or `maxContextTokens` set). */
  readonly count: number;
  /** Of those, the ones that said both numbers: the three below are over them alone. */
  readonly measured: number;
  /** How many tokens over the window, on average (rounded) and at most. */
  readonly meanOverTokens?: number;
  readonly maxOverTokens?: number;
  /** The most any was over, as a share of its window (0.25 is a quarter over). */
  readonly maxOverShare?: number;
}

/** What the errors of one group (or of all the groups past the top ones) had. */
export interface GroupNumbers {
  readonly count: number;
  /** Of all the errors counted. */
  readonly share: number;
  /** Errors written with `retryable: true`. */
  readonly retryable: number;
  readonly retryableShare: number;
  readonly providers: ValueCounts;
  readonly models: ValueCounts;
  readonly tools: ValueCounts;
  /** The dimension of each rate limit hit (`requests`, `tokens`, `inputTokens`, `outputTokens`). */
  readonly rateLimits: ValueCounts;
  readonly tokens: TokenTotals;
  readonly contextOverflows: ContextOverflows;
  /** ISO 8601, where the errors had a time. */
  readonly firstSeen?: string;
  readonly lastSeen?: string;
}

/** One group: the errors that share the values of every grouped field. */
export interface GroupSummary extends GroupNumbers {
  /** Each grouped field and its value; `null` where the error has none. */
  readonly key: { readonly [Field in GroupField]?: string | null };
  /** The cause chain seen most: the error's code, then each cause's (a foreign error's name and code). */
  readonly causeChain?: { readonly chain: readonly string[]; readonly count: number };
  /** The first error of the group, as the contract holds it (no stack; cut to small limits). */
  readonly example?: SerializedError;
}

/** The groups past the top ones, summed. */
export interface OtherGroups extends GroupNumbers {
  /** How many groups were summed here (when `approximate`, a group summed twice counts twice). */
  readonly groups: number;
}

/** A record that could not be read as an error, where it was and why (never its text). */
export interface ReadProblem {
  readonly source: string;
  readonly unit: RecordUnit;
  /** The line, row or record number in its source, from 1. */
  readonly position: number;
  readonly kind: ProblemKind;
  readonly reason: string;
}

/**
 * `not-json`: a line that does not parse; `invalid-error`: a faultline error that fails the contract;
 * `no-error`: a row that holds no faultline error; `unreadable`: a record its source could not read (a
 * line too long), or the source itself failed there (a truncated gzip, a lost connection), and nothing
 * after it was read from that source (its `failure` says why).
 */
export type ProblemKind = 'not-json' | 'invalid-error' | 'no-error' | 'unreadable';

/** What one record stands for in its source: a line of a file, a row of a table, or an item of an iterable. */
export type RecordUnit = 'line' | 'row' | 'record';

/** What was read from one source. */
export interface SourceTally {
  readonly name: string;
  readonly unit: RecordUnit;
  readonly records: number;
  readonly errors: number;
  readonly problems: number;
  /** Why reading it stopped early, when it did. */
  readonly failure?: string;
}

/** What was read, and what could not be. */
export interface ReadTally {
  /** Records read, blank lines left out. */
  readonly records: number;
  /** Records that held a valid faultline error (in the time window or not). */
  readonly errors: number;
  /** Lines that held no faultline error: other log lines. */
  readonly withoutError: number;
  /** Of those, lines whose `err` or `error` holds an error that is not the contract (a logger's own serializer). */
  readonly otherErrors: number;
  /** Errors left out by `since` or `until`: outside the window, or with no time. */
  readonly outsideWindow: number;
  readonly problems: { readonly [Kind in ProblemKind]: number };
  /** The first 10 problems. */
  readonly firstProblems: readonly ReadProblem[];
  readonly sources: readonly SourceTally[];
}

/** Errors over time, by code: when the errors had times. */
export interface Timeline {
  /** The width of a bucket, in milliseconds: 1 s up to 364 days, so that there are at most 96. */
  readonly bucketMs: number;
  /** The codes counted most (at most 8), in that order. */
  readonly codes: readonly string[];
  /** Every bucket from the first error's to the last's, empty ones included. */
  readonly buckets: readonly {
    /** ISO 8601. */
    readonly start: string;
    /** One count per entry of `codes`. */
    readonly counts: readonly number[];
    /** Errors of the other codes. */
    readonly others: number;
  }[];
}

/**
 * What `summarizeErrors` returns: every number the report shows, and what `--json` prints.
 *
 * @example
 * ```ts
 * import { summarizeErrors, type ErrorSummary } from 'faultline/report';
 *
 * const summary: ErrorSummary = await summarizeErrors(['{"err":{"name":"ToolError","code":"TOOL_ERROR","category":"TOOL","message":"x","retryable":false}}']);
 * summary.groups[0]?.key.code; // 'TOOL_ERROR'
 * summary.read.problems['not-json']; // 0
 * ```
 */
export interface ErrorSummary {
  readonly version: 1;
  readonly by: readonly GroupField[];
  /** The time window asked for, ISO 8601. */
  readonly since?: string;
  readonly until?: string;
  readonly read: ReadTally;
  /** The errors counted: read, valid, and in the window. */
  readonly errors: number;
  readonly firstSeen?: string;
  readonly lastSeen?: string;
  /** The groups, most errors first (ties by key): at most `maxGroups`. */
  readonly groups: readonly GroupSummary[];
  /** The groups past `maxGroups`, summed. */
  readonly other?: OtherGroups;
  /**
   * More distinct groups were seen than memory keeps (twice `maxGroups`): the least counted were summed
   * into `other` as the input was read, so a group's numbers may leave out some of its errors (which
   * `other` holds). The totals stay exact.
   */
  readonly approximate: boolean;
  readonly timeline?: Timeline;
}
