// The terminal table: what it shows for a night of errors (the sample of docs/report.md), every line within
// the width whatever the input holds, colour only when asked, and text from the input never able to drive
// the terminal.
import { describe, expect, it } from 'vitest';
import { ModelContextLengthError, ModelRateLimitError, serializeError, ToolError } from '../../src/index.js';
import { summarizeErrors } from '../../src/report/index.js';
import { terminalTable } from '../../src/cli/terminal-table.js';

const T0 = Date.parse('2025-06-01T22:00:00.000Z');
const PLAIN = { color: false, limit: 20, width: 100 };

/** A socket error under a fetch failure, as undici throws it. */
function fetchFailed(): Error {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:443'), { code: 'ECONNREFUSED' }) });
}

const night = [
  ...Array.from({ length: 6 }, (_, index) => ({
    time: T0 + index * 600_000,
    err: serializeError(new ModelRateLimitError({
      provider: index < 4 ? 'openai' : 'anthropic', model: index < 4 ? 'gpt-4o' : 'claude-sonnet-4',
      rateLimit: { dimension: index % 2 === 1 ? 'tokens' : 'requests' }, usage: { inputTokens: 1200, outputTokens: 0 },
    })),
  })),
  ...Array.from({ length: 3 }, (_, index) => ({ time: T0 + index * 3_600_000, err: serializeError(ToolError.from(fetchFailed(), { toolName: 'web_search' })) })),
  { time: T0 + 7_200_000, err: serializeError(new ModelContextLengthError({ provider: 'openai', model: 'gpt-4o', requestedTokens: 130_000, maxContextTokens: 128_000 })) },
  'not json',
];

describe('terminalTable', () => {
  it('shows each group’s numbers, then its details, then what could not be read', async () => {
    const summary = await summarizeErrors({ sources: [{ name: 'agent.log', records: night }] });
    expect(terminalTable(summary, PLAIN)).toBe(`faultline report: 10 errors in 11 lines read from agent.log
seen 2025-06-01 22:00:00 → 2025-06-02 00:00:00 UTC

code                                               errors   share  retryable  tokens lost  overflows
MODEL_RATE_LIMITED                                      6   60.0%       100%        7,200          –
  providers openai 4, anthropic 2 · models gpt-4o 4, claude-sonnet-4 2
  rate limits hit: requests 3, tokens 3
  tokens lost 7,200 (input 7,200, output 0) in 6 failed calls
  seen 2025-06-01 22:00:00 → 2025-06-01 22:50:00
TOOL_EXECUTION_ERROR                                    3   30.0%       100%            –          –
  tools web_search 3
  seen 2025-06-01 22:00:00 → 2025-06-02 00:00:00
  cause TOOL_EXECUTION_ERROR → TypeError → Error ECONNREFUSED (3 of 3)
MODEL_CONTEXT_LENGTH_EXCEEDED                           1   10.0%         0%            –          1
  providers openai 1 · models gpt-4o 1
  1 context overflow: over by 2,000 tokens (+1.6% of its window)
  seen 2025-06-02 00:00:00

could not read 1 of 11 lines: 1 not JSON
  agent.log line 11: not JSON
`);
  });

  it('lists --limit groups, says how many more, and sums the groups past maxGroups as other', async () => {
    const records = [5, 4, 3, 2, 1].flatMap((n, index) => Array.from({ length: n }, () => serializeError(new ToolError({ code: `C${index}` }))));
    const summary = await summarizeErrors(records, { maxGroups: 4 });
    const lines = terminalTable(summary, { ...PLAIN, limit: 2 }).split('\n');
    expect(lines.slice(3, 7)).toEqual([
      'C0                                                      5   33.3%         0%            –          –',
      'C1                                                      4   26.7%         0%            –          –',
      '… 2 more groups (5 errors): --limit 0 lists them all',
      'other (1 group)                                         1    6.7%         0%            –          –',
    ]);
  });

  it('keeps every line within the width, however long the input’s names, and prints no control character of the input', async () => {
    const long = `MODEL_\u001b[31mRED\u001b[0m_${'X'.repeat(300)}`;
    const records = [serializeError(new ModelRateLimitError({ code: long, provider: `openai\n${'p'.repeat(200)}`, model: 'm'.repeat(300) }))];
    for (const [by, label] of [[['code'], 'MODEL_?[31mRED?[0m_XXX'], [['provider', 'model', 'code'], 'openai?ppp']] as const) {
      const table = terminalTable(await summarizeErrors(records, { by: [...by] }), PLAIN);
      expect(table.split('\n').filter((line) => line.length > 100)).toEqual([]);
      expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/); // eslint-disable-line no-control-regex -- what must not be printed
      expect(table).toContain(label);
    }
    const narrow = terminalTable(await summarizeErrors(records), { ...PLAIN, width: 60 });
    expect(narrow.split('\n').filter((line) => line.length > 60)).toEqual([]);
  });

  it('drops number columns from the right in a narrow terminal, keeping the group’s label readable and cut with …', async () => {
    const summary = await summarizeErrors({ sources: [{ name: 'agent.log', records: night }] });
    const rowsAt = (width: number): string[] => terminalTable(summary, { ...PLAIN, width }).split('\n').slice(3, 5);
    expect(rowsAt(40)).toEqual([
      'code                      errors   share',
      'MODEL_RATE_LIMITED             6   60.0%',
    ]);
    expect(rowsAt(52)).toEqual([
      'code                       errors   share  retryable',
      'MODEL_RATE_LIMITED              6   60.0%       100%',
    ]);
    expect(rowsAt(68)[0]).toBe('code               errors   share  retryable  tokens lost  overflows');
    const long = await summarizeErrors([serializeError(new ModelRateLimitError({ provider: `openai-${'p'.repeat(60)}` }))], { by: ['provider'] });
    expect(terminalTable(long, { ...PLAIN, width: 40 }).split('\n').filter((line) => line.startsWith('openai'))).toEqual(['openai-ppppppppppppppp…        1    100%']);
  });

  it('colours the title, the heading and the details only when asked', async () => {
    const summary = await summarizeErrors({ sources: [{ name: 'agent.log', records: night }] });
    const coloured = terminalTable(summary, { ...PLAIN, color: true });
    expect(coloured.split('\n')[0]).toBe('\u001b[1mfaultline report: 10 errors in 11 lines read from agent.log\u001b[0m');
    expect(coloured).toContain('\u001b[2m  tools web_search 3\u001b[0m');
    expect(coloured).toContain('\u001b[33mcould not read 1 of 11 lines: 1 not JSON\u001b[0m');
    // eslint-disable-next-line no-control-regex -- the escape sequences are what is stripped
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(terminalTable(summary, PLAIN));
  });

  it('says when no error was found, and when none was in the window', async () => {
    expect(terminalTable(await summarizeErrors(['{"level":30}']), PLAIN)).toBe(`faultline report: 0 errors in 1 record read from input

no faultline error found in 1 record

1 record held no faultline error
`);
    const outside = await summarizeErrors([{ time: T0, err: serializeError(new ToolError()) }], { since: T0 + 1000 });
    expect(terminalTable(outside, PLAIN)).toContain('\nno errors in the window\n');
    expect(terminalTable(outside, PLAIN)).toContain('1 error outside the window since 2025-06-01 22:00:01 (or with no time) left out');
  });
});
