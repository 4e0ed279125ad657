import type { ErrorCategory } from '../foundation/category.js';
import { JSON_RPC_CATEGORY_CODES, readJsonRpcCode } from '../foundation/json-rpc-codes.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { fieldFits, hasNodeHead } from '../contract/node-shape.js';
import { frameworkUsage } from './framework-usage.js';
import { readProviderError } from './provider-error.js';
import { langChainRetryable } from './retryable-stamp.js';
import { parseRetryAfter } from './retry-after.js';
import { zodIssueFields } from './zod-issues.js';

/** `wrapped` and `tool-execution` are decided by the error they wrap; mapping/framework-error.ts picks the class. */
export type FrameworkKind =
  | 'model-output' | 'content-filter' | 'context-length' | 'rate-limit' | 'unauthenticated' | 'model-api' | 'model-timeout'
  | 'tool-not-found' | 'tool-timeout' | 'tool-execution' | 'validation' | 'security' | 'max-iterations' | 'aborted' | 'agent'
  | 'timeout' | 'transient' | 'unknown' | 'wrapped'
  // a family's base class: what a JSON-RPC category code stands for
  | 'model' | 'tool' | 'storage' | 'auth';

/** What a framework's error says, read by its public shape and `name` (docs/frameworks.md). */
export interface FrameworkReading {
  readonly kind: FrameworkKind;
  /** The error that decides the class, for `wrapped` and `tool-execution`: a RetryError's last error, a ToolCallError's error. */
  readonly wraps?: unknown;
  /** Its message, without the troubleshooting URL LangChain appends. */
  readonly message: string | undefined;
  readonly retryable: boolean | undefined;
  /** For the constructor; a key that is not a field of the class goes to `details`. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The faultline error an MCP client's error carries as `data`, which `normalizeError` reads back. */
  readonly carried?: object;
}

interface Extra {
  readonly wraps?: unknown;
  readonly options?: Record<string, unknown>;
}
/** A kind, and what to read beside it; a reader that gives `false` says the value is not that framework's. */
type Rule = readonly [FrameworkKind, ((value: object) => Extra | false)?];

// The Agents SDK's errors carry the run as an own `state`, even undefined: it tells them from other libraries' of the same name.
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
// What the run had used when its model failed: the usage of its state, every request of the run counted.
const runUsage = (value: object): unknown => frameworkUsage(readProperty(readProperty(value, 'state'), 'usage'));
const ofRun = (value: object): Extra => ({ options: { usage: runUsage(value) } });
const modelTimeout = (value: object): Extra => ({ options: { timeoutMs: readProperty(value, 'timeoutMs'), usage: runUsage(value) } });
function toolInput(value: object): Extra {
  const cause = readProperty(value, 'cause') ?? readProperty(value, 'originalError');
  // The schema's issues: a ZodError, or the AI SDK's TypeValidationError over one.
  const fields = zodIssueFields(cause) ?? zodIssueFields(readProperty(cause, 'cause'));
  const call = readProperty(readProperty(readProperty(value, 'toolInvocation'), 'details'), 'toolCall');
  return { options: { toolName: readString(value, 'toolName') ?? readString(call, 'name'), fields } };
}

// By `name`, with or without `AI_`. Built on first use, so that a bundle that never reads a framework's error keeps none of it.
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
  NoObjectGeneratedError: ['model-output', (value) => ({ options: { finishReason: readString(value, 'finishReason'), usage: frameworkUsage(readProperty(value, 'usage')) } })],
  NoContentGeneratedError: ['model-output'],
  JSONParseError: ['model-output'],
  TypeValidationError: ['model-output'],
  LoadAPIKeyError: ['unauthenticated'],
  // The OpenAI Agents SDK (`@openai/agents-core`)
  MaxTurnsExceededError: ['max-iterations', agents(limit)],
  ModelBehaviorError: ['model-output', agents(ofRun)],
  ModelRefusalError: ['content-filter', ofRun], // and LangChain's, which carries no run
  ModelTimeoutError: ['model-timeout', agents(modelTimeout)],
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

// The 2.x SDK's local errors (`SdkError`), by their string code.
const BY_MCP_SDK_CODE: Readonly<Record<string, FrameworkKind>> = {
  REQUEST_TIMEOUT: 'timeout', CONNECTION_CLOSED: 'transient', SEND_FAILED: 'transient', CLIENT_HTTP_AUTHENTICATION: 'unauthenticated',
};

const TROUBLESHOOTING = /\s*Troubleshooting URL: (\S+)\s*$/;

// A wrapper of a wrapper (a ToolCallError over a RetryError) is read through; deeper, or a cycle, is no framework's.
const WRAP_LEVELS = 3;

/** By shape and `name`, never `instanceof`, so that no framework need be installed. Never throws; `wraps` is never a wrapper. */
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

/** The reading's options over `base` (the context, or the error the wrapped one became), the error itself as `cause`. */
export function frameworkOptions(value: unknown, reading: FrameworkReading, base: object | undefined): Record<string, unknown> {
  const retryable = reading.retryable ?? (reading.kind === 'transient' || undefined);
  return { ...base, ...reading.options, ...(retryable !== undefined && { retryable }), cause: value };
}

/** The value's own status counts over the context's, as in every `from`. */
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
  if (kind === undefined) return readMcpError(value, name, message);
  return { kind, wraps: extra === false ? undefined : extra.wraps, message, retryable: langChainRetryable(value), options };
}

/**
 * MCP's errors by their JSON-RPC code or the faultline error their `data` carries, the 2.x `SdkError` by its
 * string code. `ToolError.from` asks it alone, so that it carries no other framework's table.
 */
export function readMcpError(value: unknown, name = readString(value, 'name'), message = readString(value, 'message')): FrameworkReading | undefined {
  if (name !== 'SdkError' && name !== 'McpError' && name !== 'ProtocolError') return undefined;
  const code = readProperty(value, 'code');
  const data = readProperty(value, 'data');
  if (name === 'SdkError') {
    const kind = typeof code === 'string' && Object.hasOwn(BY_MCP_SDK_CODE, code) ? BY_MCP_SDK_CODE[code] : undefined;
    return kind === undefined ? undefined : { kind, message, retryable: undefined, options: { mcpCode: code, ...timeoutOf(data) } };
  }
  if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
  if (hasNodeHead(data)) return carriedReading(data as Record<string, unknown>);
  const reading = readJsonRpcCode(code, message);
  const options = { jsonRpcCode: code, ...timeoutOf(data), ...(reading.toolName !== undefined && { toolName: reading.toolName }) };
  return { kind: reading.meaning, message, retryable: undefined, options };
}

// The SDKs' own timeouts say how long they waited: `{ timeout }`.
function timeoutOf(data: unknown): { timeoutMs?: number } {
  const timeoutMs = readProperty(data, 'timeout');
  return typeof timeoutMs === 'number' ? { timeoutMs } : {};
}

// A class name that stands for exactly one kind; any other class is read by its category.
const KIND_OF_CLASS: Readonly<Record<string, FrameworkKind>> = {
  ModelRateLimitError: 'rate-limit', ModelTimeoutError: 'model-timeout', ModelApiError: 'model-api', ModelContextLengthError: 'context-length',
  ModelContentFilterError: 'content-filter', ModelOutputError: 'model-output', AuthenticationError: 'unauthenticated',
  ToolNotFoundError: 'tool-not-found', ToolTimeoutError: 'tool-timeout', ToolExecutionError: 'tool-execution',
  AgentMaxIterationsError: 'max-iterations', AgentAbortedError: 'aborted',
};
// What the contract's head and tree are: the rest of a node's keys are its class's fields.
const NOT_A_FIELD = /* @__PURE__ */ new Set(['name', 'code', 'category', 'message', 'retryable', 'cause', 'errors', 'stack', 'truncated']);

function carriedReading(node: Record<string, unknown>): FrameworkReading {
  const name = node.name as string;
  const category = node.category as ErrorCategory;
  const options: Record<string, unknown> = {};
  for (const key of Object.keys(node)) if (!NOT_A_FIELD.has(key) && fieldFits(key, node[key])) options[key] = node[key];
  return {
    kind: Object.hasOwn(KIND_OF_CLASS, name) ? (KIND_OF_CLASS[name] as FrameworkKind) : readJsonRpcCode(JSON_RPC_CATEGORY_CODES[category], undefined).meaning,
    message: node.message as string, retryable: node.retryable as boolean, options, carried: node,
  };
}
