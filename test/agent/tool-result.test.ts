import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, ModelQuotaExceededError, SecurityError, ToolExecutionError, ToolNotFoundError, ToolPermissionError,
  ToolTimeoutError, UnknownError, ValidationError,
} from '../../src/index.js';
import { safeTool, toToolResult, type SafeToolDefinition } from '../../src/agent/index.js';
import { BUILT_IN_CLASSES } from '../../src/read-back/class-registry.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

describe('toToolResult', () => {
  it.each([
    ['a ValidationError', new ValidationError({ fields: { query: 'Required' } }), 'validation', false],
    ['a tool that threw', new ToolExecutionError('disk full'), 'runtime', false],
    ['a ToolTimeoutError', new ToolTimeoutError(), 'aborted', false],
    ['an UnknownError', new UnknownError(), 'exception', false],
    ['a SecurityError', new SecurityError(), 'runtime', true],
    ['a ToolPermissionError', new ToolPermissionError(), 'runtime', true],
    ['an AuthError', new AuthenticationError(), 'runtime', true],
    ['a quota error', new ModelQuotaExceededError(), 'runtime', false],
  ] as const)('types %s and halts only where the model must not route around it', (_, error, errorType, halt) => {
    const result = toToolResult(error);
    expect([result.ok, result.errorType, result.halt, result.code, result.retryable]).toEqual([false, errorType, halt, error.code, error.retryable]);
    expect(result.recommendations.length).toBeGreaterThan(0);
  });

  it('lists the tools that exist for a ToolNotFoundError, and adds the caller’s recommendations per tool', () => {
    const result = toToolResult(new ToolNotFoundError({ toolName: 'delete', recommendations: ['Ask the user.'] }), {
      availableTools: ['search', 'read'], recommendationsByTool: { delete: ['Deleting is never allowed.'] },
    });
    expect(result).toEqual({
      ok: false, error: 'The requested tool is not registered', errorType: 'runtime', retryable: false, halt: false,
      recommendations: ['Ask the user.', 'Call one of the tools that exist: search, read.', 'Deleting is never allowed.'], code: 'TOOL_NOT_FOUND',
    });
  });

  // Every class the registry knows as built in, so that a class added later cannot slip through.
  it.each(BUILT_IN_CLASSES.map((Class) => [Class.name, Class] as const))('has default recommendations for %s', (_, Class) => {
    const error = new (Class as unknown as new () => { readonly code: string })();
    expect(toToolResult(error).recommendations).toEqual([expect.stringMatching(/^[A-Z].+\.$/)]);
  });

  it('redacts the message and normalizes any thrown value', () => {
    expect(toToolResult(new Error('token=sk-live-1 rejected')).error).toBe('token=[REDACTED] rejected');
    expect(toToolResult('boom').errorType).toBe('exception');
  });
});

describe('safeTool', () => {
  const searchDefinition: SafeToolDefinition<{ readonly query: string }, string[]> = {
    name: 'search',
    input: z.object({ query: z.string().min(1) }),
    run: async ({ query }, { signal }) => {
      if (query === 'slow') await new Promise((resolve) => { signal.addEventListener('abort', resolve); });
      if (query === 'none') return { ok: false as const, error: 'No results for that query' };
      if (query === 'throw') throw new Error('index unavailable');
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown non-Error is the case under test
      if (query === 'string') throw 'a thrown string';
      return [`result for ${query}`];
    },
  };
  // Long, so that no case but the slow one can time out on a loaded machine.
  const search = safeTool({ ...searchDefinition, timeoutMs: 60_000 });
  const slowSearch = safeTool({ ...searchDefinition, timeoutMs: 20 });

  it('gives { ok: true, value } on success', async () => {
    expect(await search({ query: 'cats' })).toEqual({ ok: true, value: ['result for cats'] });
  });

  it('gives a validation result naming the fields for input the schema refuses', async () => {
    const result = await search({ query: '' });
    expect(result).toMatchObject({ ok: false, errorType: 'validation', code: 'VALIDATION_FAILED' });
    expect(!result.ok && result.error.startsWith('Validation failed: query:')).toBe(true);
  });

  it('gives a logical result for a failure the tool reports', async () => {
    expect(await search({ query: 'none' })).toMatchObject({ ok: false, errorType: 'logical', error: 'No results for that query', code: 'TOOL_EXECUTION_ERROR' });
  });

  it('gives a runtime result for an Error thrown, and an exception result for anything else thrown', async () => {
    expect(await search({ query: 'throw' })).toMatchObject({ ok: false, errorType: 'runtime', error: 'index unavailable' });
    expect(await search({ query: 'string' })).toMatchObject({ ok: false, errorType: 'exception' });
  });

  it('gives an aborted result built on ToolTimeoutError past timeoutMs, and aborts the run’s signal', async () => {
    expect(await slowSearch({ query: 'slow' })).toMatchObject({ ok: false, errorType: 'aborted', code: 'TOOL_TIMEOUT', retryable: true });
  });

  it('never lets a failing onError hook break the call, and tells it the phase and the error', async () => {
    const events: string[] = [];
    const tool = safeTool({
      name: 'broken',
      input: z.object({}),
      run: () => { throw new Error('x'); },
      onError: (event) => {
        events.push(`${event.phase} ${event.severity} ${event.error.code}`);
        throw new Error('listener failed');
      },
    });
    expect(await tool({})).toMatchObject({ ok: false, errorType: 'runtime' });
    expect(events).toEqual(['tool error TOOL_EXECUTION_ERROR']);
  });

  // The hostile values of the core's hardening corpus, each thrown by run, thrown by the schema, and
  // returned by the schema in place of its result.

  it.each(HOSTILE_KINDS)('never rejects when run throws a %s, and calls it an exception', async (kind) => {
    const tool = safeTool({ name: 'hostile', input: z.object({}), run: () => { throw hostileValue(kind); } });
    const result = await tool({});
    expect(result).toMatchObject({ ok: false, errorType: 'exception', code: 'TOOL_EXECUTION_ERROR', retryable: false, halt: false });
  });

  it.each(HOSTILE_KINDS)('never rejects when the input schema throws or answers a %s', async (kind) => {
    const throwing = safeTool({ name: 'hostile', input: { safeParse: () => { throw hostileValue(kind); } }, run: () => 1 });
    const answering = safeTool({ name: 'hostile', input: { safeParse: () => hostileValue(kind) as never }, run: () => 1 });
    expect(await throwing({})).toMatchObject({ ok: false, errorType: 'exception' });
    expect((await answering({})).ok).toBe(false);
  });

  it.each(HOSTILE_KINDS)('never rejects when run returns a %s', async (kind) => {
    const tool = safeTool({ name: 'hostile', input: z.object({}), run: () => hostileValue(kind) });
    const result = await tool({});
    expect(typeof result.ok).toBe('boolean');
  });

  it('isolates an onError hook that returns a promise that rejects: no rejection is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', onUnhandled);
    try {
      const events: string[] = [];
      const tool = safeTool({
        name: 'broken', input: z.object({}), run: () => { throw new Error('x'); },
        // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async hook that rejects is the case under test
        onError: async (event) => { events.push(event.error.code); await Promise.resolve(); throw new Error('async listener failed'); },
      });
      expect(await tool({})).toMatchObject({ ok: false, errorType: 'runtime' });
      await new Promise((resolve) => { setImmediate(resolve); });
      expect([events, unhandled]).toEqual([['TOOL_EXECUTION_ERROR'], []]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
