// The typed round trip through the Model Context Protocol, end to end with the real SDK: an
// McpServer whose tool fails, a Client over the SDK's in-memory transport, and the same class back.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ToolExecutionError, ToolNotFoundError, ValidationError } from '../../src/index.js';
import { fromMcpToolResult, toMcpToolResult } from '../../src/agent/index.js';

describe('toMcpToolResult', () => {
  it('is a CallToolResult by the SDK’s own schema, with text for the model and the error as structuredContent', () => {
    const result = toMcpToolResult(new ToolNotFoundError({ toolName: 'delete' }));
    expect(CallToolResultSchema.parse(result)).toMatchObject({ isError: true });
    expect(result.content).toEqual([{ type: 'text', text: 'ToolNotFoundError [TOOL_NOT_FOUND]: The requested tool is not registered' }]);
    expect(result.structuredContent).toEqual(JSON.parse(JSON.stringify(new ToolNotFoundError({ toolName: 'delete' }))));
  });
});

describe('fromMcpToolResult', () => {
  it('gives undefined for a result that is not an error', () => {
    expect(fromMcpToolResult({ content: [{ type: 'text', text: 'fine' }] })).toBeUndefined();
    expect(fromMcpToolResult(undefined)).toBeUndefined();
  });

  it('makes any other error result a ToolExecutionError carrying its text', () => {
    const result = { isError: true, content: [{ type: 'text', text: 'disk full' }, { type: 'image', data: 'x', mimeType: 'image/png' }], structuredContent: { other: 1 } };
    const error = fromMcpToolResult(result);
    expect([error?.constructor, error?.message, error?.cause]).toEqual([ToolExecutionError, 'disk full', result]);
  });
});

describe('a failing tool, end to end through the real MCP SDK', () => {
  it('comes back to the client as the same class with the same fields', async () => {
    const server = new McpServer({ name: 'test-server', version: '1.0.0' });
    server.registerTool('lookup', { description: 'Looks a user up' }, () =>
      toMcpToolResult(new ValidationError('Invalid arguments', { fields: { userId: 'Required' }, requestId: 'req_7' })),
    );
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const result = await client.callTool({ name: 'lookup', arguments: {} });
      const error = fromMcpToolResult(result);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ message: 'Invalid arguments', fields: { userId: 'Required' }, requestId: 'req_7', retryable: false });
    } finally {
      await client.close();
      await server.close();
    }
  });
});
