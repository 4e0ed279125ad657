// The JSON of `--json` is what docs/report.md says it is: the schema printed there (read from the page itself)
// accepts every summary below, which between them set every field, and rejects a field it does not list.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelContextLengthError, ModelRateLimitError, serializeError, ToolError } from '../../src/index.js';
import { summarizeErrors, type ErrorSummary } from '../../src/report/index.js';

const page = readFileSync(fileURLToPath(new URL('../../docs/report.md', import.meta.url)), 'utf8');
const section = page.slice(page.indexOf('## The JSON of `--json`'));
const schemaText = section.slice(section.indexOf('```json\n') + 8, section.indexOf('\n```', section.indexOf('```json\n')));
const schema = z.fromJSONSchema(JSON.parse(schemaText) as Parameters<typeof z.fromJSONSchema>[0]);

const T0 = Date.parse('2025-06-01T22:00:00.000Z');
const rich = [
  { time: T0, err: serializeError(new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o', rateLimit: { dimension: 'tokens' }, usage: { inputTokens: 5 } })) },
  { time: T0 + 60_000, err: serializeError(new ModelContextLengthError({ requestedTokens: 10, maxContextTokens: 8 })) },
  { time: T0 + 120_000, err: serializeError(ToolError.from(new TypeError('fetch failed'), { toolName: 'search' })) },
  { time: T0 + 180_000, err: serializeError(new ToolError({ code: 'C4' })) },
  'not json',
  JSON.stringify({ err: { ...serializeError(new ToolError()), retryable: 'yes' } }),
];

const failing = {
  [Symbol.iterator](): Iterator<unknown> {
    throw new Error('unexpected end of file');
  },
};

async function summaries(): Promise<ErrorSummary[]> {
  return [
    await summarizeErrors([]),
    await summarizeErrors(rich),
    await summarizeErrors(rich, { by: ['provider', 'model', 'tool', 'category', 'code'], since: T0, until: T0 + 120_000 }),
    await summarizeErrors(rich, { maxGroups: 1 }),
    await summarizeErrors({ sources: [{ name: 'a', records: rich }, { name: 'rows', unit: 'row', records: [{ id: 1 }] }, { name: 'cut', records: failing }] }),
  ];
}

describe('the schema of --json in docs/report.md', () => {
  it('accepts every summary, and the summaries set every field it lists', async () => {
    const all = await summaries();
    for (const summary of all) expect(schema.safeParse(JSON.parse(JSON.stringify(summary))).error).toBeUndefined();
    const text = JSON.stringify(all);
    const listed = [...schemaText.matchAll(/"([A-Za-z-]+)": \{/g)].map((match) => match[1] ?? '').filter((name) => !['properties', '$defs', 'items'].includes(name));
    expect(listed.filter((name) => !text.includes(`"${name}":`) && !['field', 'unit', 'count', 'share', 'valueCounts', 'tokens', 'contextOverflows', 'key'].includes(name))).toEqual([]);
  });

  it('rejects a field it does not list', async () => {
    const [, summary] = await summaries();
    expect(schema.safeParse({ ...summary, extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ ...summary, groups: [{ ...summary?.groups[0], extra: 1 }] }).success).toBe(false);
  });
});
