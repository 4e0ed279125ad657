/**
 * faultline/report: what failed, at a glance, from the errors already persisted. `summarizeErrors` reads
 * log lines, rows or events one by one and returns the summary as data; `npx faultline report` prints it.
 * Re-exports only.
 */
export { summarizeErrors, type ErrorRecords, type ReportSource, type SummarizeOptions } from './summarize-errors.js';
export type {
  ContextOverflows, ErrorSummary, GroupField, GroupNumbers, GroupSummary, OtherGroups, ProblemKind, ReadProblem, ReadTally,
  RecordUnit, SourceTally, Timeline, TokenTotals, ValueCount, ValueCounts,
} from './summary.js';
export { UnreadableRecord } from './unreadable-record.js';
