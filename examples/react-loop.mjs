// A ReAct-style agent loop built from faultline's pieces, against scripted fake models and tools, so
// that it runs offline in a second: no real model is called. Run it with `npm run demo` in a clone, or
// `node node_modules/faultline/examples/react-loop.mjs` where faultline is installed. It shows the loop
// recovering from each kind of failure an agent meets, deciding from error fields alone:
//
//   - a rate-limited model call, retried after its Retry-After (scaled down to 200 ms here);
//   - a tool call with bad arguments, fed back to the model, which corrects its call;
//   - a model call on an account out of quota, which falls back to a second model instead of retrying;
//   - a conversation too long for the model's context window, moved to the first model whose window
//     holds it (fallbackModelFor reads the tokens the provider's error states);
//   - a tool that is denied permission, which halts the loop;
//   - a second run whose model never finishes, which ends in AgentMaxIterationsError;
//   - a total time budget for each run;
//   - a streamed answer whose provider fails in the middle of the stream: retried while no text was
//     shown, thrown with outputStarted once some was, and answered by a fallback model.
//
// Every failure is also written as one JSON line (the `onError` event of retry, retryStream and safeTool, with
// its time) to faultline-react-loop.jsonl in the OS temp directory, or to the path given as the first
// argument, so that `npx faultline report <that file>` summarizes the run.
//
// 'faultline' resolves to this package itself through its exports map (a package may import itself by
// name), so this file runs against dist/ exactly as an application would, in a clone or installed.
import { appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { AgentMaxIterationsError, ModelError, serializeError, TimeoutError, ToolPermissionError } from 'faultline';
import { safeTool, toToolResult } from 'faultline/agent';
import { classify, fallbackModelFor, retry, retryStream } from 'faultline/retry';

// --- Every failure, as a line of JSON: the onError event (severity, phase, the error as the contract writes it), timed ---
const errorLog = process.argv[2] ?? join(tmpdir(), 'faultline-react-loop.jsonl');
writeFileSync(errorLog, '');
const logError = (event) => appendFileSync(errorLog, `${JSON.stringify({ time: Date.now(), ...event })}\n`);

// --- Errors shaped as the OpenAI SDK throws them (status, headers, parsed body) ---
function rateLimited() {
  return Object.assign(new Error('429 Rate limit reached for gpt-4o on requests per min (RPM): Limit 3, Used 3, Requested 1.'), {
    status: 429, headers: new Headers({ 'retry-after-ms': '200', 'x-request-id': 'req_rl_1' }), error: { type: 'requests', code: 'rate_limit_exceeded' },
  });
}
function outOfQuota() {
  return Object.assign(new Error('429 You exceeded your current quota, please check your plan and billing details.'), {
    status: 429, headers: new Headers({ 'x-request-id': 'req_q_1' }), error: { type: 'insufficient_quota', code: 'insufficient_quota' },
  });
}

function contextTooLong() {
  return Object.assign(new Error("400 This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages."), {
    status: 400, headers: new Headers({ 'x-request-id': 'req_ctx_1' }), error: { type: 'invalid_request_error', code: 'context_length_exceeded' },
  });
}

// The models a run may move to, with their context windows in tokens.
const CONTEXT_WINDOWS = [{ model: 'gpt-4o', contextTokens: 128_000 }, { model: 'gpt-4.1', contextTokens: 1_047_576 }];

// --- Scripted models: each call returns the next step, or throws the next failure ---
function scriptedModel(name, script) {
  let call = 0;
  return { name, async next() { const step = script[Math.min(call++, script.length - 1)]; if (step instanceof Error) throw step; return step; } };
}

// --- Tools, each wrapped by safeTool so that a call never throws ---
const TOOLS = {
  search: safeTool({
    name: 'search',
    input: z.object({ query: z.string().min(1) }),
    run: async ({ query }) => [`faultline keeps the class of "${query}" across the wire`],
    timeoutMs: 10_000,
    onError: logError,
  }),
  delete_files: safeTool({
    name: 'delete_files',
    input: z.object({ path: z.string() }),
    run: async ({ path }) => { throw new ToolPermissionError(`Deleting ${path} is not allowed`, { toolName: 'delete_files' }); },
    onError: logError,
  }),
};

const step = (text) => console.log(`  ${text}`);
/** An error that ends a run, written as the loop's own event before it is thrown. */
function logged(error) {
  logError({ severity: 'error', phase: 'agent', error: serializeError(error) });
  return error;
}

// Printed once, before the runs: what is fake, and how to read a failed tool call.
const LEGEND = [
  'faultline demo: a ReAct-style agent loop. Its models and tools are scripted fakes: no real model is called.',
  'A failed tool call prints "failed: <errorType> <code>, halt=<true|false>: <message>" (a ToolFailure of faultline/agent):',
  '  halt=true    the loop must stop: a security, permission or auth failure the model must not route around',
  '  halt=false   the failure goes back to the model, which can correct its call or try another way',
  "  validation   the arguments failed the tool's input schema (a ValidationError)",
  '  runtime      the tool threw an Error',
  '  logical      the tool ran and reported a failure of its own ({ ok: false, error })',
  '  aborted      a timeout or a cancel: the tool ran past its timeoutMs, or the run was cancelled',
  '  exception    anything unclassified, such as a thrown value that is not an Error',
];
for (const line of LEGEND) console.log(line);

/** One run of the loop: think (a model call), act (a tool call), observe, until an answer, a halt or a limit. */
async function runAgent(title, models, { maxIterations, budgetMs }) {
  console.log(`\n${title}`);
  const deadline = Date.now() + budgetMs;
  let model = models.shift();
  for (let iteration = 1; ; iteration++) {
    if (iteration > maxIterations) throw logged(new AgentMaxIterationsError({ agentId: 'demo', maxIterations }));
    if (Date.now() > deadline) throw logged(new TimeoutError('The run used its time budget', { timeoutMs: budgetMs }));
    let action;
    try {
      action = await retry(async () => {
        try {
          return await model.next();
        } catch (thrown) {
          throw ModelError.from(thrown, { provider: 'openai', model: model.name });
        }
      }, {
        totalTimeoutMs: deadline - Date.now(),
        phase: 'model',
        onError: logError,
        onRetry: ({ error, delayMs }) => step(`model ${model.name}: ${error.code}, retrying after ${delayMs} ms (the server asked ${error.retryAfterMs} ms)`),
      });
    } catch (error) {
      // A request too long for this model's window goes to the first model whose window holds it.
      const bigger = fallbackModelFor(error, CONTEXT_WINDOWS);
      const larger = bigger === undefined ? undefined : models.find((candidate) => candidate.name === bigger.model);
      if (larger !== undefined) {
        step(`model ${model.name}: ${error.code}, ${error.requestedTokens} tokens > ${error.maxContextTokens}; moving to ${larger.name}, whose window holds ${bigger.contextTokens}`);
        model = larger;
        continue;
      }
      const policy = classify(error);
      if (policy.fallback && models.length > 0) {
        const next = models.shift();
        step(`model ${model.name}: ${error.code}, not retried (${policy.userMessage}); falling back to ${next.name}`);
        model = next;
        continue;
      }
      throw error;
    }
    if (action.answer !== undefined) {
      step(`answer from ${model.name}: ${action.answer}`);
      return;
    }
    const tool = TOOLS[action.tool];
    const result = tool === undefined ? toToolResult(new Error(`No tool ${action.tool}`)) : await tool(action.input);
    if (result.ok) {
      step(`tool ${action.tool}(${JSON.stringify(action.input)}): ${JSON.stringify(result.value)}`);
      continue;
    }
    step(`tool ${action.tool}(${JSON.stringify(action.input)}) failed: ${result.errorType} ${result.code}, halt=${result.halt}: ${result.error}`);
    if (result.halt) {
      step('the loop stops: a failure the model must not route around');
      return;
    }
    step(`fed back to the model: ${result.recommendations.join(' ')}`);
  }
}

await runAgent('Run 1: rate limit, a corrected tool call, an empty account, a denied tool', [
  scriptedModel('gpt-4o', [
    rateLimited(),
    { tool: 'search', input: { query: '' } },
    { tool: 'search', input: { query: 'typed errors' } },
    outOfQuota(),
  ]),
  scriptedModel('claude-fallback', [{ tool: 'delete_files', input: { path: '/var/data' } }]),
], { maxIterations: 8, budgetMs: 60_000 });

try {
  await runAgent('Run 2: a model that never finishes', [
    scriptedModel('looping-model', [{ tool: 'search', input: { query: 'more' } }]),
  ], { maxIterations: 3, budgetMs: 60_000 });
} catch (error) {
  step(`the run ends: ${error.name} [${error.code}] after ${error.maxIterations} iterations`);
}

await runAgent('Run 3: a conversation too long for the model\'s context window', [
  scriptedModel('gpt-4o', [contextTooLong()]),
  scriptedModel('gpt-4.1', [{ answer: 'The whole conversation fits in gpt-4.1.' }]),
], { maxIterations: 3, budgetMs: 60_000 });

// --- A streamed answer, as @anthropic-ai/sdk streams one: events, and an `event: error` in the middle
// of a 200 response, which the SDK throws with no status and the provider's type in its body ---
function overloadedMidStream() {
  return Object.assign(new Error('Overloaded'), {
    status: undefined, headers: new Headers({ 'request-id': 'req_ov_1' }), error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  });
}
const text = (delta) => ({ type: 'content_block_delta', delta: { type: 'text_delta', text: delta } });
function scriptedStream(script) {
  let call = 0;
  return async function* open() {
    for (const event of script[Math.min(call++, script.length - 1)]) {
      if (event instanceof Error) throw event;
      yield event;
    }
  };
}

/** Streams an answer through retryStream; false when it failed after some text was shown. */
async function streamAnswer(name, open) {
  let shown = '';
  try {
    const stream = retryStream(open, {
      baseDelayMs: 50,
      phase: 'model',
      onError: logError,
      onRetry: ({ error, delayMs }) => step(`stream ${name}: ${error.code} before any text, retried after ${delayMs} ms`),
    });
    for await (const event of stream) if (event.type === 'content_block_delta') shown += event.delta.text;
    step(`answer from ${name}: ${shown}`);
    return true;
  } catch (error) {
    const policy = classify(error);
    step(`stream ${name}: ${error.code} after "${shown}" was shown (outputStarted: ${error.outputStarted}): not replayed, attempts ${policy.retry.maxAttempts}, fallback ${policy.fallback}`);
    return false;
  }
}

console.log('\nRun 4: a streamed answer that fails in the middle of the stream');
const sonnet = scriptedStream([
  [{ type: 'message_start' }, overloadedMidStream()],
  [{ type: 'message_start' }, text('Typed errors '), text('let the loop '), overloadedMidStream()],
]);
const haiku = scriptedStream([[{ type: 'message_start' }, text('Typed errors let the loop decide from fields.'), { type: 'message_stop' }]]);
if (!(await streamAnswer('claude-sonnet', sonnet))) await streamAnswer('claude-haiku', haiku);

console.log(`\nEvery failure above is a line of ${errorLog}: npx faultline report ${errorLog}`);
