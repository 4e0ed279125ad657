/**
 * The code of every built-in class, so that a typo is a compile error and a `switch` is exhaustive. An
 * error's own `code` stays `string` (a class of yours has its own); narrow with `error.code as FaultlineCode`.
 *
 * @example
 * ```ts
 * import type { FaultlineCode } from 'faultline';
 *
 * const pauseOn: readonly FaultlineCode[] = ['MODEL_RATE_LIMITED', 'MODEL_QUOTA_EXCEEDED'];
 * const typo: FaultlineCode = 'MODEL_RATE_LIMITD'; // compile error
 * ```
 */
export type FaultlineCode =
  | 'MODEL_ERROR' | 'MODEL_RATE_LIMITED' | 'MODEL_TIMEOUT' | 'MODEL_API_ERROR' | 'MODEL_CONTEXT_LENGTH_EXCEEDED' | 'MODEL_QUOTA_EXCEEDED'
  | 'MODEL_CONTENT_FILTERED' | 'MODEL_OUTPUT_INVALID'
  | 'TOOL_ERROR' | 'TOOL_NOT_FOUND' | 'TOOL_PERMISSION_DENIED' | 'TOOL_EXECUTION_ERROR' | 'TOOL_TIMEOUT'
  | 'AGENT_ERROR' | 'AGENT_MAX_ITERATIONS' | 'AGENT_INVALID_STATE_TRANSITION' | 'AGENT_ABORTED'
  | 'STORAGE_ERROR'
  | 'SECURITY_VIOLATION'
  | 'AUTH_ERROR' | 'AUTH_UNAUTHENTICATED' | 'AUTH_FORBIDDEN'
  | 'VALIDATION_FAILED'
  | 'TRANSIENT'
  | 'TIMEOUT'
  | 'UNKNOWN_ERROR';
