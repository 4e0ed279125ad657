/**
 * The code of every built-in class: a type for code that names a built-in code, so that a typo is a
 * compile error and a `switch` over it is checked for exhaustiveness. An error's own `code` stays
 * `string`, because a class of yours below a built-in one has a code of its own; narrow it with a
 * comparison or a `switch` on `error.code as FaultlineCode` where you handle the built-in ones alone.
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
