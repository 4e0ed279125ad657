/**
 * An MCP client's error, read the same by every entry: normalizeError, ModelError.from and ToolError.from
 * read the real SDK's McpError as faultline/jsonrpc's fromJsonRpcError does, by the faultline error its
 * data carries, or else by its code.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, AuthorizationError, ModelError, ModelQuotaExceededError, ModelRateLimitError, SecurityError, StorageError,
  TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError, UnknownError,
  ValidationError, normalizeError, serializeError, type FaultlineError,
} from '../../src/index.js';
import { fromJsonRpcError, toJsonRpcError } from '../../src/jsonrpc/index.js';

type Class = abstract new (...args: never) => FaultlineError;
const toolNameOf = (error: FaultlineError): unknown => (error as { readonly toolName?: unknown }).toolName;

/** What an MCP client throws when a faultline server answers with `sent`: the SDK's McpError over the response's error member. */
function received(sent: FaultlineError, code?: number): McpError {
  const { error } = toJsonRpcError(sent, 1, { expose: true });
  return new McpError(code ?? error.code, error.message, error.data);
}

describe('an MCP error that carries a faultline error', () => {
  const sent: readonly FaultlineError[] = [
    new ModelRateLimitError('Slow down', { provider: 'openai', model: 'gpt-4o', retryAfterMs: 2000, status: 429 }),
    new ModelQuotaExceededError('Out of credits', { provider: 'anthropic' }),
    new ToolTimeoutError('search took too long', { toolName: 'search', timeoutMs: 5000 }),
    new ToolPermissionError('not allowed', { toolName: 'delete' }),
    new SecurityError('Blocked by policy', { policy: 'pii' }),
    new AuthorizationError('Not yours'),
    new StorageError('Disk full', { details: { volume: 'a' } }),
    new TransientError('Try again', { retryAfterMs: 300 }),
  ];

  it.each(sent.map((error) => [error.name, error] as const))('normalizeError gives the %s the server sent, as fromJsonRpcError does', (_, error) => {
    const thrown = received(error);
    const normalized = normalizeError(thrown);
    expect(normalized.constructor).toBe(error.constructor);
    expect(serializeError(normalized)).toEqual(serializeError(error));
    expect(serializeError(normalized)).toEqual(serializeError(fromJsonRpcError(thrown)));
  });

  it('reads the SecurityError a faultline 0.2 peer sent as -32005 by its data, not as an UnknownError', () => {
    const error = new SecurityError('Blocked by policy', { policy: 'pii' });
    const thrown = received(error, -32005);
    expect(thrown.code).toBe(-32005);
    const normalized = normalizeError(thrown);
    expect(normalized).toBeInstanceOf(SecurityError);
    expect(normalized).toMatchObject({ message: 'Blocked by policy', policy: 'pii', retryable: false });
    expect(ToolError.from(thrown)).toBeInstanceOf(ToolExecutionError);
  });

  it('ModelError.from gives a carried model error its class, with its fields and retryability, the McpError as cause', () => {
    const thrown = received(sent[0] as FaultlineError);
    const error = ModelError.from(thrown, { provider: 'ignored' });
    expect([error.constructor, error.message, error.retryable, error.retryAfterMs, error.provider, error.model, error.status, error.cause])
      .toEqual([ModelRateLimitError, 'Slow down', true, 2000, 'openai', 'gpt-4o', 429, thrown]);
  });

  it('ToolError.from gives a carried tool error its class with its fields, and another family’s error a ToolExecutionError as retryable as it was', () => {
    const timeout = ToolError.from(received(sent[2] as FaultlineError));
    expect(timeout.constructor).toBe(ToolTimeoutError);
    expect(timeout).toMatchObject({ message: 'search took too long', toolName: 'search', timeoutMs: 5000, retryable: true });
    const rateLimited = ToolError.from(received(sent[0] as FaultlineError), { toolName: 'ask' });
    expect([rateLimited.constructor, rateLimited.toolName, rateLimited.retryable, rateLimited.retryAfterMs]).toEqual([ToolExecutionError, 'ask', true, 2000]);
  });

  it('reads data that only looks like faultline’s by its kind, keeping the McpError as cause', () => {
    const thrown = new McpError(-31007, 'Try again', { name: 'TransientError', code: 'TRANSIENT_ERROR', category: 'TRANSIENT', message: 'Try again', retryable: true, retryAfterMs: -5 });
    const error = normalizeError(thrown);
    expect([error.constructor, error.retryable, error.cause]).toEqual([TransientError, true, thrown]);
  });
});

describe('an MCP error without faultline data', () => {
  // Written out from docs/jsonrpc.md's table, not read from src.
  const rows: readonly (readonly [number, string, Class])[] = [
    [-32700, 'Parse error', ValidationError], [-32600, 'Invalid request', ValidationError], [-32602, 'Invalid arguments', ValidationError],
    [-32602, 'Tool get_weather not found', ToolNotFoundError], [-32601, 'Method not found', ToolNotFoundError], [-32603, 'Internal error', UnknownError],
    [-31001, 'x', ModelError], [-31002, 'x', ToolError], [-31003, 'x', AgentError], [-31004, 'x', StorageError], [-31005, 'x', SecurityError],
    [-31006, 'x', AuthError], [-31007, 'x', TransientError], [-31008, 'x', TimeoutError],
    [-32000, 'Connection closed', TransientError], [-32000, 'Bad Request: Server not initialized', UnknownError],
    [-32001, 'Request timed out', TimeoutError], [-32002, 'Resource not found', ValidationError],
    [-32003, 'x', AgentError], [-32004, 'x', StorageError], [-32005, 'x', SecurityError], [-32006, 'x', AuthError], [-32007, 'x', TransientError],
    [-32008, 'x', TimeoutError], [-32042, 'URL elicitation required', UnknownError], [-32099, 'x', UnknownError], [7, 'x', UnknownError],
  ];

  it.each(rows)('code %i (%s) gives normalizeError and fromJsonRpcError the same %O, keeping the code', (code, message, Class) => {
    const thrown = new McpError(code, message);
    const normalized = normalizeError(thrown);
    const read = fromJsonRpcError(thrown);
    expect([normalized.constructor, read.constructor]).toEqual([Class, Class]);
    expect([normalized.retryable, normalized.details?.jsonRpcCode, normalized.cause]).toEqual([read.retryable, code, thrown]);
    expect(toolNameOf(normalized)).toBe(toolNameOf(read));
  });

  it('keeps the tool a server says it does not have, in both readers', () => {
    const thrown = new McpError(-32602, 'Tool get_weather not found');
    expect([normalizeError(thrown), fromJsonRpcError(thrown)]).toMatchObject([{ toolName: 'get_weather' }, { toolName: 'get_weather' }]);
  });

  it('ToolError.from reads the code into the tool family', () => {
    expect(ToolError.from(new McpError(-32007, 'x'))).toMatchObject({ name: 'ToolExecutionError', retryable: true, details: { jsonRpcCode: -32007 } });
    expect(ToolError.from(new McpError(-32001, 'Request timed out', { timeout: 60000 }))).toMatchObject({ name: 'ToolTimeoutError', timeoutMs: 60000, retryable: true });
    expect(ToolError.from(new McpError(-32602, 'Tool get_weather not found'))).toMatchObject({ name: 'ToolNotFoundError', toolName: 'get_weather' });
    expect(ToolError.from(new McpError(-31002, 'x')).constructor).toBe(ToolError);
    expect(ToolError.from(new McpError(-32603, 'x'))).toMatchObject({ name: 'ToolExecutionError', retryable: false });
  });
});
