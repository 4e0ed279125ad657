// summarizeErrors: the three kinds of record found on their own (a node, a log line as pino writes it, an
// onError event as faultline/retry emits it), the numbers of a group, times and the window, grouping,
// bounded memory, and bad input that never stops it.
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ModelContextLengthError, ModelError, ModelQuotaExceededError, ModelRateLimitError, serializeError, ToolError, ToolExecutionError, TransientError,
  type ErrorEvent,
} from '../../src/index.js';
import { retry } from '../../src/retry/index.js';
import { summarizeErrors, UnreadableRecord, type ErrorSummary, type GroupSummary } from '../../src/report/index.js';
import { pinoLines } from './pino-lines.js';

const T0 = Date.parse('2025-06-01T22:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

/** A socket error under a fetch failure, as undici throws it: the cause chain of a tool that could not connect. */
function fetchFailed(): Error {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:443'), { code: 'ECONNREFUSED' }) });
}

const group = (summary: ErrorSummary, code: string): GroupSummary | undefined => summary.groups.find((found) => found.key.code === code);
const none = { top: [], others: 0 };
const noTokens = { errors: 0, input: 0, output: 0, total: 0, cachedInput: 0, reasoning: 0 };

describe('summarizeErrors finds the error in each kind of record on its own', () => {
  it('a contract node on a line of its own', async () => {
    const summary = await summarizeErrors([JSON.stringify(serializeError(new ToolError({ toolName: 'search' })))]);
    expect(summary.groups.map((found) => [found.key, found.count, found.tools.top])).toEqual([[{ code: 'TOOL_ERROR' }, 1, [{ value: 'search', count: 1 }]]]);
    expect(summary.read).toMatchObject({ records: 1, errors: 1, withoutError: 0 });
  });

  it('a log line pino wrote with serializers: { err: serializeError }, under err or error', async () => {
    const { logger, lines } = pinoLines();
    logger.error({ err: new ModelRateLimitError({ provider: 'openai' }) }, 'model call failed');
    logger.error({ error: new ToolError({ toolName: 'search' }) }, 'tool failed');
    logger.info('a line with no error');
    const summary = await summarizeErrors(lines);
    expect(summary.groups.map((found) => [found.key.code, found.count])).toEqual([['MODEL_RATE_LIMITED', 1], ['TOOL_ERROR', 1]]);
    expect(summary.read).toMatchObject({ records: 3, errors: 2, withoutError: 1, otherErrors: 0 });
  });

  it('a node under any other top-level key', async () => {
    const summary = await summarizeErrors([{ level: 'error', failure: serializeError(new TransientError()) }]);
    expect(summary.groups.map((found) => found.key.code)).toEqual(['TRANSIENT']);
  });

  it('an onError event of faultline/retry, as it is, JSON.stringify-ed, and as pino writes it (logger.warn(event))', async () => {
    const events: ErrorEvent[] = [];
    await expect(retry(() => {
      throw new ModelQuotaExceededError({ provider: 'openai', model: 'gpt-4o' });
    }, { onError: (event) => events.push(event), phase: 'model' })).rejects.toThrow(ModelQuotaExceededError);
    const { logger, lines } = pinoLines();
    for (const event of events) logger.warn(event, 'attempt failed');
    expect(events).toHaveLength(1);
    const summary = await summarizeErrors([...events, JSON.stringify(events[0]), ...lines, { event: events[0] }]);
    expect(summary.groups.map((found) => [found.key.code, found.count, found.providers.top])).toEqual([['MODEL_QUOTA_EXCEEDED', 4, [{ value: 'openai', count: 4 }]]]);
  });

  it('counts a line whose err pino’s own serializer wrote (not the contract) as another line, apart', async () => {
    const { logger, lines } = pinoLines({ serializers: {} });
    logger.error({ err: new Error('boom') }, 'failed');
    const summary = await summarizeErrors(lines);
    expect(summary.read).toMatchObject({ records: 1, errors: 0, withoutError: 1, otherErrors: 1 });
    expect(summary.groups).toEqual([]);
  });

  it('takes the line itself before its keys, and err before other keys', async () => {
    const tool = serializeError(new ToolError());
    const summary = await summarizeErrors([{ other: serializeError(new TransientError()), err: tool }]);
    expect(summary.groups.map((found) => found.key.code)).toEqual(['TOOL_ERROR']);
  });
});

describe('the numbers of a group', () => {
  it('count, share, retryable share, providers, models, rate limits and the tokens of usage', async () => {
    const records = [
      new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o', rateLimit: { dimension: 'requests' }, usage: { inputTokens: 100, outputTokens: 20 } }),
      new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o-mini', rateLimit: { dimension: 'tokens' }, usage: { inputTokens: 50, totalTokens: 60, cachedInputTokens: 10 } }),
      new ModelRateLimitError({ provider: 'anthropic', model: 'claude-sonnet-4', rateLimit: { dimension: 'requests' }, usage: { outputTokens: 7, reasoningTokens: 3 } }),
      new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o' }),
      new ToolError(),
    ].map((error) => serializeError(error));
    const summary = await summarizeErrors(records);
    expect(group(summary, 'MODEL_RATE_LIMITED')).toEqual({
      key: { code: 'MODEL_RATE_LIMITED' },
      count: 4,
      share: 0.8,
      retryable: 4,
      retryableShare: 1,
      providers: { top: [{ value: 'openai', count: 3 }, { value: 'anthropic', count: 1 }], others: 0 },
      models: { top: [{ value: 'gpt-4o', count: 2 }, { value: 'claude-sonnet-4', count: 1 }, { value: 'gpt-4o-mini', count: 1 }], others: 0 },
      tools: none,
      rateLimits: { top: [{ value: 'requests', count: 2 }, { value: 'tokens', count: 1 }], others: 0 },
      // total: 100 + 20 (no totalTokens), 60 (its own), 7 (output alone)
      tokens: { errors: 3, input: 150, output: 27, total: 187, cachedInput: 10, reasoning: 3 },
      contextOverflows: { count: 0, measured: 0 },
      causeChain: { chain: ['MODEL_RATE_LIMITED'], count: 4 },
      example: records[0],
    });
    expect(group(summary, 'TOOL_ERROR')).toMatchObject({ count: 1, share: 0.2, retryable: 0, retryableShare: 0, tokens: noTokens });
  });

  it('the context overflows and how far over they were, measured where both numbers were said', async () => {
    const summary = await summarizeErrors([
      new ModelContextLengthError({ requestedTokens: 130_000, maxContextTokens: 128_000 }),
      new ModelContextLengthError({ requestedTokens: 160_000, maxContextTokens: 128_000 }),
      new ModelContextLengthError({ requestedTokens: 150_000 }),
      new ModelContextLengthError(),
    ].map((error) => serializeError(error)));
    // Over by 2,000 and 32,000: 17,000 on average; 32,000 is a quarter of 128,000.
    expect(group(summary, 'MODEL_CONTEXT_LENGTH_EXCEEDED')?.contextOverflows).toEqual({ count: 4, measured: 2, meanOverTokens: 17_000, maxOverTokens: 32_000, maxOverShare: 0.25 });
  });

  it('reads provider, model, tool, usage and rate limit from the first cause that has them, and the cause chain', async () => {
    const cause = new ModelRateLimitError({ provider: 'anthropic', model: 'claude-sonnet-4', rateLimit: { dimension: 'inputTokens' }, usage: { inputTokens: 9 } });
    const summary = await summarizeErrors([
      serializeError(new ToolExecutionError('the search model failed', { toolName: 'search', cause })),
      serializeError(ToolError.from(fetchFailed(), { toolName: 'fetch_url' })),
      serializeError(ToolError.from(fetchFailed(), { toolName: 'fetch_url' })),
    ]);
    expect(group(summary, 'TOOL_EXECUTION_ERROR')).toMatchObject({
      count: 3,
      providers: { top: [{ value: 'anthropic', count: 1 }], others: 0 },
      models: { top: [{ value: 'claude-sonnet-4', count: 1 }], others: 0 },
      tools: { top: [{ value: 'fetch_url', count: 2 }, { value: 'search', count: 1 }], others: 0 },
      rateLimits: { top: [{ value: 'inputTokens', count: 1 }], others: 0 },
      tokens: { errors: 1, input: 9, output: 0, total: 9, cachedInput: 0, reasoning: 0 },
      causeChain: { chain: ['TOOL_EXECUTION_ERROR', 'TypeError', 'Error ECONNREFUSED'], count: 2 },
    });
  });

  it('keeps as example the group’s first error, cut to small limits and redacted again', async () => {
    const stored = serializeError(new ToolError('x'.repeat(5000), { details: { note: 'key sk-live-abcdefghijklmnopqrstuvwx' } }), { redact: false });
    expect(JSON.stringify(stored)).toContain('sk-live-abcdefghijklmnopqrstuvwx');
    const example = group(await summarizeErrors([stored]), 'TOOL_ERROR')?.example;
    expect(example).toMatchObject({ message: 'x'.repeat(1000), truncated: { message: 5000 }, details: { note: 'key [REDACTED]' } });
  });
});

describe('times', () => {
  it('reads pino’s epoch time, ISO time, a timestamp and an @timestamp; first and last seen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const epoch = pinoLines();
    epoch.logger.error({ err: new ToolError() }, 'failed');
    vi.setSystemTime(T0 + 90_000);
    const iso = pinoLines({ timestamp: pino.stdTimeFunctions.isoTime });
    iso.logger.error({ err: new ToolError() }, 'failed');
    vi.setSystemTime(T0 + 30_000);
    const timestamp = pinoLines({ timestamp: () => `,"timestamp":"${new Date().toISOString()}"` });
    timestamp.logger.error({ err: new TransientError() }, 'failed');
    vi.setSystemTime(T0 + 3_600_000);
    const elastic = pinoLines({ timestamp: () => `,"@timestamp":"${new Date().toISOString()}"` });
    elastic.logger.error({ err: new TransientError() }, 'failed');
    vi.useRealTimers();
    const summary = await summarizeErrors([...epoch.lines, ...iso.lines, ...timestamp.lines, ...elastic.lines, serializeError(new ToolError())]);
    expect([summary.firstSeen, summary.lastSeen]).toEqual(['2025-06-01T22:00:00.000Z', '2025-06-01T23:00:00.000Z']);
    expect([group(summary, 'TOOL_ERROR')?.firstSeen, group(summary, 'TOOL_ERROR')?.lastSeen]).toEqual(['2025-06-01T22:00:00.000Z', '2025-06-01T22:01:30.000Z']);
    expect([group(summary, 'TRANSIENT')?.firstSeen, group(summary, 'TRANSIENT')?.lastSeen]).toEqual(['2025-06-01T22:00:30.000Z', '2025-06-01T23:00:00.000Z']);
  });

  it('has no times, and no timeline, where the records have none', async () => {
    const summary = await summarizeErrors([serializeError(new ToolError())]);
    expect(summary).not.toHaveProperty('firstSeen');
    expect(summary).not.toHaveProperty('timeline');
    expect(summary.groups[0]).not.toHaveProperty('firstSeen');
  });

  it('counts only the errors of the window, and leaves out those with no time', async () => {
    const at = (minutes: number, error: Error) => ({ time: T0 + minutes * 60_000, err: serializeError(error) });
    const records = [at(-1, new ToolError()), at(0, new ToolError()), at(30, new TransientError()), at(60, new ToolError()), at(61, new ToolError()), serializeError(new ToolError())];
    const summary = await summarizeErrors(records, { since: new Date(T0), until: T0 + 3_600_000 });
    expect([summary.errors, summary.read.errors, summary.read.outsideWindow]).toEqual([3, 6, 3]);
    expect([summary.since, summary.until]).toEqual(['2025-06-01T22:00:00.000Z', '2025-06-01T23:00:00.000Z']);
    expect(summary.groups.map((found) => [found.key.code, found.count])).toEqual([['TOOL_ERROR', 2], ['TRANSIENT', 1]]);
  });

  it('counts errors over time by code, in buckets whose width grows with the range', async () => {
    const at = (seconds: number, error: Error) => ({ time: T0 + seconds * 1000, err: serializeError(error) });
    // 0 s to 20 min: 96 buckets of 10 s would span 16 min, so 30 s it is (41 buckets).
    const summary = await summarizeErrors([at(0, new ToolError()), at(10, new ToolError()), at(45, new TransientError()), at(1200, new ToolError())]);
    const timeline = summary.timeline;
    expect([timeline?.bucketMs, timeline?.codes, timeline?.buckets.length]).toEqual([30_000, ['TOOL_ERROR', 'TRANSIENT'], 41]);
    expect(timeline?.buckets[0]).toEqual({ start: '2025-06-01T22:00:00.000Z', counts: [2, 0], others: 0 });
    expect(timeline?.buckets[1]).toEqual({ start: '2025-06-01T22:00:30.000Z', counts: [0, 1], others: 0 });
    expect(timeline?.buckets[40]).toEqual({ start: '2025-06-01T22:20:00.000Z', counts: [1, 0], others: 0 });
    expect(timeline?.buckets.slice(2, 40).every((bucket) => bucket.counts.every((n) => n === 0) && bucket.others === 0)).toBe(true);
  });

  it('shows the 8 codes counted most over time, the others summed', async () => {
    const records = Array.from({ length: 10 }, (_, index) => Array.from({ length: 10 - index }, () => ({ time: T0, err: serializeError(new ToolError({ code: `CODE_${index}` })) }))).flat();
    const timeline = (await summarizeErrors(records)).timeline;
    expect(timeline?.codes).toEqual(['CODE_0', 'CODE_1', 'CODE_2', 'CODE_3', 'CODE_4', 'CODE_5', 'CODE_6', 'CODE_7']);
    expect(timeline?.buckets).toEqual([{ start: '2025-06-01T22:00:00.000Z', counts: [10, 9, 8, 7, 6, 5, 4, 3], others: 3 }]);
  });
});

describe('grouping', () => {
  const records = [
    new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o' }),
    new ModelRateLimitError({ provider: 'openai', model: 'gpt-4o' }),
    new ModelError({ provider: 'anthropic' }),
    new ToolError({ toolName: 'search' }),
  ].map((error) => serializeError(error));

  it('by provider: an error with none in a group of its own, keyed null', async () => {
    const summary = await summarizeErrors(records, { by: 'provider' });
    expect(summary.by).toEqual(['provider']);
    expect(summary.groups.map((found) => [found.key, found.count])).toEqual([[{ provider: 'openai' }, 2], [{ provider: 'anthropic' }, 1], [{ provider: null }, 1]]);
  });

  it('by several fields at once', async () => {
    const summary = await summarizeErrors(records, { by: ['provider', 'code'] });
    expect(summary.groups.map((found) => found.key)).toEqual([
      { provider: 'openai', code: 'MODEL_RATE_LIMITED' }, { provider: 'anthropic', code: 'MODEL_ERROR' }, { provider: null, code: 'TOOL_ERROR' },
    ]);
  });

  it.each([
    ['category', [[{ category: 'MODEL' }, 3], [{ category: 'TOOL' }, 1]]],
    ['model', [[{ model: 'gpt-4o' }, 2], [{ model: null }, 2]]],
    ['tool', [[{ tool: null }, 3], [{ tool: 'search' }, 1]]],
  ] as const)('by %s', async (by, expected) => {
    expect((await summarizeErrors(records, { by })).groups.map((found) => [found.key, found.count])).toEqual(expected);
  });
});

describe('bounded memory', () => {
  const codes = (counts: readonly number[]) => counts.flatMap((n, index) => Array.from({ length: n }, () => serializeError(new ToolError({ code: `C${index}`, toolName: `tool_${index}` }))));

  it('lists the top maxGroups groups and sums the rest as other, totals exact', async () => {
    // Five groups are within twice maxGroups: each is counted whole, then the last two summed.
    const summary = await summarizeErrors(codes([5, 4, 3, 2, 1]), { maxGroups: 3 });
    expect(summary.groups.map((found) => [found.key.code, found.count])).toEqual([['C0', 5], ['C1', 4], ['C2', 3]]);
    expect(summary.other).toMatchObject({ groups: 2, count: 3, share: 3 / 15, tools: { top: [{ value: 'tool_3', count: 2 }, { value: 'tool_4', count: 1 }], others: 0 } });
    expect([summary.errors, summary.approximate]).toEqual([15, false]);
  });

  it('sums the least counted groups as it reads once twice maxGroups are held, and says so', async () => {
    // Five groups seen before the sixth: past 2 × 2 held, the least counted are summed into other.
    const summary = await summarizeErrors(codes([9, 8, 1, 1, 1, 7]), { maxGroups: 2 });
    expect(summary.approximate).toBe(true);
    expect(summary.groups.map((found) => [found.key.code, found.count])).toEqual([['C0', 9], ['C1', 8]]);
    expect(summary.other?.count).toBe(10);
    expect(summary.groups.reduce((sum, found) => sum + found.count, summary.other?.count ?? 0)).toBe(27);
  });

  it('lists 10 values of a field and counts the errors of the others', async () => {
    const records = Array.from({ length: 60 }, (_, index) => serializeError(new ToolError({ toolName: `tool_${String(index).padStart(2, '0')}` })));
    const tools = (await summarizeErrors([...records, ...records.slice(0, 3)])).groups[0]?.tools;
    expect(tools?.top).toHaveLength(10);
    expect(tools?.top.slice(0, 4)).toEqual([{ value: 'tool_00', count: 2 }, { value: 'tool_01', count: 2 }, { value: 'tool_02', count: 2 }, { value: 'tool_03', count: 1 }]);
    expect((tools?.top.reduce((sum, { count }) => sum + count, 0) ?? 0) + (tools?.others ?? 0)).toBe(63);
  });
});

describe('bad input never stops it', () => {
  it('counts a line that is not JSON and an error that fails the contract, with their positions, and reads on', async () => {
    const summary = await summarizeErrors([
      'not json {"secret":"sk-live-123"}',
      '',
      JSON.stringify({ err: { ...serializeError(new ToolError()), retryable: 'yes', usage: 'lots' } }),
      JSON.stringify(serializeError(new ToolError())),
    ]);
    expect(summary.read.problems).toEqual({ 'not-json': 1, 'invalid-error': 1, 'no-error': 0, unreadable: 0 });
    expect(summary.read.firstProblems).toEqual([
      { source: 'input', unit: 'record', position: 1, kind: 'not-json', reason: 'not JSON' },
      { source: 'input', unit: 'record', position: 3, kind: 'invalid-error', reason: 'fails the contract: retryable: Expected a boolean; usage: Expected { inputTokens?, outputTokens?, totalTokens?, cachedInputTokens?, reasoningTokens? }: whole numbers, at least one, no other key' },
    ]);
    expect([summary.read.records, summary.errors]).toEqual([3, 1]);
    expect(JSON.stringify(summary)).not.toContain('sk-live-123');
  });

  it('redacts the reason an error fails the contract, whose paths name the input’s keys', async () => {
    const node = { ...serializeError(new ToolError()), details: { 'sk-live-abcdefghijklmnopqrstuvwx': [null] } };
    const [problem] = (await summarizeErrors([node])).read.firstProblems;
    expect(problem?.reason).toBe('fails the contract: details.[REDACTED].0: Expected a JSON value without null');
  });

  it('never keeps the log line around an error: its message, hostname or other keys', async () => {
    const { logger, lines } = pinoLines();
    logger.error({ err: new ToolError(), user: 'alice@example.com' }, 'card 4111 1111 1111 1111 declined');
    const text = JSON.stringify(await summarizeErrors(lines));
    expect([text.includes('alice@example.com'), text.includes('4111'), text.includes('hostname')]).toEqual([false, false, false]);
  });

  it('counts a row that holds no faultline error as a problem', async () => {
    const summary = await summarizeErrors({ sources: [{ name: 'postgres', unit: 'row', records: [{ id: 1 }, 42, serializeError(new ToolError())] }] });
    expect(summary.read.firstProblems).toEqual([
      { source: 'postgres', unit: 'row', position: 1, kind: 'no-error', reason: 'holds no faultline error' },
      { source: 'postgres', unit: 'row', position: 2, kind: 'no-error', reason: 'holds no faultline error' },
    ]);
    expect(summary.read.withoutError).toBe(0);
  });

  it('counts a source that fails at the position it stopped, keeps what it gave, and reads the next source', async () => {
    async function* truncated() {
      yield await Promise.resolve(JSON.stringify(serializeError(new ToolError())));
      yield JSON.stringify(serializeError(new ToolError()));
      throw Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' });
    }
    const summary = await summarizeErrors({ sources: [{ name: 'a.jsonl.gz', records: truncated() }, { name: 'b.jsonl', records: [serializeError(new TransientError())] }] });
    expect(summary.read.sources).toEqual([
      { name: 'a.jsonl.gz', unit: 'line', records: 2, errors: 2, problems: 1, failure: 'unexpected end of file' },
      { name: 'b.jsonl', unit: 'line', records: 1, errors: 1, problems: 0 },
    ]);
    expect(summary.read.firstProblems).toEqual([{ source: 'a.jsonl.gz', unit: 'line', position: 3, kind: 'unreadable', reason: 'unexpected end of file' }]);
    expect(summary.errors).toBe(3);
  });

  it('redacts the reason a source failed', async () => {
    const failing = {
      [Symbol.iterator](): Iterator<unknown> {
        throw new Error('connect failed: postgres://report:sk-live-abcdefghijklmnopqrstuvwx@db/errors');
      },
    };
    const summary = await summarizeErrors({ sources: [{ name: 'postgres', unit: 'row', records: failing }] });
    expect(summary.read.sources[0]?.failure).not.toContain('sk-live-abcdefghijklmnopqrstuvwx');
  });

  it('counts an UnreadableRecord at its position, with its reason', async () => {
    const summary = await summarizeErrors({ sources: [{ name: 'big.jsonl', records: [new UnreadableRecord('line longer than 16 MiB, passed over'), JSON.stringify(serializeError(new ToolError()))] }] });
    expect(summary.read.firstProblems).toEqual([{ source: 'big.jsonl', unit: 'line', position: 1, kind: 'unreadable', reason: 'line longer than 16 MiB, passed over' }]);
    expect([summary.read.records, summary.errors, summary.read.sources[0]?.failure]).toEqual([2, 1, undefined]);
  });

  it('reports the first 10 problems and counts them all', async () => {
    const summary = await summarizeErrors(Array.from({ length: 25 }, () => '{'));
    expect([summary.read.problems['not-json'], summary.read.firstProblems.length, summary.read.firstProblems.at(-1)?.position]).toEqual([25, 10, 10]);
  });

  it('never throws on hostile records: a Proxy whose every read throws, a getter that throws', async () => {
    const hostile = new Proxy({}, { get() { throw new Error('no'); }, ownKeys() { throw new Error('no'); } });
    const getter = { get err() { throw new Error('no'); } };
    const node = { ...serializeError(new ToolError()), get usage() { throw new Error('no'); } };
    const summary = await summarizeErrors([hostile, getter, node, serializeError(new ToolError())]);
    expect(summary.errors).toBe(1);
    expect(summary.read.firstProblems.map((problem) => [problem.position, problem.kind, problem.reason])).toEqual([
      [1, 'unreadable', 'unreadable record (a read of it threw)'],
      [2, 'unreadable', 'unreadable record (a read of it threw)'],
      [3, 'invalid-error', 'fails the contract: Unreadable input: no'],
    ]);
  });
});

describe('options and sources', () => {
  it.each([
    [{ by: 'host' }, "summarizeErrors: the option by must be one or more of 'code', 'provider', 'model', 'tool', 'category', each once; got \"host\""],
    [{ by: ['code', 'code'] }, "summarizeErrors: the option by must be one or more of 'code', 'provider', 'model', 'tool', 'category', each once; got an array"],
    [{ by: [] }, "summarizeErrors: the option by must be one or more of 'code', 'provider', 'model', 'tool', 'category', each once; got an array"],
    [{ maxGroups: 0 }, 'summarizeErrors: the option maxGroups must be a whole number, 1 or more; got 0'],
    [{ since: new Date('nope') }, 'summarizeErrors: the option since must be a valid Date or epoch milliseconds; got an object'],
    [{ until: '2025-06-01' }, 'summarizeErrors: the option until must be a valid Date or epoch milliseconds; got "2025-06-01"'],
    [{ since: 2, until: 1 }, 'summarizeErrors: the option until must be a time at or after since (1970-01-01T00:00:00.002Z); got 1'],
    [{ group: 'code' }, 'summarizeErrors: the option group must be a known option (by, since, until, maxGroups); got "group"'],
  ])('refuses %j with a TypeError naming the option', async (options, message) => {
    await expect(summarizeErrors([], options as never)).rejects.toThrow(new TypeError(message));
  });

  it.each([
    [42, 'summarizeErrors: the option source must be an iterable or async iterable of records, or { sources }; got 42'],
    [{ sources: [{ name: 'a' }] }, "summarizeErrors: the option sources[0] must be { name: string, records: an iterable, unit?: 'line' | 'row' }; got an object"],
  ])('refuses a source that is none: %j', async (source, message) => {
    await expect(summarizeErrors(source as never)).rejects.toThrow(new TypeError(message));
  });

  it('reads an async iterable and summarizes nothing from nothing', async () => {
    async function* lines() {
      yield await Promise.resolve(JSON.stringify(serializeError(new ToolError())));
    }
    expect((await summarizeErrors(lines())).errors).toBe(1);
    expect(await summarizeErrors([])).toEqual({
      version: 1, by: ['code'], errors: 0, groups: [], approximate: false,
      read: {
        records: 0, errors: 0, withoutError: 0, otherErrors: 0, outsideWindow: 0,
        problems: { 'not-json': 0, 'invalid-error': 0, 'no-error': 0, unreadable: 0 }, firstProblems: [],
        sources: [{ name: 'input', unit: 'record', records: 0, errors: 0, problems: 0 }],
      },
    });
  });
});
