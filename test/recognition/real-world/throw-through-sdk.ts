// Each case of the real-world corpus thrown as a user meets it: the provider's real SDK calls a node:http
// server on 127.0.0.1 that answers with the case's status, headers and body as sent (or a 200 stream that
// carries the case's event), its own retries off, and what it throws is caught. The AWS SDK is given a
// request handler that answers the same way, as its HTTP/2 client cannot talk to a plain HTTP server.
// What a user's code would throw where an SDK yields an error event instead of throwing it (the Responses
// API's `response.failed`) is that event.
import Anthropic from '@anthropic-ai/sdk';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';
import { Mistral } from '@mistralai/mistralai';
import { generateText } from 'ai';
import { CohereClientV2 } from 'cohere-ai';
import Groq from 'groq-sdk';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Ollama } from 'ollama';
import OpenAI, { AzureOpenAI } from 'openai';
import type { RealCase } from './cases.js';

const MESSAGES = [{ role: 'user' as const, content: 'hi' }];

/** The server every client but the AWS SDK's calls; `answer` is what it sends next. */
export class CaseServer {
  private server: Server | undefined;
  private answer: RealCase | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const entry = this.answer;
        if (entry?.stream !== undefined) {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          response.end(`${entry.stream.event === null ? '' : `event: ${entry.stream.event}\n`}data: ${entry.stream.data}\n\n`);
          return;
        }
        const { status = 500, headers = {}, body = '' } = entry?.response ?? {};
        response.writeHead(status, { 'content-type': contentType(body), ...headers });
        response.end(body);
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  }

  /** What the case's SDK throws (or, for an error event an SDK yields, the event). */
  async thrownBy(entry: RealCase): Promise<unknown> {
    this.answer = entry;
    try {
      const yielded = await call(entry, this.url);
      if (yielded !== undefined) return yielded;
    } catch (error) {
      return error;
    }
    throw new Error(`${entry.name}: the call did not fail`);
  }
}

function contentType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return body.trimStart().startsWith('<') ? 'text/html' : 'text/plain';
  }
}

/** Makes the case's call; gives an error event a stream yielded, if any, else undefined. */
async function call(entry: RealCase, url: string): Promise<unknown> {
  const streamed = entry.stream !== undefined;
  switch (entry.sdk) {
    case 'openai': {
      const client = entry.provider === 'azure-openai'
        ? new AzureOpenAI({ endpoint: url, apiKey: 'test-key', apiVersion: '2024-10-21', deployment: 'gpt-4o', maxRetries: 0 })
        : new OpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
      if (!streamed) return client.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES });
      const responsesApi = entry.stream.event?.startsWith('response.') === true || /"sequence_number"/.test(entry.stream.data);
      const stream = responsesApi
        ? await client.responses.create({ model: 'gpt-4o', input: 'hi', stream: true })
        : await client.chat.completions.create({ model: 'gpt-4o', messages: MESSAGES, stream: true });
      return errorEvent(stream);
    }
    case 'groq-sdk': {
      const client = new Groq({ baseURL: url, apiKey: 'gsk_test', maxRetries: 0 });
      if (!streamed) return client.chat.completions.create({ model: 'llama-3.3-70b-versatile', messages: MESSAGES });
      return errorEvent(await client.chat.completions.create({ model: 'llama-3.3-70b-versatile', messages: MESSAGES, stream: true }));
    }
    case '@anthropic-ai/sdk': {
      const client = new Anthropic({ baseURL: url, apiKey: 'sk-ant-test', maxRetries: 0 });
      const request = { model: 'claude-sonnet-4-6', max_tokens: 16, messages: MESSAGES };
      if (!streamed) return client.messages.create(request);
      return errorEvent(await client.messages.create({ ...request, stream: true }));
    }
    case 'ai': {
      const model = entry.provider === 'anthropic'
        ? createAnthropic({ baseURL: `${url}/v1`, apiKey: 'sk-ant-test' })('claude-sonnet-4-6')
        : createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test' }).chat('gpt-4o');
      return generateText({ model, prompt: 'hi', maxRetries: 0 });
    }
    case '@google/genai': {
      const client = new GoogleGenAI({ apiKey: 'test-key', vertexai: entry.provider === 'vertex', httpOptions: { baseUrl: url } });
      return client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' });
    }
    case '@aws-sdk/client-bedrock-runtime': {
      const { status = 500, headers = {}, body = '' } = entry.response ?? {};
      const requestHandler = {
        handle: () => Promise.resolve({ response: { statusCode: status, headers: { 'content-type': 'application/json', ...headers }, body: Readable.from([Buffer.from(body)]) } }),
        updateHttpClientConfig: () => undefined,
        httpHandlerConfigs: () => ({}),
      };
      const client = new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' }, maxAttempts: 1, requestHandler });
      return client.send(new ConverseCommand({ modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0', messages: [{ role: 'user', content: [{ text: 'hi' }] }] }));
    }
    case '@mistralai/mistralai':
      return new Mistral({ apiKey: 'test-key', serverURL: url, retryConfig: { strategy: 'none' } }).chat.complete({ model: 'mistral-large-latest', messages: MESSAGES });
    case 'ollama':
      return new Ollama({ host: url }).chat({ model: 'llama3', messages: MESSAGES });
    case 'cohere-ai':
      return new CohereClientV2({ token: 'test-key', environment: url }).chat({ model: 'command-r-plus', messages: MESSAGES }, { maxRetries: 0 });
    case 'fetch': {
      // As a user who calls a provider without its SDK throws: the body as the message, the status beside it.
      const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: '{}' });
      if (!response.ok) throw Object.assign(new Error(await response.text()), { status: response.status });
      return undefined;
    }
  }
}

/** Reads a stream to its end; a thrown error passes through, and an event that is an error (which the SDK yields) is given back. */
async function errorEvent(stream: AsyncIterable<unknown>): Promise<unknown> {
  for await (const event of stream) {
    if (typeof event !== 'object' || event === null) continue;
    const { type, error, choices } = event as { type?: unknown; error?: unknown; choices?: unknown };
    if (type === 'error' || type === 'response.failed' || error !== undefined || (choices === undefined && type === undefined)) return event;
  }
  return undefined;
}
