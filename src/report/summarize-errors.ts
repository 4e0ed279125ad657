import { normalizeError, serializeError } from '../index.js';
import { checkKnownKeys, checkNumber, checkType, invalidOption } from '../foundation/option-checks.js';
import type { ErrorSummary, GroupField, RecordUnit } from './summary.js';
import { SummaryBuilder } from './summary-builder.js';

/** Records: JSON text (a line) or values (a node, a log line, an event), one by one. */
export type ErrorRecords = Iterable<unknown> | AsyncIterable<unknown>;

/** One named source of records: a file, a table, a stream. */
export interface ReportSource {
  /** How problems name it: a file's path, `postgres`, `stdin`. */
  readonly name: string;
  readonly records: ErrorRecords;
  /**
   * `line` (the default): a record without a faultline error is another log line, counted and passed
   * over. `row`: every record is meant to hold one (a column of errors), so one that holds none is a problem.
   */
  readonly unit?: 'line' | 'row' | undefined;
}

/** Options of {@link summarizeErrors}. */
export interface SummarizeOptions {
  /** The fields that make a group, one or several. Default `['code']`. */
  readonly by?: GroupField | readonly GroupField[] | undefined;
  /** Count only errors at or after this time (a Date, or epoch milliseconds). An error with no time is left out. */
  readonly since?: Date | number | undefined;
  /** Count only errors at or before this time. */
  readonly until?: Date | number | undefined;
  /** The most groups listed; the rest are summed as `other`. A whole number, 1 or more. Default 1,000. */
  readonly maxGroups?: number | undefined;
}

const WHERE = 'summarizeErrors';
const GROUP_FIELDS: readonly GroupField[] = ['code', 'provider', 'model', 'tool', 'category'];

/**
 * Summarizes faultline errors as they were persisted: grouped by code (or by provider, model, tool,
 * category, or several), with each group's count and share, its retryable share, the providers, models and
 * tools involved, the rate limits hit, the tokens the failed calls reported, the context overflows and how
 * far over they were, first and last seen, the most common cause chain and an example. The records are
 * read one at a time, in bounded memory, whatever their number.
 *
 * A record is JSON text or a value, of three kinds found by their shape: a contract node, a log line that
 * holds one (pino's `err`, an `error` key, any top-level key), or an `onError` event; a `time`,
 * `timestamp` or `@timestamp` beside it places it in time. A record that cannot be read (not JSON, an
 * error that fails the contract, a source that throws) is counted and passed over, the first ten with
 * their position; nothing of its text is kept.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { summarizeErrors } from 'faultline/report';
 *
 * const summary = await summarizeErrors(readFileSync('agent.log', 'utf8').split('\n'), { by: ['provider', 'code'] });
 * for (const group of summary.groups) console.log(group.key, group.count, group.retryableShare, group.tokens.total);
 * ```
 */
export async function summarizeErrors(source: ErrorRecords | { readonly sources: readonly ReportSource[] }, options?: SummarizeOptions): Promise<ErrorSummary> {
  const builder = new SummaryBuilder(checkedOptions(options));
  for (const { name, records, unit } of sourcesOf(source)) {
    builder.startSource(name, unit);
    let position = 0;
    try {
      if (Symbol.asyncIterator in records) for await (const record of records) builder.add(record, ++position);
      else for (const record of records) builder.add(record, ++position);
    } catch (error) {
      // The source itself failed (a truncated gzip, a lost connection): what it gave so far counts.
      builder.failure(position + 1, serializeError(normalizeError(error)).message);
    }
  }
  return builder.result();
}

function sourcesOf(source: unknown): { name: string; records: ErrorRecords; unit: RecordUnit }[] {
  if (isRecords(source)) return [{ name: 'input', records: source, unit: 'record' }];
  const sources: unknown = typeof source === 'object' && source !== null ? (source as { sources?: unknown }).sources : undefined;
  if (!Array.isArray(sources)) throw invalidOption(WHERE, 'source', source, 'an iterable or async iterable of records, or { sources }');
  return sources.map((item: unknown, index) => {
    const { name, records, unit } = (typeof item === 'object' && item !== null ? item : {}) as Partial<Record<keyof ReportSource, unknown>>;
    if (typeof name !== 'string' || !isRecords(records) || (unit !== undefined && unit !== 'line' && unit !== 'row')) {
      throw invalidOption(WHERE, `sources[${index}]`, item, "{ name: string, records: an iterable, unit?: 'line' | 'row' }");
    }
    return { name, records, unit: unit ?? 'line' };
  });
}

function isRecords(value: unknown): value is ErrorRecords {
  return typeof value === 'object' && value !== null && (Symbol.iterator in value || Symbol.asyncIterator in value);
}

function checkedOptions(options: SummarizeOptions | undefined) {
  if (options === undefined) return { by: ['code'] as const, since: undefined, until: undefined, maxGroups: 1000 };
  checkType(WHERE, 'options', options, 'object');
  checkKnownKeys(WHERE, options, ['by', 'since', 'until', 'maxGroups']);
  checkNumber(WHERE, 'maxGroups', options.maxGroups, { min: 1, whole: true });
  const by: unknown[] = options.by === undefined ? ['code'] : Array.isArray(options.by) ? [...(options.by as unknown[])] : [options.by];
  if (by.length === 0 || by.some((field, index) => !GROUP_FIELDS.includes(field as GroupField) || by.indexOf(field) !== index)) {
    throw invalidOption(WHERE, 'by', options.by, `one or more of ${GROUP_FIELDS.map((field) => `'${field}'`).join(', ')}, each once`);
  }
  const since = timeOption('since', options.since);
  const until = timeOption('until', options.until);
  if (since !== undefined && until !== undefined && since > until) throw invalidOption(WHERE, 'until', options.until, `a time at or after since (${new Date(since).toISOString()})`);
  return { by: by as GroupField[], since, until, maxGroups: options.maxGroups ?? 1000 };
}

/** A time option as epoch milliseconds: a valid Date or a finite number. */
function timeOption(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) throw invalidOption(WHERE, name, value, 'a valid Date or epoch milliseconds');
  return time;
}
