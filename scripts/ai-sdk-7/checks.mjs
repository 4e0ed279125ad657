// Run by run.mjs on Node 22, from a folder holding `ai` 7, its providers and the built faultline: a
// node:http server on 127.0.0.1 streams Anthropic's and OpenAI's server-sent events and fails in the
// middle of a 200 response; streamText's fullStream, onError and textStream, and retryStream around it.
import { createServer } from 'node:http';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateObject, generateText, streamText, tool } from 'ai';
import { z } from 'zod';
import { ModelApiError, ModelOutputError, ModelRateLimitError, normalizeError, ToolNotFoundError } from 'faultline';
import { retryStream } from 'faultline/retry';

// The AI SDK warns of the unknown test model on every call: noise here.
globalThis.AI_SDK_LOG_WARNINGS = false;

let passed = 0;
let failed = 0;
async function check(title, body) {
  try {
    await body();
    passed++;
    console.log(`ok   ${title}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${title}\n       ${error instanceof Error ? error.message : String(error)}`);
  }
}
function assertEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const sse = (event, data) => `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
const anthropicStart = [
  sse('message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude-test', stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } } }),
  sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
];
const anthropicText = (text) => sse('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
const anthropicEnd = [
  sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
  sse('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }),
  sse('message_stop', { type: 'message_stop' }),
];
const overloaded = sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });

// Each request gets the next scripted answer: a list of SSE events (a stream), or { status, headers, body } (JSON).
let streams = [[]];
let requests = 0;
const server = createServer((request, response) => {
  const answer = streams[Math.min(requests, streams.length - 1)];
  requests++;
  request.resume();
  request.on('end', () => {
    if (!Array.isArray(answer)) {
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': `req_${requests}` });
    response.end(answer.join(''));
  });
});
const completion = (message, finishReason = 'stop') => ({
  status: 200, headers: {},
  body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test', choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }], usage: { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 } },
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/v1`;
const script = (...next) => { streams = next; requests = 0; };
const anthropic = () => createAnthropic({ apiKey: 'sk-ant-test', baseURL: base })('claude-test');
const clock = { now: () => 0, sleep: () => Promise.resolve() };

try {
  await check('ai 7 streamText (Anthropic): an overloaded error part is a retryable ModelApiError, and onError hears it', async () => {
    script([...anthropicStart, overloaded]);
    const heard = [];
    const result = streamText({ model: anthropic(), prompt: 'hi', maxRetries: 0, onError: ({ error }) => { heard.push(error); } });
    let errorPart;
    for await (const part of result.fullStream) if (part.type === 'error') errorPart = part;
    const error = normalizeError(errorPart?.error);
    assertEqual([error instanceof ModelApiError, error.retryable, heard.length, normalizeError(heard[0]).name], [true, true, 1, 'ModelApiError'], 'class, retryable, onError');
  });

  await check('ai 7 streamText (OpenAI chat): a server_error chunk is a retryable ModelApiError', async () => {
    script([sse(undefined, { error: { message: 'The server had an error', type: 'server_error', code: null } })]);
    const result = streamText({ model: createOpenAI({ apiKey: 'sk-test', baseURL: base }).chat('gpt-test'), prompt: 'hi', maxRetries: 0, onError: () => undefined });
    let errorPart;
    for await (const part of result.fullStream) if (part.type === 'error') errorPart = part;
    const error = normalizeError(errorPart?.error);
    assertEqual([error.name, error.retryable], ['ModelApiError', true], 'class, retryable');
  });

  await check('ai 7 retryStream over fullStream: retried before any text, each part seen once', async () => {
    script([...anthropicStart, overloaded], [...anthropicStart, anthropicText('Hello'), ...anthropicEnd]);
    const parts = [];
    for await (const part of retryStream(({ signal }) => streamText({ model: anthropic(), prompt: 'hi', maxRetries: 0, abortSignal: signal, onError: () => undefined }).fullStream, { clock })) parts.push(part);
    const text = parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
    assertEqual([text, parts.filter((part) => part.type === 'start').length, requests], ['Hello', 1, 2], 'text, starts, requests');
  });

  await check('ai 7 retryStream over fullStream: a failure after text is thrown at once with outputStarted', async () => {
    script([...anthropicStart, anthropicText('Hel'), overloaded]);
    let caught;
    try {
      for await (const part of retryStream(({ signal }) => streamText({ model: anthropic(), prompt: 'hi', maxRetries: 0, abortSignal: signal, onError: () => undefined }).fullStream, { clock })) void part;
    } catch (error) {
      caught = error;
    }
    assertEqual([caught?.name, caught?.retryable, caught?.outputStarted, requests], ['ModelApiError', true, true, 1], 'class, retryable, outputStarted, requests');
  });

  const openai = () => createOpenAI({ apiKey: 'sk-test', baseURL: base }).chat('gpt-test');

  await check('ai 7 generateText: a persistent 429 after its own retries (RetryError) is a ModelRateLimitError keeping retryAfterMs and the attempts', async () => {
    script({ status: 429, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } });
    let thrown;
    try { await generateText({ model: openai(), prompt: 'Hi' }); } catch (error) { thrown = error; }
    const error = normalizeError(thrown);
    assertEqual([thrown?.name, error instanceof ModelRateLimitError, error.retryAfterMs, error.details?.attempts, requests, error.cause === thrown], ['AI_RetryError', true, 5, 3, 3, true], 'name, class, retryAfterMs, attempts, requests, cause');
  });

  await check('ai 7 generateObject given text that is not the schema: ModelOutputError, with the usage ai 7 reported (its details alone)', async () => {
    script(completion({ content: 'Sure! The weather is nice.' }));
    let thrown;
    try { await generateObject({ model: openai(), schema: z.object({ city: z.string() }), prompt: 'Weather?' }); } catch (error) { thrown = error; }
    const error = normalizeError(thrown);
    assertEqual([thrown?.name, error instanceof ModelOutputError, error.retryable], ['AI_NoObjectGeneratedError', true, true], 'name, class, retryable');
    assertEqual([error.usage, error.details], [{ inputTokens: 7, outputTokens: 5, totalTokens: 12, cachedInputTokens: 0, reasoningTokens: 0 }, { finishReason: 'stop' }], 'usage, details');
  });

  await check('ai 7 a call to an unknown tool: ToolNotFoundError naming it', async () => {
    script(completion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'delete', arguments: '{}' } }] }, 'tool_calls'), completion({ content: 'Done.' }));
    const search = tool({ description: 'Search', inputSchema: z.object({ query: z.string() }), execute: async () => 'found' });
    const result = await generateText({ model: openai(), tools: { search }, prompt: 'Delete it' });
    const call = result.steps[0]?.toolCalls.find((part) => part.invalid === true);
    const error = normalizeError(call?.error);
    assertEqual([error instanceof ToolNotFoundError, error.toolName], [true, 'delete'], 'class, toolName');
  });

  await check('ai 7 textStream ends quietly on a failure', async () => {
    script([...anthropicStart, anthropicText('Hel'), overloaded]);
    let text = '';
    for await (const delta of streamText({ model: anthropic(), prompt: 'hi', maxRetries: 0, onError: () => undefined }).textStream) text += delta;
    assertEqual(text, 'Hel', 'text');
  });
} finally {
  server.closeAllConnections();
  server.close();
}
console.log(`ai-sdk-7: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
