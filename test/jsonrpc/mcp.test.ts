// Issue #18, end to end with the real MCP SDK: a faultline error a server sends through JSON-RPC is not
// one of MCP's own codes to the client (0.2's -32001 read as a request timeout), and MCP's own request
// timeout, read back by fromJsonRpcError, is a TimeoutError.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ModelRateLimitError, TimeoutError, ToolExecutionError } from '../../src/index.js';
import { fromJsonRpcError, JSON_RPC_CATEGORY_CODES, toJsonRpcError } from '../../src/jsonrpc/index.js';
import { rejection } from '../rejection.js';

/** A client connected to a server whose tools/call throws `error` as JSON-RPC carries it, or never answers. */
async function connect(error: unknown): Promise<Client> {
  // The low-level server under McpServer: a tools/call handler whose throw the SDK sends as a JSON-RPC error.
  const { server } = new McpServer({ name: 'tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'slow') return new Promise(() => { /* never answers */ });
    const { error: member } = toJsonRpcError(error, null, { expose: true });
    // What the SDK sends for a handler's throw: its code, its message and its data.
    throw Object.assign(new Error(member.message), { code: member.code, data: member.data });
  });
  const client = new Client({ name: 'agent', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}


describe('faultline/jsonrpc across the Model Context Protocol', () => {
  it('sends a model error with a code of its own, which the MCP client does not take for a request timeout, and reads it back', async () => {
    const client = await connect(new ModelRateLimitError('Slow down', { provider: 'openai', retryAfterMs: 2000 }));
    const error = await rejection(client.callTool({ name: 'ask', arguments: {} }));
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(JSON_RPC_CATEGORY_CODES.MODEL);
    expect(Object.values(ErrorCode)).not.toContain((error as McpError).code);
    const back = fromJsonRpcError(error);
    expect([back.constructor, back.message, back.retryAfterMs]).toEqual([ModelRateLimitError, 'Slow down', 2000]);
    await client.close();
  });

  it('sends a tool error with a code MCP does not define either', async () => {
    const client = await connect(new ToolExecutionError('Index unavailable', { toolName: 'search' }));
    const error = await rejection(client.callTool({ name: 'search', arguments: {} }));
    expect((error as McpError).code).toBe(JSON_RPC_CATEGORY_CODES.TOOL);
    expect(Object.values(ErrorCode)).not.toContain((error as McpError).code);
    expect(fromJsonRpcError(error)).toBeInstanceOf(ToolExecutionError);
    await client.close();
  });

  it('reads the SDK’s own request timeout (-32001, no faultline data) as a TimeoutError that keeps the code', async () => {
    const client = await connect(undefined);
    const error = await rejection(client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 20 }));
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout);
    const back = fromJsonRpcError(error);
    expect([back.constructor, back.details, back.cause]).toEqual([TimeoutError, { jsonRpcCode: -32001 }, error]);
    await client.close();
  });
});
