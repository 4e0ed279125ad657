// A tool's failure, made something the model can act on, in one line per framework: the real Vercel
// AI SDK (`ai` 6, against a scripted OpenAI-compatible server on 127.0.0.1), the real OpenAI Agents
// SDK and the real LangChain `tool`. What reaches the model is faultline's tool result: what failed,
// whether to retry, whether to stop, and what to do next.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { tool as langchainTool } from '@langchain/core/tools';
import { RunContext, tool as agentsTool } from '@openai/agents';
import { generateText, stepCountIs, tool as aiTool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelRateLimitError, ToolPermissionError } from '../../src/index.js';
import { safeTool, toToolResult, type ToolFailure } from '../../src/agent/index.js';

const searchInput = z.object({ query: z.string().min(1) });
const search = safeTool({
  name: 'search',
  input: searchInput,
  run: ({ query }) => {
    if (query === 'secret files') throw new ToolPermissionError('Searching secret files is not allowed', { toolName: 'search' });
    return [`result for ${query}`];
  },
});

describe('the Vercel AI SDK: execute is safeTool', () => {
  let server: Server;
  let base = '';
  const bodies: { messages: { role: string; content: unknown }[] }[] = [];
  const answers = [
    { choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"query":"secret files"}' } }] }, finish_reason: 'tool_calls' }] },
    { choices: [{ index: 0, message: { role: 'assistant', content: 'I may not search those files.' }, finish_reason: 'stop' }] },
  ];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
      request.on('end', () => {
        bodies.push(JSON.parse(body) as (typeof bodies)[number]);
        const answer = answers[Math.min(bodies.length - 1, answers.length - 1)];
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, ...answer }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  });

  it('feeds the model faultline’s tool result, not only the message of a thrown error', async () => {
    const result = await generateText({
      model: createOpenAI({ apiKey: 'sk-test', baseURL: base }).chat('gpt-test'),
      prompt: 'Find the secret files',
      tools: { search: aiTool({ description: 'Searches the index', inputSchema: searchInput, execute: search }) },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
    });
    expect(result.text).toBe('I may not search those files.');
    const toolMessage = bodies[1]?.messages.find((message) => message.role === 'tool');
    const fed = JSON.parse(String(toolMessage?.content)) as ToolFailure;
    expect(fed).toMatchObject({ ok: false, code: 'TOOL_PERMISSION_DENIED', errorType: 'runtime', retryable: false, halt: true, error: 'Searching secret files is not allowed' });
    expect(fed.recommendations).toEqual(['Do not try another way to do this; tell the user it is not allowed.']);
  });
});

describe('the OpenAI Agents SDK: errorFunction is toToolResult', () => {
  it('gives the model faultline’s tool result for whatever execute throws', async () => {
    const limited = agentsTool({
      name: 'search',
      description: 'Searches the index',
      parameters: z.object({ query: z.string() }),
      execute: () => { throw new ModelRateLimitError('The index is rate-limited', { retryAfterMs: 2000 }); },
      errorFunction: (_context, error) => JSON.stringify(toToolResult(error)),
    });
    const output = await limited.invoke(new RunContext({}), JSON.stringify({ query: 'cats' }));
    expect(JSON.parse(output)).toMatchObject({ ok: false, code: 'MODEL_RATE_LIMITED', retryable: true, halt: false, recommendations: ['Wait before calling again.'] });
  });
});

describe('LangChain: the tool function is safeTool', () => {
  it('answers the model with a ToolMessage holding faultline’s tool result', async () => {
    const searchTool = langchainTool(search, { name: 'search', description: 'Searches the index', schema: searchInput });
    const message = await searchTool.invoke({ id: 'call_1', name: 'search', args: { query: 'secret files' }, type: 'tool_call' });
    const fed = JSON.parse(message.content as string) as ToolFailure;
    expect(fed).toMatchObject({ ok: false, code: 'TOOL_PERMISSION_DENIED', errorType: 'runtime', halt: true });
    const found = await searchTool.invoke({ id: 'call_2', name: 'search', args: { query: 'cats' }, type: 'tool_call' });
    expect(JSON.parse(found.content as string)).toEqual({ ok: true, value: ['result for cats'] });
  });
});
