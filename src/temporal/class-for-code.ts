import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError, AuthorizationError, ModelApiError,
  ModelContentFilterError, ModelContextLengthError, ModelError, ModelOutputError, ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError,
  UnknownError, ValidationError, type FaultlineError,
} from '../index.js';

// For a failure whose details are gone: Temporal's server keeps only the type, message and `nonRetryable` of
// a failure it cuts down. A class name is no type this reads: other libraries' errors reach Temporal by names
// such as ValidationError and TimeoutError too (Joi's, got's), and those are normalizeError's to read.
export type TypedClass = (new (message?: string | null, options?: { readonly cause?: unknown; readonly retryable?: boolean }) => FaultlineError) & {
  readonly prototype: FaultlineError;
};

/** test/temporal/class-for-code.test.ts holds it equal to the main entry's. */
export const TYPED_CLASSES: readonly TypedClass[] = [
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError, ModelContentFilterError,
  ModelOutputError,
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  StorageError, SecurityError, AuthError, AuthenticationError, AuthorizationError,
  ValidationError, TransientError, TimeoutError, UnknownError,
];

// Built on first use, so that importing faultline/temporal does no work.
let byCode: Map<string, TypedClass> | undefined;

export function classForCode(type: string): TypedClass | undefined {
  byCode ??= new Map(TYPED_CLASSES.map((Class) => [Class.prototype.code, Class] as const));
  return byCode.get(type);
}
