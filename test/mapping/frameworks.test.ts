/**
 * The frameworks' real errors, each produced by the real framework (devDependencies), through
 * normalizeError: the Vercel AI SDK against a scripted OpenAI-style server on 127.0.0.1, the OpenAI
 * Agents SDK with a scripted model (no network), LangGraph with a graph that never stops.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool, Usage, type InputGuardrail, type Model, type ModelResponse } from '@openai/agents';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { generateObject, generateText, tool as aiTool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import OpenAI from 'openai';
import {
  AgentMaxIterationsError, ModelContentFilterError, ModelRateLimitError, ModelTimeoutError, SecurityError, ToolExecutionError, ToolNotFoundError,
  ValidationError,
} from '../../src/index.js';
import { ModelOutputError } from '../../src/errors/model.js';
import { normalizeError } from '../../src/mapping/normalize-error.js';
import { toToolResult } from '../../src/agent/index.js';
import { chatCompletion, startJsonServer, type JsonServer } from './json-server.js';
import { openaiResponses, startSseServer } from '../retry/sse-server.js';

/** The `usage` a model error carries, read as a listener reads any error. */
const usageOf = (error: unknown): unknown => (error as { readonly usage?: unknown }).usage;

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error('expected the call to throw');
}

describe('the Vercel AI SDK (ai 6, @ai-sdk/openai)', () => {
  let server: JsonServer;
  beforeAll(async () => { server = await startJsonServer(); });
  afterAll(async () => { await server.close(); });
  const model = () => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test' }).chat('gpt-test');

  it('classifies a persistent 429 after generateText’s own retries from its last error, keeping retryAfterMs and the attempts', async () => {
    server.script({ status: 429, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Rate limit reached for gpt-test', type: 'requests', code: 'rate_limit_exceeded' } } });
    const thrown = await thrownBy(generateText({ model: model(), prompt: 'Hi' }));
    expect((thrown as Error).name).toBe('AI_RetryError');
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(ModelRateLimitError);
    expect([error.code, error.retryable, error.retryAfterMs, error.status]).toEqual(['MODEL_RATE_LIMITED', true, 5, 429]);
    expect(server.requests()).toBe(3);
    expect(error.details).toMatchObject({ attempts: 3, reason: 'maxRetriesExceeded' });
    expect(error.cause).toBe(thrown);
  });

  it('gives a ModelOutputError for generateObject given text that is not the schema, keeping the finish reason and usage', async () => {
    server.script(chatCompletion({ content: 'Sure! The weather is nice.' }));
    // generateObject is deprecated in ai 6 for generateText with `output`, but still throws the same error.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the call whose error is under test
    const thrown = await thrownBy(generateObject({ model: model(), schema: z.object({ city: z.string() }), prompt: 'Weather?' }));
    expect((thrown as Error).name).toBe('AI_NoObjectGeneratedError');
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(ModelOutputError);
    expect([error.code, error.retryable]).toEqual(['MODEL_OUTPUT_INVALID', true]);
    expect(error.details).toEqual({ finishReason: 'stop' });
    // The AI SDK's OpenAI provider reports 0 cached and 0 reasoning tokens where OpenAI said nothing: taken as reported.
    expect(usageOf(error)).toEqual({ inputTokens: 7, outputTokens: 5, totalTokens: 12, cachedInputTokens: 0, reasoningTokens: 0 });
    expect(error.cause).toBe(thrown);
  });

  it('gives the ModelOutputError of generateObject the usage the AI SDK reported: cached input and reasoning as the provider counted them', async () => {
    const usage = { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 256 } };
    server.script(chatCompletion({ content: 'Sure! The weather is nice.' }, 'stop', usage));
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the call whose error is under test
    const thrown = await thrownBy(generateObject({ model: model(), schema: z.object({ city: z.string() }), prompt: 'Weather?' }));
    const error = normalizeError(thrown);
    expect([error.constructor, usageOf(error)]).toEqual([ModelOutputError, { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, cachedInputTokens: 1024, reasoningTokens: 256 }]);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ usage: { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, cachedInputTokens: 1024, reasoningTokens: 256 } });
  });

  it('gives a ToolNotFoundError naming the tool for a call to an unknown tool', async () => {
    server.script(
      chatCompletion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'delete', arguments: '{}' } }] }, 'tool_calls'),
      chatCompletion({ content: 'Done.' }),
    );
    const search = aiTool({ description: 'Search', inputSchema: z.object({ query: z.string() }), execute: () => Promise.resolve('found') });
    const result = await generateText({ model: model(), tools: { search }, prompt: 'Delete it' });
    const call = result.steps[0]?.toolCalls.find((part) => part.invalid === true);
    const error = normalizeError(call?.error);
    expect(error).toBeInstanceOf(ToolNotFoundError);
    expect(error).toMatchObject({ code: 'TOOL_NOT_FOUND', retryable: false, toolName: 'delete' });
    expect(error.details).toEqual({ availableTools: ['search'] });
    expect(toToolResult(error)).toMatchObject({ errorType: 'runtime', halt: false, code: 'TOOL_NOT_FOUND' });
    expect(error.cause).toBe(call?.error);
  });

  it('gives a ValidationError naming the tool and the fields for a call whose input the schema refuses', async () => {
    server.script(
      chatCompletion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"query":42}' } }] }, 'tool_calls'),
      chatCompletion({ content: 'Done.' }),
    );
    const search = aiTool({ description: 'Search', inputSchema: z.object({ query: z.string() }), execute: () => Promise.resolve('found') });
    const result = await generateText({ model: model(), tools: { search }, prompt: 'Find it' });
    const call = result.steps[0]?.toolCalls.find((part) => part.invalid === true);
    const error = normalizeError(call?.error);
    expect(error).toBeInstanceOf(ValidationError);
    expect([error.code, error.retryable]).toEqual(['VALIDATION_FAILED', false]);
    expect(error).toMatchObject({ fields: { query: expect.stringMatching(/string/) as unknown } });
    expect(error.details).toEqual({ toolName: 'search' });
    expect(toToolResult(error)).toMatchObject({ errorType: 'validation', halt: false });
    expect(error.cause).toBe(call?.error);
  });
});

/** A model that answers every turn with the next scripted output, the last repeated. */
function scriptedModel(...turns: ModelResponse['output'][]): Model {
  let turn = 0;
  return {
    getResponse() {
      const output = turns[Math.min(turn++, turns.length - 1)] ?? [];
      return Promise.resolve({ usage: new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }), output, responseId: `resp_${turn}` });
    },
    getStreamedResponse() {
      throw new Error('not streamed in these tests');
    },
  };
}
const callTool = (name: string, args = '{}'): ModelResponse['output'] => [{ type: 'function_call', callId: `call_${name}`, name, arguments: args, status: 'completed' }];
const say = (text: string): ModelResponse['output'] => [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }];

describe('the OpenAI Agents SDK (@openai/agents), with a scripted model', () => {
  beforeAll(() => { setTracingDisabled(true); });
  const lookup = tool({ name: 'lookup', description: 'Look up', parameters: z.object({}), execute: () => Promise.resolve('ok') });

  it('gives an AgentMaxIterationsError for a run that exceeds maxTurns, keeping the limit', async () => {
    const agent = new Agent({ name: 'looper', model: scriptedModel(callTool('lookup')), tools: [lookup] });
    const thrown = await thrownBy(run(agent, 'Go', { maxTurns: 2 }));
    expect((thrown as Error).name).toBe('MaxTurnsExceededError');
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(AgentMaxIterationsError);
    expect(error).toMatchObject({ code: 'AGENT_MAX_ITERATIONS', retryable: false, maxIterations: 2 });
    expect(error.cause).toBe(thrown);
  });

  it('gives a SecurityError with the guardrail’s name as policy for a tripped input guardrail, and never writes the run’s state', async () => {
    const guard: InputGuardrail = { name: 'no-secrets', execute: () => Promise.resolve({ tripwireTriggered: true, outputInfo: { found: 'api key' } }) };
    const agent = new Agent({ name: 'guarded', model: scriptedModel(say('Hello')), inputGuardrails: [guard] });
    const thrown = await thrownBy(run(agent, 'my key is sk-123'));
    expect((thrown as Error).name).toBe('InputGuardrailTripwireTriggered');
    expect((thrown as { state?: unknown }).state).toBeDefined();
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(SecurityError);
    expect(error).toMatchObject({ code: 'SECURITY_VIOLATION', retryable: false, policy: 'no-secrets' });
    expect(toToolResult(error).halt).toBe(true);
    expect(error.cause).toBe(thrown);
    const json = JSON.stringify(error);
    expect(json).not.toMatch(/state|_currentAgent|my key/);
  });

  it('gives a ToolExecutionError as retryable as the rate limit a tool threw (ToolCallError), with its retryAfterMs', async () => {
    const rateLimited = Object.assign(new Error('429 Rate limit reached'), { status: 429, headers: { 'retry-after': '2' }, error: { type: 'rate_limit_error' } });
    const flaky = tool({ name: 'flaky', description: 'Flaky', parameters: z.object({}), errorFunction: null, execute: () => Promise.reject(rateLimited) });
    const agent = new Agent({ name: 'caller', model: scriptedModel(callTool('flaky'), say('Done')), tools: [flaky] });
    const thrown = await thrownBy(run(agent, 'Go'));
    expect((thrown as Error).name).toBe('ToolCallError');
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect([error.code, error.retryable, error.retryAfterMs, error.status]).toEqual(['TOOL_EXECUTION_ERROR', true, 2000, 429]);
    expect(toToolResult(error)).toMatchObject({ errorType: 'runtime', halt: false, retryable: true });
    expect(error.cause).toBe(thrown);
    expect((thrown as { error?: unknown }).error).toBe(rateLimited);
    expect(JSON.stringify(error)).not.toMatch(/_currentAgent|_generatedItems/);
  });
});

describe('the OpenAI Agents SDK (@openai/agents): what the run had used when its model failed', () => {
  beforeAll(() => { setTracingDisabled(true); });
  const lookup = tool({ name: 'lookup', description: 'Look up', parameters: z.object({}), execute: () => Promise.resolve('ok') });
  const turnUsage = (): Usage => new Usage({ requests: 1, inputTokens: 100, outputTokens: 10, totalTokens: 110, inputTokensDetails: { cached_tokens: 64 }, outputTokensDetails: { reasoning_tokens: 4 } });
  /** A model that answers each turn with the next output, each turn reporting `turnUsage`. */
  const model = (...turns: ModelResponse['output'][]): Model => {
    let turn = 0;
    return {
      getResponse: () => Promise.resolve({ usage: turnUsage(), output: turns[Math.min(turn++, turns.length - 1)] ?? [], responseId: `resp_${turn}` }),
      getStreamedResponse: () => { throw new Error('not streamed in these tests'); },
    };
  };

  it('gives the ModelContentFilterError of a refusal the run’s usage: every turn, cached and reasoning tokens summed', async () => {
    const refuse: ModelResponse['output'] = [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I cannot help with that' }] }];
    const thrown = await thrownBy(run(new Agent({ name: 'refuser', model: model(callTool('lookup'), refuse), tools: [lookup] }), 'Go'));
    expect((thrown as Error).name).toBe('ModelRefusalError');
    const error = normalizeError(thrown);
    expect([error.constructor, usageOf(error)]).toEqual([ModelContentFilterError, { inputTokens: 200, outputTokens: 20, totalTokens: 220, cachedInputTokens: 128, reasoningTokens: 8 }]);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ usage: { inputTokens: 200, outputTokens: 20, totalTokens: 220, cachedInputTokens: 128, reasoningTokens: 8 } });
  });

  it('gives the ModelOutputError of a ModelBehaviorError that carries the run its usage', async () => {
    const reused: ModelResponse['output'] = [
      { type: 'function_call', callId: 'call_1', name: 'lookup', arguments: '{}', status: 'completed' },
      { type: 'function_call', callId: 'call_1', name: 'lookup', arguments: '{"again":true}', status: 'completed' },
    ];
    const thrown = await thrownBy(run(new Agent({ name: 'reuser', model: model(reused), tools: [lookup] }), 'Go'));
    expect([(thrown as Error).name, (thrown as { state?: unknown }).state === undefined]).toEqual(['ModelBehaviorError', false]);
    const error = normalizeError(thrown);
    expect([error.constructor, usageOf(error)]).toEqual([ModelOutputError, { inputTokens: 100, outputTokens: 10, totalTokens: 110, cachedInputTokens: 64, reasoningTokens: 4 }]);
  });

  it('gives the ModelTimeoutError of a model call past modelSettings.timeoutMs the usage of the turns before it', async () => {
    let turn = 0;
    const hangs: Model = {
      getResponse: (request) => (turn++ === 0
        ? Promise.resolve({ usage: turnUsage(), output: callTool('lookup'), responseId: 'resp_1' })
        // Answers only the abort the SDK's timeout sends.
        : new Promise((_, reject) => { request.signal?.addEventListener('abort', () => { reject(new Error('aborted')); }); })),
      getStreamedResponse: () => { throw new Error('not streamed in these tests'); },
    };
    const thrown = await thrownBy(run(new Agent({ name: 'slow', model: hangs, tools: [lookup], modelSettings: { timeoutMs: 1 } }), 'Go'));
    expect((thrown as Error).name).toBe('ModelTimeoutError');
    const error = normalizeError(thrown);
    expect([error.constructor, (error as { readonly timeoutMs?: number }).timeoutMs, usageOf(error)]).toEqual([ModelTimeoutError, 1, { inputTokens: 100, outputTokens: 10, totalTokens: 110, cachedInputTokens: 64, reasoningTokens: 4 }]);
  });

  it('gives no usage where the error carries no run: the Responses API’s response.failed, through @openai/agents-openai', async () => {
    const server = await startSseServer();
    try {
      const failedUsage = { input_tokens: 9, output_tokens: 2, total_tokens: 11, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
      server.script([...openaiResponses.start(), openaiResponses.failed('server_error', 'The server had an error', failedUsage)]);
      const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
      const result = await run(new Agent({ name: 'streamer', model: new OpenAIResponsesModel(client, 'gpt-test') }), 'Go', { stream: true });
      const thrown = await thrownBy((async () => { const events: unknown[] = []; for await (const event of result) events.push(event); })());
      expect([(thrown as Error).name, (thrown as { state?: unknown }).state]).toEqual(['ModelBehaviorError', undefined]);
      const error = normalizeError(thrown);
      expect([error.constructor, 'usage' in error, error.details]).toEqual([ModelOutputError, false, undefined]);
    } finally {
      await server.close();
    }
  });

  it('gives an AgentMaxIterationsError no usage: the field is a model error’s', async () => {
    const thrown = await thrownBy(run(new Agent({ name: 'looper', model: model(callTool('lookup')), tools: [lookup] }), 'Go', { maxTurns: 2 }));
    const error = normalizeError(thrown);
    expect([error.constructor, 'usage' in error, error.details]).toEqual([AgentMaxIterationsError, false, undefined]);
  });
});

describe('LangGraph (@langchain/langgraph)', () => {
  it('gives an AgentMaxIterationsError for a graph that hits its recursion limit, the troubleshooting URL in details', async () => {
    const State = Annotation.Root({ count: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }) });
    const graph = new StateGraph(State)
      .addNode('step', (state) => ({ count: state.count + 1 }))
      .addEdge(START, 'step')
      .addConditionalEdges('step', () => 'step', { step: 'step', [END]: END })
      .compile();
    const thrown = await thrownBy(graph.invoke({ count: 0 }, { recursionLimit: 4 }));
    expect((thrown as Error).name).toBe('GraphRecursionError');
    const error = normalizeError(thrown);
    expect(error).toBeInstanceOf(AgentMaxIterationsError);
    expect(error).toMatchObject({ code: 'AGENT_MAX_ITERATIONS', retryable: false, maxIterations: 4 });
    expect(error.message).toBe('Recursion limit of 4 reached without hitting a stop condition. You can increase the limit by setting the "recursionLimit" config key.');
    expect(error.details).toEqual({ troubleshootingUrl: 'https://docs.langchain.com/oss/javascript/langgraph/GRAPH_RECURSION_LIMIT/' });
    expect(error.cause).toBe(thrown);
  });
});

