import type { ErrorSummary, GroupNumbers } from '../report/index.js';
import { compact, count, counted, ellipsized, sourceWords, groupDetails, groupHeading, groupLabel, percent, readNotes, seenWords, unitOf } from './summary-text.js';

/** How the table is printed. */
export interface TableStyle {
  /** ANSI colour and weight (a terminal that is a TTY, NO_COLOR unset). */
  readonly color: boolean;
  /** The most groups listed; 0 for all. */
  readonly limit: number;
  /** The widest line, in columns. */
  readonly width: number;
}

const STYLES = { bold: '\u001b[1m', dim: '\u001b[2m', yellow: '\u001b[33m', red: '\u001b[31m' } as const;
const RESET = '\u001b[0m';

// The number columns: heading and width. The group's column takes what the width leaves, at least
// MIN_LABEL: a narrower table drops number columns from the right, never the first two.
const COLUMNS = [['errors', 8], ['share', 7], ['retryable', 10], ['tokens lost', 12], ['overflows', 10]] as const;
const MIN_LABEL = 16;

function columnsFor(width: number): typeof COLUMNS[number][] {
  const shown: typeof COLUMNS[number][] = [...COLUMNS];
  const taken = (): number => shown.reduce((sum, [, columns]) => sum + columns + 1, 0);
  while (shown.length > 2 && width - taken() < MIN_LABEL) shown.pop();
  return shown;
}

/** The summary as a table of at most `style.width` columns: a line per group, with its details below it. */
export function terminalTable(summary: ErrorSummary, style: TableStyle): string {
  const paint = (name: keyof typeof STYLES, text: string): string => (style.color && text !== '' ? `${STYLES[name]}${text}${RESET}` : text);
  const fit = (text: string): string => ellipsized(text, style.width);
  const columns = columnsFor(style.width);
  const labelWidth = style.width - columns.reduce((sum, [, width]) => sum + width + 1, 0);
  const row = (label: string, cells: readonly string[]): string =>
    `${ellipsized(label, labelWidth).padEnd(labelWidth)}${columns.map(([, width], index) => ` ${(cells[index] ?? '').padStart(width)}`).join('')}`;
  const cells = (numbers: GroupNumbers): string[] => [
    count(numbers.count), percent(numbers.share), percent(numbers.retryableShare), numbers.tokens.errors > 0 ? compact(numbers.tokens.total) : '–',
    numbers.contextOverflows.count > 0 ? count(numbers.contextOverflows.count) : '–',
  ];
  const lines: string[] = [];
  const unit = unitOf(summary);
  const from = sourceWords(summary);
  lines.push(paint('bold', fit(`faultline report: ${counted(summary.errors, 'error')} in ${counted(summary.read.records, unit)} read from ${from}`)));
  const seen = seenWords(summary);
  if (seen !== '') lines.push(fit(`${seen} UTC`));
  const { problems, notes } = readNotes(summary);
  if (summary.groups.length > 0) {
    lines.push('', paint('bold', row(groupHeading(summary.by), columns.map(([heading]) => heading))));
    const shown = style.limit === 0 ? summary.groups : summary.groups.slice(0, style.limit);
    for (const group of shown) {
      lines.push(row(groupLabel(summary.by, group.key), cells(group)));
      for (const detail of groupDetails(summary.by, group, group.causeChain)) lines.push(paint('dim', fit(`  ${detail}`)));
    }
    const hidden = summary.groups.slice(shown.length);
    if (hidden.length > 0) {
      const errors = hidden.reduce((sum, group) => sum + group.count, 0);
      lines.push(paint('dim', fit(`… ${counted(hidden.length, 'more group')} (${counted(errors, 'error')}): --limit 0 lists them all`)));
    }
    if (summary.other !== undefined) lines.push(row(`other (${counted(summary.other.groups, 'group')})`, cells(summary.other)));
  } else {
    lines.push('', fit(summary.read.errors > 0 ? 'no errors in the window' : `no faultline error found in ${counted(summary.read.records, unit)}`));
  }
  if (problems.length > 0) lines.push('', ...problems.map((line, index) => paint(index === 0 ? 'yellow' : 'dim', fit(line))));
  if (notes.length > 0) lines.push('', ...notes.map((line) => paint('dim', fit(line))));
  return `${lines.join('\n')}\n`;
}
