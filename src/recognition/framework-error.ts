import { readProperty, readString } from '../foundation/safe-read.js';
import { readProviderError } from './provider-error.js';
import { parseRetryAfter } from './retry-after.js';
import { zodIssueFields } from './zod-issues.js';

/**
 * What an agent framework's error stands for: mapping/framework-error.ts (and each family's `from`)
 * picks the class. `wrapped` and `tool-execution` are decided by the error they wrap.
 */
export type FrameworkKind =
  | 'model-output' | 'content-filter' | 'context-length' | 'rate-limit' | 'unauthenticated' | 'model-api' | 'model-timeout'
  | 'tool-not-found' | 'tool-timeout' | 'tool-execution' | 'validation' | 'security' | 'max-iterations' | 'aborted' | 'agent'
  | 'timeout' | 'transient' | 'unknown' | 'wrapped';

/** What a framework's error says, read by its public shape and `name` (docs/frameworks.md). */
export interface FrameworkReading {
  readonly kind: FrameworkKind;
  /** The error that decides the class, for `wrapped` and `tool-execution`: a RetryError's last error, a ToolCallError's error. */
  readonly wraps?: unknown;
  /** Its message, without the troubleshooting URL LangChain appends. */
  readonly message: string | undefined;
  /** LangChain's retryable stamp, where it is set. */
  readonly retryable: boolean | undefined;
  /** For the constructor: the class's own fields (`toolName`, `timeoutMs`, `policy`, `maxIterations`, `fields`); any other key goes to `details`. */
  readonly options: Readonly<Record<string, unknown>>;
}

interface Extra {
  readonly wraps?: unknown;
  readonly options?: Record<string, unknown>;
}
/** A kind, and what to read beside it; a reader that gives `false` says the value is not that framework's. */
type Rule = readonly [FrameworkKind, ((value: object) => Extra | false)?];

// The OpenAI Agents SDK's errors (AgentsError) each carry the run as `state`, own even when undefined:
// it tells them from other libraries' errors of the same name. The state stays on the cause.
const agents = (read?: (value: object) => Extra): ((value: object) => Extra | false) => (value) => {
  try {
    return Object.hasOwn(value, 'state') && (read?.(value) ?? {});
  } catch {
    return false; // a revoked Proxy
  }
};
const limit = (value: object): Extra => ({ options: { maxIterations: Number(/\d+/.exec(readString(value, 'message') ?? '')?.[0]) || undefined } });
const guardrail = (value: object): Extra => ({ options: { policy: readString(readProperty(readProperty(value, 'result'), 'guardrail'), 'name') } });
const timeout = (value: object): Extra => ({ options: { toolName: readString(value, 'toolName'), timeoutMs: readProperty(value, 'timeoutMs') } });
function toolInput(value: object): Extra {
  const cause = readProperty(value, 'cause') ?? readProperty(value, 'originalError');
  // The schema's issues: a ZodError, or the AI SDK's TypeValidationError over one.
  const fields = zodIssueFields(cause) ?? zodIssueFields(readProperty(cause, 'cause'));
  const call = readProperty(readProperty(readProperty(value, 'toolInvocation'), 'details'), 'toolCall');
  return { options: { toolName: readString(value, 'toolName') ?? readString(call, 'name'), fields } };
}
function tokens(usage: unknown): Record<string, unknown> | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  return { inputTokens: readProperty(usage, 'inputTokens'), outputTokens: readProperty(usage, 'outputTokens'), totalTokens: readProperty(usage, 'totalTokens') };
}

// By `name`, the AI SDK's with or without its `AI_` prefix. Built on first use, so that a bundle that
// never reads a framework's error keeps none of it (the readers are calls, which a bundler keeps).
let byName: Readonly<Record<string, Rule>> | undefined;
const rulesByName = (): Readonly<Record<string, Rule>> => (byName ??= {
  // The Vercel AI SDK (`ai`, `@ai-sdk/provider`)
  RetryError: ['wrapped', (value) => {
    const errors = readProperty(value, 'errors');
    return Array.isArray(errors) && { wraps: readProperty(value, 'lastError'), options: { attempts: errors.length, reason: readString(value, 'reason') } };
  }],
  ToolCallRepairError: ['wrapped', (value) => ({ wraps: readProperty(value, 'originalError') })],
  NoSuchToolError: ['tool-not-found', (value) => ({ options: { toolName: readString(value, 'toolName'), availableTools: readProperty(value, 'availableTools') } })],
  InvalidToolInputError: ['validation', toolInput], // and the OpenAI Agents SDK's
  NoObjectGeneratedError: ['model-output', (value) => ({ options: { finishReason: readString(value, 'finishReason'), usage: tokens(readProperty(value, 'usage')) } })],
  NoContentGeneratedError: ['model-output'],
  JSONParseError: ['model-output'],
  TypeValidationError: ['model-output'],
  LoadAPIKeyError: ['unauthenticated'],
  // The OpenAI Agents SDK (`@openai/agents-core`)
  MaxTurnsExceededError: ['max-iterations', agents(limit)],
  ModelBehaviorError: ['model-output', agents()],
  ModelRefusalError: ['content-filter'], // and LangChain's
  ModelTimeoutError: ['model-timeout', agents(timeout)],
  ToolTimeoutError: ['tool-timeout', agents(timeout)],
  ToolCallError: ['tool-execution', agents((value) => ({ wraps: readProperty(value, 'error') }))],
  InputGuardrailTripwireTriggered: ['security', agents(guardrail)],
  OutputGuardrailTripwireTriggered: ['security', agents(guardrail)],
  ToolInputGuardrailTripwireTriggered: ['security', agents(guardrail)],
  ToolOutputGuardrailTripwireTriggered: ['security', agents(guardrail)],
  GuardrailExecutionError: ['security', agents()], // a guardrail that could not run lets nothing through
  UserError: ['agent', agents()],
  // LangChain (`@langchain/core`) and LangGraph
  ContextOverflowError: ['context-length'],
  ModelAbortError: ['aborted'],
  GraphRecursionError: ['max-iterations', limit],
});

// LangChain's `lc_error_code`, on its own errors and on the provider errors it decorates.
const BY_LANGCHAIN_CODE: Readonly<Record<string, FrameworkKind>> = {
  MODEL_RATE_LIMIT: 'rate-limit', MODEL_AUTHENTICATION: 'unauthenticated', MODEL_NOT_FOUND: 'model-api', CONTEXT_OVERFLOW: 'context-length',
  OUTPUT_PARSING_FAILURE: 'model-output', INVALID_TOOL_RESULTS: 'validation', INVALID_PROMPT_INPUT: 'validation',
  MESSAGE_COERCION_FAILURE: 'validation', MODEL_ABORTED: 'aborted', GRAPH_RECURSION_LIMIT: 'max-iterations',
};

// MCP's JSON-RPC codes, as MCP means them (`McpError` of the 1.x SDK, `ProtocolError` of 2.x); any
// other code is an UnknownError, as in faultline/jsonrpc.
const BY_MCP_CODE: Readonly<Record<number, FrameworkKind>> = {
  [-32700]: 'validation', [-32600]: 'validation', [-32601]: 'tool-not-found', [-32602]: 'validation', [-32603]: 'unknown',
  [-32000]: 'transient', [-32001]: 'timeout',
};

// The 2.x SDK's local errors (`SdkError`), by their string code.
const BY_MCP_SDK_CODE: Readonly<Record<string, FrameworkKind>> = {
  REQUEST_TIMEOUT: 'timeout', CONNECTION_CLOSED: 'transient', SEND_FAILED: 'transient', CLIENT_HTTP_AUTHENTICATION: 'unauthenticated',
};

const RETRYABLE = /* @__PURE__ */ Symbol.for('langchain.errors.retryable');
const TROUBLESHOOTING = /\s*Troubleshooting URL: (\S+)\s*$/;

// A wrapper of a wrapper (a ToolCallError over a RetryError) is read through; deeper, or a cycle, is no framework's.
const WRAP_LEVELS = 3;

/**
 * What an agent framework's error stands for, or undefined for a value that is none of theirs. By
 * shape and `name`, never by `instanceof`: no framework needs to be installed. Never throws. The
 * error a wrapper wraps (`wraps`) is never a wrapper itself: nested wrappers are read through here.
 *
 * @example
 * ```ts
 * readFrameworkError(Object.assign(new Error('Model tried to call unavailable tool'), { name: 'AI_NoSuchToolError', toolName: 'delete' }))?.kind; // 'tool-not-found'
 * ```
 */
export function readFrameworkError(value: unknown): FrameworkReading | undefined {
  const reading = readOne(value);
  if (reading?.wraps === undefined) return reading;
  let { kind, wraps } = reading;
  for (let level = 0; ; level++) {
    const inner = readOne(wraps);
    if (inner?.wraps === undefined) break;
    if (level === WRAP_LEVELS) return { ...reading, wraps: undefined };
    if (kind === 'wrapped') kind = inner.kind;
    wraps = inner.wraps;
    Object.assign(reading.options, { ...inner.options, ...reading.options });
  }
  return { ...reading, kind, wraps };
}

/**
 * The options a framework's error gives its class: `base` (the caller's context and what
 * {@link providerFields} read, or the error its wrapped error became), what the reading found, and
 * the error itself as `cause`.
 */
export function frameworkOptions(value: unknown, reading: FrameworkReading, base: object | undefined): Record<string, unknown> {
  const retryable = reading.retryable ?? (reading.kind === 'transient' || undefined);
  return { ...base, ...reading.options, ...(retryable !== undefined && { retryable }), cause: value };
}

/**
 * The context, with the status, request id and Retry-After of a provider's error where the value or
 * its causes carry one (a LangChain ContextOverflowError over the SDK's 400). The value's own status
 * counts over the context's, as in every `from`.
 */
export function providerFields(value: unknown, context: object | undefined): Record<string, unknown> {
  const provider = readProviderError(value);
  if (provider === undefined) return { ...context };
  return {
    requestId: provider.requestId, retryAfterMs: parseRetryAfter(provider.headers), ...context,
    ...(provider.httpStatus !== undefined && { status: provider.httpStatus }),
  };
}

function readOne(value: unknown): (FrameworkReading & { readonly options: Record<string, unknown> }) | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = readString(value, 'name') ?? '';
  const rules = rulesByName();
  const bare = name.replace(/^AI_/, '');
  const rule = Object.hasOwn(rules, bare) ? rules[bare] : undefined;
  const extra = rule?.[1] === undefined ? {} : rule[1](value);
  let kind = extra === false ? undefined : rule?.[0];
  let message = readString(value, 'message');
  const options: Record<string, unknown> = { ...(extra !== false && extra.options) };
  const code = readProperty(value, 'lc_error_code');
  if (typeof code === 'string') {
    kind ??= Object.hasOwn(BY_LANGCHAIN_CODE, code) ? BY_LANGCHAIN_CODE[code] : undefined;
    const url = message === undefined ? undefined : TROUBLESHOOTING.exec(message);
    if (url?.[1] !== undefined && message !== undefined) {
      message = message.slice(0, url.index);
      options.troubleshootingUrl = url[1];
    }
  }
  kind ??= mcpKind(value, name, message, options);
  if (kind === undefined) return undefined;
  return { kind, wraps: extra === false ? undefined : extra.wraps, message, retryable: langChainRetryable(value), options };
}

/** LangChain's retryable stamp (`Symbol.for('langchain.errors.retryable')`, an own property), on any error; undefined where unset. */
export function langChainRetryable(value: unknown): boolean | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    const stamp: unknown = Object.getOwnPropertyDescriptor(value, RETRYABLE)?.value;
    return typeof stamp === 'boolean' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

function mcpKind(value: object, name: string, message: string | undefined, options: Record<string, unknown>): FrameworkKind | undefined {
  if (name !== 'SdkError' && name !== 'McpError' && name !== 'ProtocolError') return undefined;
  const code = readProperty(value, 'code');
  const kind = name === 'SdkError'
    ? (typeof code === 'string' && Object.hasOwn(BY_MCP_SDK_CODE, code) ? BY_MCP_SDK_CODE[code] : undefined)
    : (typeof code === 'number' && Number.isInteger(code) ? (Object.hasOwn(BY_MCP_CODE, code) ? BY_MCP_CODE[code] : 'unknown') : undefined);
  if (kind === undefined) return undefined;
  // The SDKs' own timeouts say how long they waited: `{ timeout }`.
  const timeoutMs = readProperty(readProperty(value, 'data'), 'timeout');
  if (typeof timeoutMs === 'number') options.timeoutMs = timeoutMs;
  if (typeof code === 'string') {
    options.mcpCode = code;
    return kind;
  }
  options.jsonRpcCode = code;
  // MCP servers answer a call to an unknown tool with invalid params: "Tool get_weather not found".
  const tool = code === -32602 ? /\btool (\S+) not found/i.exec(message ?? '') : null;
  if (tool !== null) options.toolName = tool[1];
  return tool === null ? kind : 'tool-not-found';
}
