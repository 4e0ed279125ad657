// A small agent loop that decides from error fields, never from messages. Every error goes into a
// JSON-lines journal, which is then read back into the same classes (and which `npx faultline report`
// summarizes). Run it with
// `node examples/agent-loop.mjs` after `npm run build` in a clone, or
// `node node_modules/faultline/examples/agent-loop.mjs` where faultline is installed.
//
// 'faultline' resolves to this package itself through its exports map (a package may import itself
// by name), so this file runs against dist/ exactly as an application would.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AgentMaxIterationsError,
  ModelError,
  ModelRateLimitError,
  ToolError,
  ToolNotFoundError,
  deserializeError,
  normalizeError,
  serializeError,
} from 'faultline';

const journal = join(tmpdir(), 'faultline-demo-errors.jsonl');
const MAX_ATTEMPTS = 3;
const MAX_STEPS = 6;
// Real waits are scaled down so that the demo finishes at once; the decision still uses the real value.
const MAX_DEMO_WAIT_MS = 50;

// --- A fake model provider: rate-limits the first request, then asks for a tool, then answers. ---
let providerRequests = 0;
function fakeProvider(messages) {
  providerRequests++;
  if (providerRequests === 1) {
    return { status: 429, headers: new Headers({ 'retry-after': '2', 'x-request-id': 'req_demo_1' }) };
  }
  const last = messages.at(-1);
  if (last.role === 'user') return { status: 200, body: { tool: 'search', args: { query: last.content } } };
  return { status: 200, body: { answer: `Summarised from ${last.content}.` } };
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110, section 10.2.3). */
function retryAfterMs(header) {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date - Date.now(); // faultline drops a negative result
}

async function callModel(messages) {
  const response = fakeProvider(messages);
  if (response.status === 429) {
    throw new ModelRateLimitError(undefined, {
      provider: 'fake',
      model: 'fake-1',
      status: 429,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      requestId: response.headers.get('x-request-id') ?? undefined,
    });
  }
  return response.body;
}

// --- A tool that fails once with a reset connection, as a socket error would. ---
let searchCalls = 0;
const tools = {
  async search({ query }) {
    searchCalls++;
    if (searchCalls === 1) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    return `3 results for "${query}"`;
  },
};

async function runTool(name, args) {
  const tool = tools[name];
  if (tool === undefined) throw new ToolNotFoundError(`Tool '${name}' is not registered`, { toolName: name });
  try {
    return await tool(args);
  } catch (thrown) {
    // A network failure maps to a retryable ToolExecutionError, with the socket error as cause.
    throw ToolError.from(thrown, { toolName: name });
  }
}

// --- The loop: every failure is journaled, and the decision reads only the error's class and fields. ---
function decide(error, attempt) {
  if (!error.retryable) return { say: 'not retryable: stop' };
  if (attempt >= MAX_ATTEMPTS) return { say: `still failing after ${attempt} attempts: stop` };
  if (error instanceof ModelRateLimitError && error.retryAfterMs !== undefined) {
    const wait = Math.min(error.retryAfterMs, MAX_DEMO_WAIT_MS);
    return { wait, say: `rate-limited: Retry-After asks ${error.retryAfterMs} ms (waiting ${wait} ms in this demo), then retry` };
  }
  const wait = 10 * 2 ** attempt;
  return { wait, say: `retryable: back off ${wait} ms, then retry` };
}

async function withRetries(label, operation) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (thrown) {
      const error = normalizeError(thrown); // a faultline error comes back as it is
      appendFileSync(journal, `${JSON.stringify(serializeError(error))}\n`);
      const decision = decide(error, attempt);
      console.log(`  ${label} failed: ${error.name} [${error.code}] retryable=${error.retryable} -> ${decision.say}`);
      if (decision.wait === undefined) throw error;
      await sleep(decision.wait);
    }
  }
}

async function runAgent(question) {
  const messages = [{ role: 'user', content: question }];
  for (let step = 1; step <= MAX_STEPS; step++) {
    console.log(`step ${step}: ask the model`);
    const reply = await withRetries('model', () => callModel(messages));
    if (reply.answer !== undefined) return reply.answer;
    console.log(`  model asks for tool ${reply.tool} ${JSON.stringify(reply.args)}`);
    const result = await withRetries(`tool ${reply.tool}`, () => runTool(reply.tool, reply.args));
    console.log(`  tool ${reply.tool} returned: ${result}`);
    messages.push({ role: 'tool', content: result });
  }
  throw new AgentMaxIterationsError(undefined, { agentId: 'demo', maxIterations: MAX_STEPS });
}

writeFileSync(journal, '');
console.log('faultline demo: an agent loop that decides from error fields');
console.log(`every error is appended to ${journal}\n`);
const answer = await runAgent('durable error contracts');
console.log(`answer: ${answer}\n`);

// --- Read the journal back, line by line, into the same classes. ---
console.log('reading the journal back, line by line');
for (const line of readFileSync(journal, 'utf8').split('\n').filter((text) => text !== '')) {
  console.log(`  line: ${line}`);
  const error = deserializeError(line);
  const identical = JSON.stringify(serializeError(error)) === line;
  if (error instanceof ModelRateLimitError) {
    console.log(`  restored ModelRateLimitError: instanceof ModelError=${error instanceof ModelError} retryAfterMs=${error.retryAfterMs} requestId=${error.requestId} round-trip identical=${identical}`);
  } else if (error instanceof ToolError) {
    const cause = error.cause instanceof Error ? `${error.cause.name} [${error.cause.code}] ${error.cause.message}` : 'none';
    console.log(`  restored ${error.name}: instanceof ToolError=${error instanceof ToolError} retryable=${error.retryable} toolName=${error.toolName} cause=${cause} round-trip identical=${identical}`);
  } else {
    console.log(`  restored ${error.name}: ${String(error)}`);
  }
}

console.log(`\nthe journal summarized: npx faultline report ${journal}`);
