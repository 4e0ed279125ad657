// faultline/agent given what a careless author or a hostile peer hands it: tool definitions that are
// not what their types say, timeouts no timer can wait, errors whose getters throw, and MCP results
// shaped to break a reader. Each is refused when the tool is made, or read as unknown (fail closed).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ToolError, TransientError, ValidationError, type FaultlineError } from '../../src/index.js';
import {
  fromMcpToolResult, safeTool, toMcpToolResult, toSpanAttributes, toToolResult, type SafeToolDefinition,
} from '../../src/agent/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { revokedProxy, throwingGetter, throwingProxy, withThrowingGetters } from '../hardening/hostile.js';



const valid: SafeToolDefinition<{ readonly q: string }, string> = { name: 'search', input: z.object({ q: z.string() }), run: ({ q }) => q };

describe('safeTool refuses a definition that is not what its type says, when the tool is made', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['name', { name: '' }, 'safeTool: the option name must be a non-empty string; got ""'],
    ['name', { name: 7 }, 'safeTool: the option name must be a non-empty string; got 7'],
    ['input', { input: {} }, "safeTool: the option input must be a schema with zod's safeParse; got an object"],
    ['run', { run: 'go' }, 'safeTool: the option run must be a function; got "go"'],
    ['timeoutMs', { timeoutMs: Number.NaN }, 'safeTool: the option timeoutMs must be a number, 0 or more (or Infinity); got NaN'],
    ['timeoutMs', { timeoutMs: -1 }, 'safeTool: the option timeoutMs must be a number, 0 or more (or Infinity); got -1'],
    ['onError', { onError: true }, 'safeTool: the option onError must be a function; got true'],
    ['errorType', { errorType: 'fatal' }, "safeTool: the option errorType must be one of 'validation', 'runtime', 'logical', 'aborted', 'exception'; got \"fatal\""],
    ['availableTools', { availableTools: 'search' }, 'safeTool: the option availableTools must be an array of strings; got "search"'],
  ])('%s: %o', (_, change, message) => {
    expect(() => safeTool({ ...valid, ...change } as never)).toThrow(new TypeError(message));
  });
});

describe('safeTool and timeouts no timer can wait', () => {
  it.each([Number.POSITIVE_INFINITY, 2 ** 31, 1e12])('takes a timeoutMs of %s as no limit: a run of 30 ms completes', async (timeoutMs) => {
    const tool = safeTool({ ...valid, run: async ({ q }) => { await sleep(30); return q; }, timeoutMs });
    expect(await tool({ q: 'cats' })).toEqual({ ok: true, value: 'cats' });
  });
});

describe('toToolResult, toMcpToolResult and toSpanAttributes never throw', () => {
  const hostileErrors = (): [string, FaultlineError][] => [
    ['code', withThrowingGetters(new TransientError('x'), 'code')],
    ['retryable', withThrowingGetters(new TransientError('x'), 'retryable')],
    ['retryAfterMs', withThrowingGetters(new TransientError('x'), 'retryAfterMs')],
    ['fields', withThrowingGetters(new ValidationError('x'), 'fields')],
    ['every field', withThrowingGetters(new ToolError('x'), 'code', 'retryable', 'retryAfterMs', 'category', 'details', 'message', 'recommendations')],
  ];

  it.each(hostileErrors())('given an error whose %s getter throws, reading it as unknown', (_, error) => {
    const result = toToolResult(error);
    expect(result.ok).toBe(false);
    expect(typeof result.code).toBe('string');
    expect(toMcpToolResult(error).isError).toBe(true);
    expect(typeof toSpanAttributes(error)['error.type']).toBe('string');
  });

  it('reads an unreadable retryable as not retryable: fail closed', () => {
    expect(toToolResult(withThrowingGetters(new TransientError(), 'retryable')).retryable).toBe(false);
  });

  it.each(['yes', 1])('reads a retryable mutated to %s as not retryable', (value) => {
    const error = new ToolError('x');
    Object.defineProperty(error, 'retryable', { value });
    expect(toToolResult(error).retryable).toBe(false);
  });

  it.each(HOSTILE_KINDS)('given a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(toToolResult(value)).toMatchObject({ ok: false, retryable: false, halt: false });
      expect(toMcpToolResult(value).isError).toBe(true);
      expect(typeof toSpanAttributes(value)['exception.message']).toBe('string');
    }
  });
});

describe('fromMcpToolResult never throws, and keeps what it reads bounded', () => {
  it.each<[string, () => unknown]>([
    ['a revoked Proxy', revokedProxy],
    ['a Proxy whose traps throw', () => throwingProxy()],
    ['an error result whose content is a revoked Proxy', () => ({ isError: true, content: revokedProxy() })],
    ['an error result whose content is a Proxy whose traps throw', () => ({ isError: true, content: throwingProxy([]) })],
    ['an error result whose blocks throw', () => ({ isError: true, content: [throwingGetter({ type: 'text' }, 'text'), throwingProxy()] })],
    ['an error result whose structuredContent is a revoked Proxy', () => ({ isError: true, structuredContent: revokedProxy(), content: [] })],
    ['an error result whose isError getter throws', () => throwingGetter({ content: [] }, 'isError')],
    ['an error result claiming a length of 2³²−1', () => ({ isError: true, content: Object.assign([], { length: 2 ** 32 - 1 }) })],
  ])('given %s', (_, make) => {
    const error = fromMcpToolResult(make());
    expect(error === undefined || error instanceof ToolError).toBe(true);
  });

  it('keeps at most 10,000 characters of a hundred 1 MB text blocks as the message', () => {
    const content = Array.from({ length: 100 }, () => ({ type: 'text', text: 'x'.repeat(1_000_000) }));
    expect(fromMcpToolResult({ isError: true, content })?.message.length).toBe(10_000);
  });
});
