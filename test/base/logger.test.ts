// What a real logger writes of a faultline error: pino with its default error serializer, and
// pino given serializeError, as the README's tour recommends.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, serializeError, ToolError } from '../../src/index.js';

/** One log line, written synchronously into memory and parsed. */
function logLine(options: pino.LoggerOptions, error: Error): Record<string, unknown> {
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
});
