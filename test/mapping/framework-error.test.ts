/**
 * Every row of every framework table of docs/frameworks.md, with objects shaped like the real errors
 * (written out here, not read from src), through normalizeError and the families' `from`.
 */
import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AuthenticationError, ModelApiError, ModelContentFilterError, ModelContextLengthError,
  ModelError, ModelRateLimitError, ModelTimeoutError, SecurityError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';
import { ModelOutputError } from '../../src/errors/model.js';
import { normalizeError } from '../../src/mapping/normalize-error.js';

/** The `usage` a model error carries, read as a listener reads any error. */
const usageOf = (error: unknown): unknown => (error as { readonly usage?: unknown }).usage;

type Class = abstract new (...args: never) => FaultlineError;

/** An Error named `name` with the given own fields, as the frameworks' classes make them. */
function named(name: string, message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(Object.defineProperty(new Error(message), 'name', { value: name, writable: true, configurable: true }), fields);
}
/** An OpenAI Agents SDK error: it always has its own `state`, undefined or the run. */
const agentsError = (name: string, message: string, fields: Record<string, unknown> = {}): Error => named(name, message, { state: { _currentAgent: { name: 'secret-agent' } }, ...fields });
const zodError = { name: 'ZodError', message: '[]', issues: [{ path: ['city'], message: 'Invalid input: expected string, received number' }] };
const apiCall429 = Object.assign(new Error('Rate limit exceeded'), { name: 'AI_APICallError', statusCode: 429, isRetryable: true, responseHeaders: { 'retry-after-ms': '150' } });
const url = 'https://docs.langchain.com/oss/javascript/langchain/errors/';
/** A LangChain error with its code, the troubleshooting URL appended as LangChain appends it. */
const langchain = (code: string, message = 'It failed', fields: Record<string, unknown> = {}): Error =>
  named('Error', `${message}\n\nTroubleshooting URL: ${url}${code}/\n`, { lc_error_code: code, ...fields });

describe('the Vercel AI SDK table', () => {
  const rows: readonly (readonly [string, (name: string) => Error, Class, boolean])[] = [
    ['RetryError', (name) => named(name, 'Failed after 3 attempts. Last error: Rate limit exceeded', { reason: 'maxRetriesExceeded', errors: [apiCall429, apiCall429, apiCall429], lastError: apiCall429 }), ModelRateLimitError, true],
    ['NoSuchToolError', (name) => named(name, "Model tried to call unavailable tool 'delete'.", { toolName: 'delete', availableTools: ['search'] }), ToolNotFoundError, false],
    ['InvalidToolInputError', (name) => named(name, 'Invalid input for tool search', { toolName: 'search', toolInput: '{"city":1}', cause: named('AI_TypeValidationError', 'Type validation failed', { cause: zodError }) }), ValidationError, false],
    ['NoObjectGeneratedError', (name) => named(name, 'No object generated.', { finishReason: 'length', usage: { inputTokens: 10, outputTokens: 4096, totalTokens: 4106 } }), ModelOutputError, true],
    ['NoContentGeneratedError', (name) => named(name, 'No content generated.'), ModelOutputError, true],
    ['JSONParseError', (name) => named(name, 'JSON parsing failed', { text: '{' }), ModelOutputError, true],
    ['TypeValidationError', (name) => named(name, 'Type validation failed', { value: {}, cause: zodError }), ModelOutputError, true],
    ['LoadAPIKeyError', (name) => named(name, 'OpenAI API key is missing.'), AuthenticationError, false],
    ['ToolCallRepairError', (name) => named(name, 'Error repairing tool call', { originalError: named('AI_NoSuchToolError', 'unavailable', { toolName: 'delete' }) }), ToolNotFoundError, false],
  ];
  it.each(rows.flatMap(([name, make, Class, retryable]) => [[`AI_${name}`, make, Class, retryable], [name, make, Class, retryable]] as const))(
    '%s → its class, keeping the error as cause',
    (name, make, Class, retryable) => {
      const thrown = make(name);
      const error = normalizeError(thrown);
      expect(error).toBeInstanceOf(Class);
      expect([error.retryable, error.cause]).toEqual([retryable, thrown]);
    },
  );

  it('keeps a RetryError’s last status, Retry-After, attempts and reason', () => {
    const error = normalizeError(rows[0]?.[1]('AI_RetryError'));
    expect([error.status, error.retryAfterMs, error.details]).toEqual([429, 150, { attempts: 3, reason: 'maxRetriesExceeded' }]);
    expect(error.message).toBe('Failed after 3 attempts. Last error: Rate limit exceeded');
  });

  it('names the tool and the fields of invalid tool input, and keeps the finish reason and token usage', () => {
    expect(normalizeError(rows[2]?.[1]('AI_InvalidToolInputError'))).toMatchObject({
      fields: { city: 'Invalid input: expected string, received number' }, details: { toolName: 'search' },
    });
    const output = normalizeError(rows[3]?.[1]('AI_NoObjectGeneratedError'));
    expect([output.details, usageOf(output)]).toEqual([{ finishReason: 'length' }, { inputTokens: 10, outputTokens: 4096, totalTokens: 4106 }]);
    expect(normalizeError(rows[1]?.[1]('AI_NoSuchToolError'))).toMatchObject({ toolName: 'delete' });
  });

  it.each<[string, unknown, unknown]>([
    ['ai 6, the details and the top-level counts both', {
      inputTokens: 1200, inputTokenDetails: { noCacheTokens: 176, cacheReadTokens: 1024, cacheWriteTokens: 0 }, outputTokens: 300,
      outputTokenDetails: { textTokens: 44, reasoningTokens: 256 }, totalTokens: 1500, reasoningTokens: 256, cachedInputTokens: 1024,
    }, { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, cachedInputTokens: 1024, reasoningTokens: 256 }],
    ['ai 7, the details alone', { inputTokens: 10, inputTokenDetails: { cacheReadTokens: 2 }, outputTokens: 4, outputTokenDetails: { reasoningTokens: 1 }, totalTokens: 14 },
      { inputTokens: 10, outputTokens: 4, totalTokens: 14, cachedInputTokens: 2, reasoningTokens: 1 }],
    ['nothing reported', { inputTokens: undefined, inputTokenDetails: {}, outputTokens: undefined, outputTokenDetails: {}, totalTokens: undefined }, undefined],
  ])('gives a NoObjectGeneratedError’s LanguageModelUsage as usage (%s), never under details', (_, usage, expected) => {
    const error = normalizeError(named('AI_NoObjectGeneratedError', 'No object generated.', { finishReason: 'stop', usage }));
    expect([usageOf(error), error.details, 'usage' in error]).toEqual([expected, { finishReason: 'stop' }, expected !== undefined]);
  });

  it('reads a RetryError over a non-retryable error as that error', () => {
    const badRequest = Object.assign(new Error('Bad'), { name: 'AI_APICallError', statusCode: 400, isRetryable: false, responseHeaders: {} });
    const error = normalizeError(named('AI_RetryError', 'Failed', { reason: 'errorNotRetryable', errors: [badRequest], lastError: badRequest }));
    expect([error.constructor, error.retryable, error.details]).toEqual([ModelApiError, false, { attempts: 1, reason: 'errorNotRetryable' }]);
  });

  it.each([
    ['GatewayRateLimitError', 'rate_limit_exceeded', 429, true, ModelRateLimitError],
    ['GatewayAuthenticationError', 'authentication_error', 401, false, AuthenticationError],
    ['GatewayModelNotFoundError', 'model_not_found', 404, false, ModelApiError],
    ['GatewayInternalServerError', 'internal_server_error', 500, true, ModelApiError],
    ['GatewayTimeoutError', 'timeout_error', 408, true, ModelTimeoutError],
  ] as const)('follows the status rules for the AI Gateway’s %s', (name, type, statusCode, isRetryable, Class) => {
    const error = normalizeError(named(name, 'Gateway failed', { type, statusCode, isRetryable }));
    expect([error.constructor, error.retryable, error.status]).toEqual([Class, isRetryable, statusCode]);
  });
});

describe('the OpenAI Agents SDK table', () => {
  it.each([
    ['MaxTurnsExceededError', agentsError('MaxTurnsExceededError', 'Max turns (10) exceeded'), AgentMaxIterationsError, false, { maxIterations: 10 }],
    ['ModelBehaviorError', agentsError('ModelBehaviorError', 'Model did not produce a final response!'), ModelOutputError, true, {}],
    ['InvalidToolInputError', agentsError('InvalidToolInputError', "Invalid input for function tool 'search'.", { originalError: zodError, toolInvocation: { details: { toolCall: { name: 'search' } } } }), ValidationError, false, { fields: { city: 'Invalid input: expected string, received number' }, details: { toolName: 'search' } }],
    ['ModelRefusalError', agentsError('ModelRefusalError', 'Model refused to produce output: no', { refusal: 'no' }), ModelContentFilterError, false, {}],
    ['ModelTimeoutError', agentsError('ModelTimeoutError', 'Model call timed out after 30000ms.', { code: 'ETIMEDOUT', timeoutMs: 30000 }), ModelTimeoutError, true, { timeoutMs: 30000 }],
    ['ToolTimeoutError', agentsError('ToolTimeoutError', "Tool 'browse' timed out after 5000ms.", { toolName: 'browse', timeoutMs: 5000 }), ToolTimeoutError, true, { toolName: 'browse', timeoutMs: 5000 }],
    ['ToolCallError', agentsError('ToolCallError', 'Failed to run function tools: Error: disk full', { error: new Error('disk full') }), ToolExecutionError, false, {}],
    ...(['InputGuardrailTripwireTriggered', 'OutputGuardrailTripwireTriggered', 'ToolInputGuardrailTripwireTriggered', 'ToolOutputGuardrailTripwireTriggered'] as const).map(
      (name) => [name, agentsError(name, 'Guardrail triggered', { result: { guardrail: { type: 'input', name: 'pii' }, output: { tripwireTriggered: true } } }), SecurityError, false, { policy: 'pii' }] as const,
    ),
    ['GuardrailExecutionError', agentsError('GuardrailExecutionError', 'Input guardrail failed to complete: boom', { error: new Error('boom') }), SecurityError, false, {}],
    ['UserError', agentsError('UserError', 'Agent must have a name.'), AgentError, false, {}],
  ] as const)('%s → its class', (_, thrown, Class, retryable, fields) => {
    const error = normalizeError(thrown);
    expect(error.constructor).toBe(Class);
    expect([error.retryable, error.cause]).toEqual([retryable, thrown]);
    expect(error).toMatchObject(fields);
    expect(JSON.stringify(error)).not.toContain('secret-agent');
  });

  const run = { _currentAgent: { name: 'secret-agent' }, usage: { requests: 2, inputTokens: 300, outputTokens: 40, totalTokens: 340, inputTokensDetails: [{ cached_tokens: 100 }, { cached_tokens: 50 }], outputTokensDetails: [{ reasoning_tokens: 8 }, {}] } };
  it.each([
    ['ModelBehaviorError', agentsError('ModelBehaviorError', 'Model did not produce a final response!', { state: run }), ModelOutputError],
    ['ModelRefusalError', agentsError('ModelRefusalError', 'Model refused to produce output: no', { refusal: 'no', state: run }), ModelContentFilterError],
    ['ModelTimeoutError', agentsError('ModelTimeoutError', 'Model call timed out after 30000ms.', { code: 'ETIMEDOUT', timeoutMs: 30000, state: run }), ModelTimeoutError],
  ] as const)('gives a %s the usage of the run it carries, never the run itself', (_, thrown, Class) => {
    const error = normalizeError(thrown);
    expect([error.constructor, usageOf(error), error.details]).toEqual([Class, { inputTokens: 300, outputTokens: 40, totalTokens: 340, cachedInputTokens: 150, reasoningTokens: 8 }, undefined]);
    expect(JSON.stringify(error)).not.toContain('secret-agent');
  });

  it.each([
    ['a run that made no request (its counts start at 0)', { usage: { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, inputTokensDetails: [], outputTokensDetails: [] } }],
    ['no run (state undefined)', undefined],
    ['a state whose usage getter throws', Object.defineProperty({}, 'usage', { get: () => { throw new Error('no'); } })],
  ])('gives a ModelBehaviorError no usage for %s', (_, state) => {
    const error = normalizeError(agentsError('ModelBehaviorError', 'Model did not produce a final response!', { state }));
    expect([error.constructor, 'usage' in error, error.details]).toEqual([ModelOutputError, false, undefined]);
  });

  it('gives an agent or tool error of the SDK no usage, whatever its run used: the field is a model error’s', () => {
    for (const thrown of [agentsError('MaxTurnsExceededError', 'Max turns (10) exceeded', { state: run }), agentsError('ToolTimeoutError', 'timed out', { toolName: 'browse', timeoutMs: 5, state: run })]) {
      const error = normalizeError(thrown);
      expect(['usage' in error, error.details]).toEqual([false, undefined]);
    }
  });

  it('keeps what a ToolCallError wraps deciding: a tripwire stays a SecurityError, a timeout a ToolTimeoutError, a rate limit retryable', () => {
    const tripwire = agentsError('ToolInputGuardrailTripwireTriggered', 'Tool input guardrail triggered: pii', { result: { guardrail: { type: 'tool_input', name: 'pii' } } });
    const tripped = normalizeError(agentsError('ToolCallError', 'Failed', { error: tripwire }));
    expect(tripped.constructor).toBe(SecurityError);
    expect(tripped).toMatchObject({ policy: 'pii', retryable: false });
    const timedOut = normalizeError(agentsError('ToolCallError', 'Failed', { error: agentsError('ToolTimeoutError', 'timed out', { toolName: 'browse', timeoutMs: 5 }) }));
    expect(timedOut.constructor).toBe(ToolTimeoutError);
    expect(timedOut).toMatchObject({ toolName: 'browse' });
    const limited = normalizeError(agentsError('ToolCallError', 'Failed', { error: apiCall429 }));
    expect([limited.constructor, limited.retryable, limited.retryAfterMs]).toEqual([ToolExecutionError, true, 150]);
  });

  it('does not take another library’s UserError or ToolCallError, which carry no state, for the SDK’s', () => {
    expect(normalizeError(named('UserError', 'x'))).toBeInstanceOf(UnknownError);
    expect(normalizeError(named('ToolCallError', 'x', { error: apiCall429 }))).toBeInstanceOf(UnknownError);
  });
});

describe('the LangChain and LangGraph table', () => {
  it.each([
    ['MODEL_RATE_LIMIT', ModelRateLimitError, true],
    ['MODEL_AUTHENTICATION', AuthenticationError, false],
    ['MODEL_NOT_FOUND', ModelApiError, false],
    ['CONTEXT_OVERFLOW', ModelContextLengthError, false],
    ['OUTPUT_PARSING_FAILURE', ModelOutputError, true],
    ['INVALID_TOOL_RESULTS', ValidationError, false],
    ['INVALID_PROMPT_INPUT', ValidationError, false],
    ['MESSAGE_COERCION_FAILURE', ValidationError, false],
    ['MODEL_ABORTED', AgentAbortedError, false],
    ['GRAPH_RECURSION_LIMIT', AgentMaxIterationsError, false],
  ] as const)('lc_error_code %s → its class, the troubleshooting URL in details and not in the message', (code, Class, retryable) => {
    const thrown = langchain(code);
    const error = normalizeError(thrown);
    expect([error.constructor, error.retryable, error.message, error.cause]).toEqual([Class, retryable, 'It failed', thrown]);
    expect(error.details).toEqual({ troubleshootingUrl: `${url}${code}/` });
  });

  it.each([
    ['ContextOverflowError', ModelContextLengthError],
    ['ModelAbortError', AgentAbortedError],
    ['ModelRefusalError', ModelContentFilterError],
    ['GraphRecursionError', AgentMaxIterationsError],
  ] as const)('%s → its class, not retryable as LangChain stamps it', (name, Class) => {
    const thrown = Object.defineProperty(named(name, 'It failed'), Symbol.for('langchain.errors.retryable'), { value: false, configurable: true });
    const error = normalizeError(thrown);
    expect([error.constructor, error.retryable]).toEqual([Class, false]);
  });

  it('lets LangChain’s retryable stamp decide, on its errors and on the provider errors it retried', () => {
    const stamped = (value: object, retryable: boolean): object => Object.defineProperty(value, Symbol.for('langchain.errors.retryable'), { value: retryable, configurable: true });
    expect(normalizeError(stamped(langchain('OUTPUT_PARSING_FAILURE'), false)).retryable).toBe(false);
    const sdk429 = Object.assign(new Error('429 Too many'), { status: 429, headers: { 'retry-after': '1' }, error: { message: 'Too many', type: 'requests', code: 'rate_limit_exceeded' } });
    expect(normalizeError(stamped(sdk429, false))).toMatchObject({ name: 'ModelRateLimitError', retryable: false, retryAfterMs: 1000 });
  });

  it('keeps the status of the provider error a ContextOverflowError wraps', () => {
    const sdk400 = Object.assign(new Error('400 prompt too long'), { status: 400, headers: { 'x-request-id': 'req_9' } });
    const error = normalizeError(named('ContextOverflowError', 'Input exceeded the model’s context window.', { cause: sdk400 }));
    expect([error.constructor, error.status, error.requestId]).toEqual([ModelContextLengthError, 400, 'req_9']);
  });
});

describe('the MCP table', () => {
  const mcp = (code: number, message: string, data?: unknown): Error => named('McpError', `MCP error ${code}: ${message}`, { code, data });
  it.each([
    ['McpError', -32001, 'Request timed out', TimeoutError, true],
    ['McpError', -32000, 'Connection closed', TransientError, true],
    ['McpError', -32602, 'Invalid arguments for tool search', ValidationError, false],
    ['McpError', -32602, 'Tool get_weather not found', ToolNotFoundError, false],
    ['McpError', -32601, 'Method not found', ToolNotFoundError, false],
    ['McpError', -32600, 'Invalid request', ValidationError, false],
    ['McpError', -32700, 'Parse error', ValidationError, false],
    ['McpError', -32603, 'Internal error', UnknownError, false],
    ['McpError', -32042, 'URL elicitation required', UnknownError, false],
    ['ProtocolError', -32601, 'Method not found', ToolNotFoundError, false],
    ['ProtocolError', -32602, 'Tool get_weather not found', ToolNotFoundError, false],
  ] as const)('%s %i (%s) → its class, keeping the code', (name, code, message, Class, retryable) => {
    const thrown = name === 'McpError' ? mcp(code, message) : named(name, message, { code });
    const error = normalizeError(thrown);
    expect([error.constructor, error.retryable, error.details?.jsonRpcCode, error.cause]).toEqual([Class, retryable, code, thrown]);
  });

  it.each([
    ['REQUEST_TIMEOUT', TimeoutError, true],
    ['CONNECTION_CLOSED', TransientError, true],
    ['SEND_FAILED', TransientError, true],
    ['CLIENT_HTTP_AUTHENTICATION', AuthenticationError, false],
  ] as const)('the 2.x SdkError %s → its class', (code, Class, retryable) => {
    const error = normalizeError(named('SdkError', 'It failed', { code }));
    expect([error.constructor, error.retryable, error.details]).toEqual([Class, retryable, { mcpCode: code }]);
  });

  it('keeps how long a timed-out request waited and which tool was not found', () => {
    expect(normalizeError(mcp(-32001, 'Request timed out', { timeout: 60000 }))).toMatchObject({ timeoutMs: 60000 });
    expect(normalizeError(named('SdkError', 'Request timed out', { code: 'REQUEST_TIMEOUT', data: { timeout: 5000 } }))).toMatchObject({ timeoutMs: 5000 });
    expect(normalizeError(mcp(-32602, 'Tool get_weather not found'))).toMatchObject({ toolName: 'get_weather' });
  });

  it('leaves another library’s SdkError with a code MCP does not use to the other rules', () => {
    expect(normalizeError(named('SdkError', 'x', { code: 'INVALID_CONFIG' }))).toBeInstanceOf(UnknownError);
  });
});

describe('the families’ from', () => {
  it('ModelError.from classifies a RetryError by its last error, and gives the model classes', () => {
    const retry = named('AI_RetryError', 'Failed after 3 attempts', { reason: 'maxRetriesExceeded', errors: [apiCall429], lastError: apiCall429 });
    const error = ModelError.from(retry, { provider: 'openai' });
    expect([error.constructor, error.retryAfterMs, error.provider, error.details, error.cause]).toEqual([ModelRateLimitError, 150, 'openai', { attempts: 1, reason: 'maxRetriesExceeded' }, retry]);
    expect(ModelError.from(named('AI_NoObjectGeneratedError', 'No object generated.'), { model: 'gpt-4o' })).toMatchObject({ name: 'ModelOutputError', model: 'gpt-4o' });
    expect(ModelError.from(named('AI_LoadAPIKeyError', 'missing'))).toBeInstanceOf(AuthenticationError);
    expect(ModelError.from(langchain('MODEL_RATE_LIMIT'))).toBeInstanceOf(ModelRateLimitError);
    // Not a model failure: the model rules, as before.
    expect(ModelError.from(named('AI_NoSuchToolError', 'x', { toolName: 'delete' })).constructor).toBe(ModelError);
  });

  it('ToolError.from (but for MCP errors) and AgentError.from keep their own rules, so that a single class import carries no framework table', () => {
    expect(ToolError.from(named('AI_NoSuchToolError', 'x', { toolName: 'delete' }), { toolName: 'delete' })).toMatchObject({ name: 'ToolExecutionError', toolName: 'delete' });
    expect(AgentError.from(agentsError('MaxTurnsExceededError', 'Max turns (3) exceeded'))).toMatchObject({ name: 'AgentError' });
    // normalizeError, which reads every framework, is the one to call for a framework's error.
    expect(normalizeError(named('AI_NoSuchToolError', 'x', { toolName: 'delete' }))).toMatchObject({ name: 'ToolNotFoundError', toolName: 'delete' });
    expect(normalizeError(agentsError('MaxTurnsExceededError', 'Max turns (3) exceeded'))).toMatchObject({ name: 'AgentMaxIterationsError', maxIterations: 3 });
  });
});

describe('hostile wrappers', () => {
  it('stops reading a chain of wrappers, or a cycle, after a few levels', () => {
    const cycle = named('AI_RetryError', 'Failed', { reason: 'maxRetriesExceeded', errors: [] });
    Object.assign(cycle, { errors: [cycle], lastError: cycle });
    expect(normalizeError(cycle)).toBeInstanceOf(UnknownError);
    expect(ModelError.from(cycle)).toBeInstanceOf(ModelError);
    const call = agentsError('ToolCallError', 'Failed', {});
    Object.assign(call, { error: call });
    expect(normalizeError(call)).toBeInstanceOf(ToolExecutionError);
  });
});
