import {
  AgentAbortedError, AuthError, ModelTimeoutError, normalizeError, SecurityError, serializeError, TimeoutError,
  ToolPermissionError, ToolTimeoutError, UnknownError, ValidationError, type FaultlineError,
} from '../index.js';

/** Why a tool call failed, as a model should read it. */
export type ToolErrorType = 'validation' | 'runtime' | 'logical' | 'aborted' | 'exception';

/** What a model reads after a failed tool call. */
export interface ToolFailure {
  readonly ok: false;
  /** What went wrong, redacted as the contract redacts. */
  readonly error: string;
  readonly errorType: ToolErrorType;
  /** Whether calling the tool again as it is may succeed. */
  readonly retryable: boolean;
  /** Stop the loop: a failure the model must not try to route around (a security, permission or auth failure). */
  readonly halt: boolean;
  /** What the model can do next. */
  readonly recommendations: readonly string[];
  readonly code: string;
}

/** What a tool call gave: its value, or a failure a model can act on. */
export type ToolResult<Value> = { readonly ok: true; readonly value: Value } | ToolFailure;

/** Options of {@link toToolResult}. */
export interface ToolResultOptions {
  /** The failure's type, when the caller knows it better (a tool that reported a failure is `logical`). */
  readonly errorType?: ToolErrorType | undefined;
  /** The tools that do exist: a ToolNotFoundError lists them for the model. */
  readonly availableTools?: readonly string[] | undefined;
  /** Recommendations of your own per tool name, added to the defaults. */
  readonly recommendationsByTool?: Readonly<Record<string, readonly string[]>> | undefined;
}

const RECOMMENDATIONS: Readonly<Record<string, readonly string[]>> = {
  VALIDATION_FAILED: ['Fix the arguments named in the error and call the tool again.'],
  TOOL_NOT_FOUND: ['Call one of the tools that exist.'],
  TOOL_PERMISSION_DENIED: ['Do not try another way to do this; tell the user it is not allowed.'],
  TOOL_EXECUTION_ERROR: ['Check the arguments; if they are right, try once more or use another tool.'],
  TOOL_TIMEOUT: ['Try again with a smaller request.'],
  TOOL_ERROR: ['Try another approach.'],
  MODEL_ERROR: ['The model call failed: try another approach, or tell the user what failed.'],
  MODEL_RATE_LIMITED: ['Wait before calling again.'],
  MODEL_TIMEOUT: ['Try again with a shorter request, or use a faster model.'],
  MODEL_API_ERROR: ['The provider failed: try once more shortly, or use another model.'],
  MODEL_QUOTA_EXCEEDED: ['Use another model or provider.'],
  MODEL_CONTEXT_LENGTH_EXCEEDED: ['Shorten the input and try again.'],
  MODEL_CONTENT_FILTERED: ['Rephrase the request within the content policy.'],
  MODEL_OUTPUT_INVALID: ['Ask the model again; if it fails again, simplify the request or the schema.'],
  AGENT_ERROR: ['Stop and tell the user what failed.'],
  AGENT_MAX_ITERATIONS: ['Give the best answer you have now.'],
  AGENT_INVALID_STATE_TRANSITION: ['Do not repeat this step: continue from the current state.'],
  AGENT_ABORTED: ['Stop: the run was cancelled.'],
  STORAGE_ERROR: ['Go on without the stored data, or try again later.'],
  SECURITY_VIOLATION: ['Do not try another way to do this; tell the user it is not allowed.'],
  AUTH_ERROR: ['Stop: the credentials were refused or do not allow this.'],
  AUTH_UNAUTHENTICATED: ['Stop: the credentials were refused.'],
  AUTH_FORBIDDEN: ['Do not try another way to do this; tell the user it is not allowed.'],
  TRANSIENT: ['Try the same call again.'],
  TIMEOUT: ['Try again with a smaller request.'],
  UNKNOWN_ERROR: ['Try another approach, or tell the user what failed.'],
};

// The error each failure was made from, so that `toMcpToolResult(failure)` writes the same class and
// message: the failure itself holds only what a model reads.
const errorsOfFailures = /* @__PURE__ */ new WeakMap<ToolFailure, FaultlineError>();

/** Undefined for a failure it did not make (a copy, parsed JSON). */
export function errorOfFailure(failure: ToolFailure): FaultlineError | undefined {
  return errorsOfFailures.get(failure);
}

/**
 * What a model reads after a failed tool call. A failure the model must not route around (a SecurityError,
 * a ToolPermissionError, an AuthError) has `halt: true`, so that the loop stops: fail closed. Every
 * built-in code has default recommendations.
 *
 * @example
 * ```ts
 * import { toToolResult } from 'faultline/agent';
 * import { ToolNotFoundError } from 'faultline';
 *
 * toToolResult(new ToolNotFoundError({ toolName: 'delete' }), { availableTools: ['search', 'read'] });
 * // { ok: false, error: 'The requested tool is not registered', errorType: 'runtime', retryable: false, halt: false,
 * //   recommendations: ['Call one of the tools that exist: search, read.'], code: 'TOOL_NOT_FOUND' }
 * ```
 */
export function toToolResult(error: unknown, options?: ToolResultOptions): ToolFailure {
  const value: FaultlineError = normalizeError(error);
  const json = serializeError(value);
  const toolName = typeof json.toolName === 'string' ? json.toolName : undefined;
  const failure: ToolFailure = {
    ok: false,
    error: json.message,
    errorType: options?.errorType ?? errorTypeOf(value),
    // From the written form, whose fields are read guarded: an unreadable `retryable` is false.
    retryable: json.retryable,
    halt: value instanceof SecurityError || value instanceof ToolPermissionError || value instanceof AuthError,
    recommendations: [
      ...(json.recommendations ?? []),
      ...recommendationsFor(json.code, options?.availableTools),
      ...(toolName !== undefined && options?.recommendationsByTool !== undefined && Object.hasOwn(options.recommendationsByTool, toolName)
        ? (options.recommendationsByTool[toolName] ?? [])
        : []),
    ],
    code: json.code,
  };
  errorsOfFailures.set(failure, value);
  return failure;
}

function errorTypeOf(error: FaultlineError): ToolErrorType {
  if (error instanceof ValidationError) return 'validation';
  if (error instanceof TimeoutError || error instanceof ToolTimeoutError || error instanceof ModelTimeoutError || error instanceof AgentAbortedError) return 'aborted';
  if (error instanceof UnknownError) return 'exception';
  return 'runtime';
}

function recommendationsFor(code: string, availableTools: readonly string[] | undefined): readonly string[] {
  if (code === 'TOOL_NOT_FOUND' && availableTools !== undefined && availableTools.length > 0) {
    return [`Call one of the tools that exist: ${availableTools.join(', ')}.`];
  }
  return Object.hasOwn(RECOMMENDATIONS, code) ? (RECOMMENDATIONS[code] ?? []) : [];
}
