// The typed round trip through the Model Context Protocol, end to end with the real SDK: an
// McpServer whose tool fails, a Client over the SDK's in-memory transport, and the same class back.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ValidationError } from '../../src/index.js';
import { fromMcpToolResult, safeTool, toMcpToolResult, toToolResult } from '../../src/agent/index.js';

describe('toMcpToolResult', () => {
  it('is a CallToolResult by the SDK’s own schema, with text for the model and the error as structuredContent', () => {
    const result = toMcpToolResult(new ToolNotFoundError({ toolName: 'delete' }));
    expect(CallToolResultSchema.parse(result)).toMatchObject({ isError: true });
    expect(result.content).toEqual([{
      type: 'text',
      text: 'ToolNotFoundError [TOOL_NOT_FOUND]: The requested tool is not registered\nWhat to do next: Call one of the tools that exist.',
    }]);
    expect(result.structuredContent).toEqual(JSON.parse(JSON.stringify(new ToolNotFoundError({ toolName: 'delete' }))));
  });

  it('takes the options of toToolResult, and tells the model what to do next', () => {
    const result = toMcpToolResult(new ToolNotFoundError({ toolName: 'delete' }), { availableTools: ['search', 'read'] });
    expect(result.content[0]?.text).toBe(
      'ToolNotFoundError [TOOL_NOT_FOUND]: The requested tool is not registered\nWhat to do next: Call one of the tools that exist: search, read.',
    );
  });

  it('takes a failure of toToolResult as it is: the class, the message and the recommendations are kept', () => {
    const failure = toToolResult(new ToolPermissionError('Deleting is not allowed', { toolName: 'delete' }), { recommendationsByTool: { delete: ['Ask an admin.'] } });
    const result = toMcpToolResult(failure);
    expect(result.structuredContent).toEqual(JSON.parse(JSON.stringify(new ToolPermissionError('Deleting is not allowed', { toolName: 'delete' }))));
    expect(result.content[0]?.text).toBe(
      'ToolPermissionError [TOOL_PERMISSION_DENIED]: Deleting is not allowed\n'
      + 'What to do next: Do not try another way to do this; tell the user it is not allowed. Ask an admin.',
    );
  });

  it('takes a copy of a failure (parsed JSON) as a ToolError that keeps its code, message, retryability and recommendations', () => {
    const failure: unknown = JSON.parse(JSON.stringify(toToolResult(new ToolNotFoundError('No such tool: delete'))));
    const result = toMcpToolResult(failure);
    expect(result.structuredContent).toMatchObject({
      name: 'ToolError', code: 'TOOL_NOT_FOUND', message: 'No such tool: delete', retryable: false, recommendations: ['Call one of the tools that exist.'],
    });
    expect(fromMcpToolResult(result)).toBeInstanceOf(ToolError);
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

describe('safeTool and toMcpToolResult, end to end through the real MCP SDK', () => {
  it('make a tool handler of one line whose failures reach the client as the same class, with what to do next', async () => {
    const deleteFile = safeTool({
      name: 'delete_file',
      input: z.object({ path: z.string().min(1) }),
      run: ({ path }) => {
        if (path.startsWith('/etc')) throw new ToolPermissionError(`Deleting ${path} is not allowed`, { toolName: 'delete_file' });
        return `deleted ${path}`;
      },
    });
    const server = new McpServer({ name: 'test-server', version: '1.0.0' });
    server.registerTool('delete_file', { description: 'Deletes a file', inputSchema: { path: z.string() } }, async (args) => {
      const result = await deleteFile(args);
      return result.ok ? { content: [{ type: 'text' as const, text: result.value }] } : toMcpToolResult(result);
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const denied = await client.callTool({ name: 'delete_file', arguments: { path: '/etc/passwd' } });
      expect(fromMcpToolResult(denied)).toBeInstanceOf(ToolPermissionError);
      expect(fromMcpToolResult(denied)).toMatchObject({ message: 'Deleting /etc/passwd is not allowed', toolName: 'delete_file' });
      expect(denied.content).toEqual([{
        type: 'text',
        text: 'ToolPermissionError [TOOL_PERMISSION_DENIED]: Deleting /etc/passwd is not allowed\n'
          + 'What to do next: Do not try another way to do this; tell the user it is not allowed.',
      }]);
      const invalid = await client.callTool({ name: 'delete_file', arguments: { path: '' } });
      const rebuilt = fromMcpToolResult(invalid);
      expect(rebuilt).toBeInstanceOf(ValidationError);
      expect(rebuilt instanceof ValidationError ? Object.keys(rebuilt.fields ?? {}) : []).toEqual(['path']);
      const done = await client.callTool({ name: 'delete_file', arguments: { path: '/tmp/x' } });
      expect([fromMcpToolResult(done), done.content]).toEqual([undefined, [{ type: 'text', text: 'deleted /tmp/x' }]]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
