// The HTML page, as text: self-contained (its policy allows its own style and script alone, by hash, and it
// names no other resource), every value of the input escaped, and the numbers of each chart written as text.
// How it renders, sorts and expands in a browser: scripts/report/run.mjs (npm run test:report), in Chromium.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ModelRateLimitError, serializeError, ToolError } from '../../src/index.js';
import { summarizeErrors } from '../../src/report/index.js';
import { escapeHtml, htmlPage } from '../../src/cli/html-page.js';

const T0 = Date.parse('2025-06-01T22:00:00.000Z');
const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';

const records = [
  ...Array.from({ length: 3 }, (_, index) => ({ time: T0 + index * 60_000, err: serializeError(new ModelRateLimitError({ provider: 'openai' })) })),
  { time: T0, err: serializeError(new ToolError(HOSTILE, { code: HOSTILE, toolName: HOSTILE })) },
];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
function between(text: string, open: string, close: string): string {
  const start = text.indexOf(open) + open.length;
  return text.slice(start, text.indexOf(close, start));
}

describe('htmlPage', () => {
  it('allows nothing but its own style and script, by their hashes, and names no resource to fetch', async () => {
    const page = htmlPage(await summarizeErrors([...records, 'not json']));
    const policy = between(page, 'http-equiv="Content-Security-Policy" content="', '"');
    expect(policy.replace(/&#39;/g, "'")).toBe(`default-src 'none'; style-src ${sha256(between(page, '<style>', '</style>'))}; script-src ${sha256(between(page, '<script>', '</script>'))}; base-uri 'none'; form-action 'none'`);
    expect(page.match(/<script/g)).toHaveLength(1);
    // Attribute values emptied first: what they hold is escaped text, not markup.
    expect(page.replace(/"[^"]*"/g, '""')).not.toMatch(/<[a-z][^>]*\s(?:src|action|srcset)=|<link|<iframe|<img|<object|<embed|url\(|@import/);
    expect([...page.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(['#read']);
  });

  it('escapes every value of the input', async () => {
    const page = htmlPage(await summarizeErrors(records));
    expect(page).not.toContain(HOSTILE);
    expect(page).toContain(escapeHtml(HOSTILE));
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  it('writes each bar’s count and share as text, and each timeline segment’s count in its title', async () => {
    const page = htmlPage(await summarizeErrors(records));
    const bars = [...page.matchAll(/<rect class="c0 bar"[^>]*data-count="(\d+)"><\/rect><text class="bar-value"[^>]*>([^<]*)<\/text>/g)].map((match) => [match[1], match[2]]);
    expect(bars).toEqual([['3', '3 (75.0%)'], ['1', '1 (25.0%)']]);
    expect(between(page, '<desc id="modes-desc">', '</desc>')).toBe(`MODEL_RATE_LIMITED: 3 (75.0%); ${escapeHtml(HOSTILE)}: 1 (25.0%)`);
    expect([...page.matchAll(/data-code="([^"]*)" data-count="(\d+)"><title>([^<]*)<\/title>/g)].map((match) => [match[1], match[2], match[3]])).toEqual([
      // Two minutes in 5-second columns: the narrowest width that draws them in 96 columns or fewer.
      ['MODEL_RATE_LIMITED', '1', 'MODEL_RATE_LIMITED: 1 error, 2025-06-01 22:00:00 – 2025-06-01 22:00:05 UTC'],
      [escapeHtml(HOSTILE), '1', `${escapeHtml(HOSTILE)}: 1 error, 2025-06-01 22:00:00 – 2025-06-01 22:00:05 UTC`],
      ['MODEL_RATE_LIMITED', '1', 'MODEL_RATE_LIMITED: 1 error, 2025-06-01 22:01:00 – 2025-06-01 22:01:05 UTC'],
      ['MODEL_RATE_LIMITED', '1', 'MODEL_RATE_LIMITED: 1 error, 2025-06-01 22:02:00 – 2025-06-01 22:02:05 UTC'],
    ]);
    expect(between(page, '<desc id="timeline-desc">', '</desc>')).toBe(`MODEL_RATE_LIMITED: 3; ${escapeHtml(HOSTILE)}: 1; at most 2 in one column. The table below the chart lists every column.`);
  });

  it('draws no timeline where the errors have no time, and says when no error was found', async () => {
    expect(htmlPage(await summarizeErrors([serializeError(new ToolError())]))).not.toContain('timeline-chart');
    expect(htmlPage(await summarizeErrors(['{"level":30}']))).toContain('<p>No faultline error found in 1 record.</p>');
  });
});
