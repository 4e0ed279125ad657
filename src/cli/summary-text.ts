import type { ContextOverflows, ErrorSummary, GroupField, GroupNumbers, ReadProblem, ValueCounts } from '../report/index.js';

/*
 * The words and numbers the table and the page share: counts, shares, times, a group's label, and what
 * could not be read. Text from the input is made safe to print here (no control character reaches a
 * terminal).
 */

export const count = (value: number): string => value.toLocaleString('en-US');

/** `1 line`, `2 lines`: a count and its noun. */
export const counted = (value: number, noun: string): string => `${count(value)} ${value === 1 ? noun : `${noun}s`}`;

/** A share as a percentage: one decimal, `<0.1%` for a share too small to show, `100%` and `0%` exact. */
export function percent(share: number): string {
  if (share === 0 || share === 1) return `${share * 100}%`;
  return share < 0.001 ? '<0.1%' : `${(share * 100).toFixed(1)}%`;
}

/** A large count shortened (12.3M) where a column is narrow. */
export function compact(value: number): string {
  if (value < 10_000_000) return count(value);
  return value < 10_000_000_000 ? `${(value / 1e6).toFixed(1)}M` : `${(value / 1e9).toFixed(1)}G`;
}

/** An ISO time as `2025-06-01 22:00:04` (UTC). */
export const time = (iso: string): string => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');

/** Text from the input, printable: control characters (an escape sequence, a newline) become `?`. */
const printable = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?'); // eslint-disable-line no-control-regex -- they are what is replaced

/** Where the records came from: the one source's name, or how many sources. */
export function sourceWords(summary: ErrorSummary): string {
  const { sources } = summary.read;
  return sources.length === 1 ? (sources[0]?.name ?? '') : `${count(sources.length)} sources`;
}

/** The heading of the groups' column: the grouped fields. */
export const groupHeading = (by: readonly GroupField[]): string => by.join(' · ');

/** Text of at most `length` characters, `…` where it was cut; a surrogate pair is never split. */
export function ellipsized(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = length - 1;
  const code = text.charCodeAt(end - 1);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end)}…`;
}

/** A group's label: its key's values, `(none)` where the errors had none. */
export const groupLabel = (by: readonly GroupField[], key: Readonly<Partial<Record<GroupField, string | null>>>): string =>
  by.map((field) => printable(key[field] ?? '(none)')).join(' · ');

/** The top values of a tally, `openai 1,100, anthropic 103, others 12` (the errors of the values not shown). */
export function topValues(tally: ValueCounts, shown = 3): string {
  const listed = tally.top.slice(0, shown).map(({ value, count: n }) => `${printable(value)} ${count(n)}`);
  const others = tally.top.slice(shown).reduce((sum, { count: n }) => sum + n, tally.others);
  return [...listed, ...(others > 0 ? [`others ${count(others)}`] : [])].join(', ');
}

/** What the errors of a group involve, and what they hit, as short lines (empty parts left out). */
export function groupDetails(by: readonly GroupField[], numbers: GroupNumbers, chain?: { readonly chain: readonly string[]; readonly count: number }): string[] {
  const involved = [
    !by.includes('provider') && numbers.providers.top.length > 0 ? `providers ${topValues(numbers.providers)}` : '',
    !by.includes('model') && numbers.models.top.length > 0 ? `models ${topValues(numbers.models)}` : '',
    !by.includes('tool') && numbers.tools.top.length > 0 ? `tools ${topValues(numbers.tools)}` : '',
  ].filter((part) => part !== '');
  const { contextOverflows: overflow } = numbers;
  const lines = [
    involved.join(' · '),
    numbers.rateLimits.top.length > 0 ? `rate limits hit: ${topValues(numbers.rateLimits, 4)}` : '',
    overflow.count === 0 ? '' : `${counted(overflow.count, 'context overflow')}${overflowWords(overflow)}`,
    numbers.tokens.errors > 0 ? `tokens lost ${count(numbers.tokens.total)} (input ${count(numbers.tokens.input)}, output ${count(numbers.tokens.output)}) in ${counted(numbers.tokens.errors, 'failed call')}` : '',
    seenWords(numbers),
    chain !== undefined && chain.chain.length > 1 ? `cause ${chain.chain.map(printable).join(' → ')} (${count(chain.count)} of ${count(numbers.count)})` : '',
  ];
  return lines.filter((line) => line !== '');
}

/** How far over their windows the overflows were: `: over by 2,000 tokens (+1.6% of its window)`, or nothing where none said. */
function overflowWords(overflow: ContextOverflows): string {
  const { measured, meanOverTokens, maxOverTokens, maxOverShare } = overflow;
  if (measured === 0 || meanOverTokens === undefined || maxOverTokens === undefined || maxOverShare === undefined) return '';
  if (measured === 1) return `: over by ${counted(maxOverTokens, 'token')} (+${percent(maxOverShare)} of its window)`;
  return `: over by ${counted(meanOverTokens, 'token')} on average, at most ${count(maxOverTokens)} (+${percent(maxOverShare)} of its window)`;
}

/** `seen 2025-06-01 22:00:00 → 2025-06-02 06:59:51`, one time where the first is the last, or nothing. */
export function seenWords(numbers: Pick<GroupNumbers, 'firstSeen' | 'lastSeen'>): string {
  const { firstSeen, lastSeen } = numbers;
  if (firstSeen === undefined || lastSeen === undefined) return '';
  return time(firstSeen) === time(lastSeen) ? `seen ${time(firstSeen)}` : `seen ${time(firstSeen)} → ${time(lastSeen)}`;
}

const PROBLEM_WORDS: Readonly<Record<keyof ErrorSummary['read']['problems'], string>> = {
  'not-json': 'not JSON',
  'invalid-error': 'failing the contract',
  'no-error': 'holding no faultline error',
  unreadable: 'unreadable',
};

/** The unit of the records read: line, row or record, by the sources read. */
export function unitOf(summary: ErrorSummary): string {
  const units = new Set(summary.read.sources.map((source) => source.unit));
  return units.size === 1 ? ([...units][0] ?? 'record') : 'record';
}

/** What the input was, and what became of it: the lines that say what could not be read come first. */
export function readNotes(summary: ErrorSummary): { readonly problems: string[]; readonly notes: string[] } {
  const { read } = summary;
  const unit = unitOf(summary);
  const problemCount = Object.values(read.problems).reduce((sum, n) => sum + n, 0);
  const problems = problemCount === 0 ? [] : [
    `could not read ${count(problemCount)} of ${counted(read.records, unit)}: ${Object.entries(read.problems)
      .filter(([, n]) => n > 0).map(([kind, n]) => `${count(n)} ${PROBLEM_WORDS[kind as keyof typeof PROBLEM_WORDS]}`).join(', ')}`,
    ...read.firstProblems.map((problem) => `  ${where(problem)}: ${printable(problem.reason)}`),
    ...(problemCount > read.firstProblems.length ? [`  (the first ${count(read.firstProblems.length)} shown)`] : []),
  ];
  const notes = [
    read.withoutError > 0 ? `${counted(read.withoutError, unit)} held no faultline error${read.otherErrors > 0 ? ` (${count(read.otherErrors)} of them an error written by another serializer than serializeError)` : ''}` : '',
    read.outsideWindow > 0 ? `${counted(read.outsideWindow, 'error')} outside ${window(summary)} left out` : '',
    summary.approximate ? 'more distinct groups than memory keeps: the groups shown may miss some of their errors, which "other" holds' : '',
  ].filter((line) => line !== '');
  return { problems, notes };
}

/** `night.jsonl line 17`. */
export const where = (problem: ReadProblem): string => `${printable(problem.source)} ${problem.unit} ${count(problem.position)}`;

/** `the window 2025-06-01 22:00:00 → 2025-06-02 06:00:00` (or since, or until, alone), or errors with no time. */
function window(summary: ErrorSummary): string {
  const { since, until } = summary;
  if (since !== undefined && until !== undefined) return `the window ${time(since)} → ${time(until)} (or with no time)`;
  return `the window ${since !== undefined ? `since ${time(since)}` : `until ${time(until ?? '')}`} (or with no time)`;
}
