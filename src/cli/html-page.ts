import { createHash } from 'node:crypto';
import type { ErrorSummary, GroupNumbers, GroupSummary, Timeline } from '../report/index.js';
import { count, counted, ellipsized, sourceWords, groupHeading, groupLabel, percent, readNotes, seenWords, time, topValues, unitOf, where } from './summary-text.js';

/*
 * The report as one self-contained HTML page: no request leaves it (its Content-Security-Policy allows
 * nothing but its own style and script, by hash). The charts are SVG drawn here, each bar and segment with
 * its numbers as text (labels, titles, and the tables beside them), so that a screen reader reads them.
 */

const BAR_ROWS = 20;
const CHART_WIDTH = 900;
const COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c9c9c'];

const STYLE = `
:root { color-scheme: light dark; font: 14px/1.45 system-ui, sans-serif; }
body { margin: 24px auto; max-width: 1200px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
.muted, .axis, .bar-value { color: GrayText; fill: GrayText; }
svg { max-width: 100%; height: auto; overflow: visible; } svg text { font-size: 12px; fill: CanvasText; }
svg text.axis, svg text.bar-value { fill: GrayText; }
table { border-collapse: collapse; margin: 8px 0; } th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #8884; vertical-align: top; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; } td.number, td.time { white-space: nowrap; }
caption { text-align: left; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
.wide { overflow-x: auto; } pre { max-width: 640px; max-height: 420px; overflow: auto; margin: 4px 0; font-size: 12px; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; }
${COLORS.map((color, index) => `.c${index} { fill: ${color}; background: ${color}; }`).join('\n')}
`;

// Sorts the groups' table by the column whose heading is pressed: numbers most first, text A to Z; pressed again, the other way.
const SCRIPT = `
for (const button of document.querySelectorAll('#groups thead button')) {
  button.addEventListener('click', () => {
    const heading = button.closest('th');
    const column = [...heading.parentElement.children].indexOf(heading);
    const numeric = heading.classList.contains('number');
    const current = heading.getAttribute('aria-sort');
    const order = current === null ? (numeric ? 'descending' : 'ascending') : current === 'descending' ? 'ascending' : 'descending';
    const body = document.querySelector('#groups tbody');
    const value = (row) => row.children[column].dataset.sort ?? row.children[column].textContent;
    const rows = [...body.rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const compared = numeric ? Number(left) - Number(right) : left.localeCompare(right);
      return order === 'ascending' ? compared : -compared;
    });
    body.append(...rows);
    for (const other of document.querySelectorAll('#groups thead th')) other.removeAttribute('aria-sort');
    heading.setAttribute('aria-sort', order);
  });
}
`;

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Text safe anywhere in HTML: in an element or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** One self-contained page: no request leaves it (its content policy allows only its own style and script). */
export function htmlPage(summary: ErrorSummary): string {
  const policy = `default-src 'none'; style-src ${sha256(STYLE)}; script-src ${sha256(SCRIPT)}; base-uri 'none'; form-action 'none'`;
  const unit = unitOf(summary);
  const { sources } = summary.read;
  const from = sourceWords(summary);
  const seen = seenWords(summary) === '' ? '' : `, ${seenWords(summary)} UTC`;
  const { problems, notes } = readNotes(summary);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>faultline report: ${count(summary.errors)} errors</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>faultline report</h1>
<p>${counted(summary.errors, 'error')} in ${counted(summary.read.records, unit)} read from ${escapeHtml(from)}${escapeHtml(seen)}, grouped by ${escapeHtml(groupHeading(summary.by))}.</p>
${problems.length > 0 ? `<p><strong>${escapeHtml(problems[0] ?? '')}</strong>: see <a href="#read">what was read</a>.</p>` : ''}
</header>
<main>
${summary.groups.length === 0 ? `<p>${summary.read.errors > 0 ? 'No errors in the window.' : `No faultline error found in ${counted(summary.read.records, unit)}.`}</p>` : `${barChart(summary)}
${summary.timeline === undefined ? '' : timelineChart(summary.timeline)}
${groupTable(summary)}`}
<section aria-labelledby="read">
<h2 id="read">What was read</h2>
<table>
<caption class="muted">Each source, and what could not be read from it.</caption>
<thead><tr><th>source</th><th class="number">${unit}s</th><th class="number">errors</th><th class="number">could not be read</th><th>stopped because</th></tr></thead>
<tbody>
${sources.map((source) => `<tr><td>${escapeHtml(source.name)}</td><td class="number">${count(source.records)}</td><td class="number">${count(source.errors)}</td><td class="number">${count(source.problems)}</td><td>${escapeHtml(source.failure ?? '')}</td></tr>`).join('\n')}
</tbody>
</table>
${problems.length > 0 ? `<p>${escapeHtml(problems[0] ?? '')}</p>\n<ul>\n${summary.read.firstProblems.map((problem) => `<li>${escapeHtml(`${where(problem)}: ${problem.reason}`)}</li>`).join('\n')}\n</ul>` : '<p>Every record could be read.</p>'}
${notes.map((note) => `<p class="muted">${escapeHtml(note)}</p>`).join('\n')}
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** The failure modes as horizontal bars, the largest first: each with its label, count and share as text. */
function barChart(summary: ErrorSummary): string {
  const shown = summary.groups.slice(0, BAR_ROWS);
  const hidden = summary.groups.slice(BAR_ROWS);
  const rows: { label: string; numbers: Pick<GroupNumbers, 'count' | 'share'> }[] = shown.map((group) => ({ label: groupLabel(summary.by, group.key), numbers: group }));
  if (hidden.length > 0) {
    const errors = hidden.reduce((sum, group) => sum + group.count, 0);
    rows.push({ label: `${count(hidden.length)} more groups`, numbers: { count: errors, share: errors / summary.errors } });
  }
  if (summary.other !== undefined) rows.push({ label: `other (${counted(summary.other.groups, 'group')})`, numbers: summary.other });
  const max = Math.max(1, ...rows.map((row) => row.numbers.count));
  const labelWidth = 300;
  const barSpace = CHART_WIDTH - labelWidth - 140;
  const height = rows.length * 24 + 4;
  const bars = rows.map((row, index) => {
    const y = index * 24;
    const width = Math.max(1, (row.numbers.count / max) * barSpace);
    const text = `${count(row.numbers.count)} (${percent(row.numbers.share)})`;
    const label = ellipsized(row.label, 44);
    return `<g><title>${escapeHtml(`${row.label}: ${text} of the errors`)}</title>`
      + `<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end">${escapeHtml(label)}</text>`
      + `<rect class="c0 bar" x="${labelWidth}" y="${y + 4}" width="${width.toFixed(1)}" height="16" data-count="${row.numbers.count}"></rect>`
      + `<text class="bar-value" x="${(labelWidth + width + 6).toFixed(1)}" y="${y + 16}">${text}</text></g>`;
  });
  const description = rows.map((row) => `${row.label}: ${count(row.numbers.count)} (${percent(row.numbers.share)})`).join('; ');
  return `<section aria-labelledby="modes">
<h2 id="modes">Failure modes, by ${escapeHtml(groupHeading(summary.by))}</h2>
<svg id="modes-chart" role="img" aria-labelledby="modes-title modes-desc" viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}">
<title id="modes-title">Errors by ${escapeHtml(groupHeading(summary.by))}</title>
<desc id="modes-desc">${escapeHtml(description)}</desc>
${bars.join('\n')}
</svg>
</section>`;
}

/** Errors over time, a column per bucket stacked by code, with a legend and the numbers as a table. */
function timelineChart(timeline: Timeline): string {
  const series = [...timeline.codes, 'other codes'];
  const stacks = timeline.buckets.map((bucket) => [...bucket.counts, bucket.others]);
  const max = Math.max(1, ...stacks.map((stack) => stack.reduce((sum, n) => sum + n, 0)));
  const [left, top, plotWidth, plotHeight] = [56, 8, CHART_WIDTH - 64, 200];
  // A column no wider than 40: a night of a few buckets is not drawn as a few walls.
  const step = Math.min(40, plotWidth / stacks.length);
  const span = (start: string): string => `${time(start)} – ${time(new Date(Date.parse(start) + timeline.bucketMs).toISOString())} UTC`;
  const columns = timeline.buckets.map((bucket, index) => {
    let y = top + plotHeight;
    const stack = stacks[index] ?? [];
    return stack.map((n, code) => {
      if (n === 0) return '';
      const height = (n / max) * plotHeight;
      y -= height;
      return `<rect class="c${code} segment" x="${(left + index * step + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, step - 2).toFixed(1)}" height="${height.toFixed(1)}" data-code="${escapeHtml(series[code] ?? '')}" data-count="${n}">`
        + `<title>${escapeHtml(`${series[code] ?? ''}: ${counted(n, 'error')}, ${span(bucket.start)}`)}</title></rect>`;
    }).join('');
  });
  const totals = series.map((_, code) => stacks.reduce((sum, stack) => sum + (stack[code] ?? 0), 0));
  const first = timeline.buckets[0]?.start ?? '';
  const last = timeline.buckets.at(-1)?.start ?? '';
  const width = duration(timeline.bucketMs);
  const legend = series.map((code, index) => ((totals[index] ?? 0) > 0 ? `<li><span class="swatch c${index}"></span>${escapeHtml(code)}: ${count(totals[index] ?? 0)}</li>` : '')).join('');
  return `<section aria-labelledby="over-time">
<h2 id="over-time">Failures over time, by code</h2>
<p class="muted">Columns of ${width}, stacked by code (UTC).</p>
<svg id="timeline-chart" role="img" aria-labelledby="timeline-title timeline-desc" viewBox="0 0 ${CHART_WIDTH} ${plotHeight + 40}" width="${CHART_WIDTH}" height="${plotHeight + 40}">
<title id="timeline-title">Errors per ${width}, stacked by code, from ${escapeHtml(time(first))} to ${escapeHtml(time(last))} UTC</title>
<desc id="timeline-desc">${escapeHtml(series.flatMap((code, index) => ((totals[index] ?? 0) > 0 ? [`${code}: ${count(totals[index] ?? 0)}`] : [])).join('; '))}; at most ${count(max)} in one column. The table below the chart lists every column.</desc>
<text class="axis" x="${left - 6}" y="${top + 10}" text-anchor="end">${count(max)}</text>
<text class="axis" x="${left - 6}" y="${top + plotHeight}" text-anchor="end">0</text>
<text class="axis" x="${left}" y="${top + plotHeight + 20}">${escapeHtml(time(first))}</text>
<text class="axis" x="${Math.max(left + 150, left + step * stacks.length).toFixed(1)}" y="${top + plotHeight + 20}" text-anchor="end">${escapeHtml(time(last))}</text>
${columns.join('\n')}
</svg>
<ul class="legend">${legend}</ul>
<details><summary>The numbers behind the chart</summary>
<div class="wide"><table id="timeline-table">
<thead><tr><th>from (UTC)</th>${series.map((code) => `<th class="number">${escapeHtml(code)}</th>`).join('')}</tr></thead>
<tbody>
${timeline.buckets.map((bucket, index) => `<tr><td>${escapeHtml(time(bucket.start))}</td>${(stacks[index] ?? []).map((n) => `<td class="number">${count(n)}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table></div>
</details>
</section>`;
}

/** A bucket's width in words: `10 minutes`, `1 hour`, `7 days`. */
function duration(ms: number): string {
  const [value, unit] = ms >= 86_400_000 ? [ms / 86_400_000, 'day'] : ms >= 3_600_000 ? [ms / 3_600_000, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** The groups as a table that sorts, each with its example error behind a disclosure. */
function groupTable(summary: ErrorSummary): string {
  const numberCell = (value: number, text: string): string => `<td class="number" data-sort="${value}">${escapeHtml(text)}</td>`;
  const textCell = (text: string): string => `<td>${escapeHtml(text)}</td>`;
  const cells = (numbers: GroupNumbers, chain: GroupSummary['causeChain']): string => [
    numberCell(numbers.count, count(numbers.count)),
    numberCell(numbers.share, percent(numbers.share)),
    numberCell(numbers.retryableShare, percent(numbers.retryableShare)),
    numberCell(numbers.tokens.total, numbers.tokens.errors > 0 ? count(numbers.tokens.total) : '–'),
    numberCell(numbers.contextOverflows.count, overflowText(numbers)),
    textCell(topValues(numbers.rateLimits, 4)),
    textCell(topValues(numbers.providers)),
    textCell(topValues(numbers.models)),
    textCell(topValues(numbers.tools)),
    `<td class="time">${numbers.firstSeen === undefined ? '' : escapeHtml(time(numbers.firstSeen))}</td>`,
    `<td class="time">${numbers.lastSeen === undefined ? '' : escapeHtml(time(numbers.lastSeen))}</td>`,
    textCell(chain === undefined ? '' : `${chain.chain.join(' → ')} (${count(chain.count)})`),
  ].join('');
  const headings = [
    ...summary.by.map((field) => `<th scope="col"><button type="button">${field}</button></th>`),
    ...['errors', 'share', 'retryable', 'tokens lost', 'context overflows'].map((heading) => `<th scope="col" class="number"${heading === 'errors' ? ' aria-sort="descending"' : ''}><button type="button">${heading}</button></th>`),
    ...['rate limits hit', 'providers', 'models', 'tools', 'first seen', 'last seen', 'most common cause chain'].map((heading) => `<th scope="col"><button type="button">${heading}</button></th>`),
    '<th scope="col">example</th>',
  ];
  const rows = summary.groups.map((group) => `<tr>${summary.by.map((field) => textCell(group.key[field] ?? '(none)')).join('')}${cells(group, group.causeChain)}`
    + `<td>${group.example === undefined ? '' : `<details><summary>example</summary><pre>${escapeHtml(JSON.stringify(group.example, null, 2))}</pre></details>`}</td></tr>`);
  const other = summary.other;
  return `<section aria-labelledby="groups-heading">
<h2 id="groups-heading">Groups</h2>
<p class="muted">Press a heading to sort by it. Each group's example is its first error, as the contract holds it (redacted, no stack).</p>
<div class="wide"><table id="groups">
<caption class="muted">${counted(summary.groups.length, 'group')} by ${escapeHtml(groupHeading(summary.by))}${other === undefined ? '' : `, and ${count(other.groups)} more summed as other`}.</caption>
<thead><tr>${headings.join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
${other === undefined ? '' : `<tfoot><tr><th scope="row" colspan="${summary.by.length}">other (${counted(other.groups, 'group')})</th>${cells(other, undefined)}<td></td></tr></tfoot>`}
</table></div>
</section>`;
}

function overflowText(numbers: GroupNumbers): string {
  const overflow = numbers.contextOverflows;
  if (overflow.count === 0) return '–';
  return overflow.maxOverTokens === undefined ? count(overflow.count) : `${count(overflow.count)} (at most ${count(overflow.maxOverTokens)} over)`;
}
