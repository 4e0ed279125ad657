// What a real logger writes of a faultline error: pino with its default error serializer, and
// pino given serializeError, as the README's tour recommends.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthenticationError, serializeError, ToolError, ToolExecutionError, type ErrorEvent } from '../../src/index.js';
import { safeTool } from '../../src/agent/index.js';

/** One log line, written synchronously into memory and parsed. */
function logLine(options: pino.LoggerOptions, error: unknown): Record<string, unknown> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  pino(options, stream).error({ err: error }, 'failed');
  return JSON.parse(lines.join('')) as Record<string, unknown>;
}

describe('pino', () => {
  it('with its default error serializer, writes code, category, retryable and status from the class defaults', () => {
    const err = logLine({}, new AuthenticationError({ requestId: 'req_1' })).err as Record<string, unknown>;
    expect(err.type).toBe('AuthenticationError');
    expect([err.code, err.category, err.retryable, err.status, err.requestId]).toEqual(['AUTH_UNAUTHENTICATED', 'AUTH', false, 401, 'req_1']);
  });

  it('with serializeError, writes the contract: details redacted, no stack', () => {
    const error = new ToolError('Search failed', { toolName: 'search', details: { apiKey: 'sk-live-123', query: 'x' } });
    expect(logLine({ serializers: { err: serializeError } }, error).err).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'Search failed', retryable: false,
      details: { apiKey: '[REDACTED]', query: 'x' }, toolName: 'search',
    });
  });

  it('with its default error serializer, writes details as they are: why the README says to give it serializeError', () => {
    const error = new ToolError('Search failed', { details: { apiKey: 'sk-live-123' } });
    expect((logLine({}, error).err as { details: unknown }).details).toEqual({ apiKey: 'sk-live-123' });
  });

  it('with serializeError, writes an onError event’s error as it is, the same as the error itself', async () => {
    const events: ErrorEvent[] = [];
    const tool = safeTool({
      name: 'search', input: z.object({}), run: () => { throw new ToolExecutionError('Index down', { toolName: 'search', details: { token: 'sk-live-1' } }); },
      onError: (event) => { events.push(event); },
    });
    await tool({});
    const written = {
      name: 'ToolExecutionError', code: 'TOOL_EXECUTION_ERROR', category: 'TOOL', message: 'Index down', retryable: false,
      details: { token: '[REDACTED]' }, toolName: 'search',
    };
    expect(events[0]?.error).toEqual(written);
    expect(logLine({ serializers: { err: serializeError } }, events[0]?.error).err).toEqual(written);
  });
});
