import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError, AuthorizationError, ModelApiError,
  ModelContentFilterError, ModelContextLengthError, ModelError, ModelOutputError, ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError,
  UnknownError, ValidationError, type FaultlineError,
} from '../index.js';

/*
 * The built-in class an ApplicationFailure's `type` names by its code, for a failure whose details are
 * gone: Temporal's server keeps only the type, the message and `nonRetryable` of a failure it cuts down,
 * and the type is the code toApplicationFailure wrote. A class name is no type this reads: a faultline
 * error thrown without toApplicationFailure reaches Temporal as its class name, but so does any other
 * library's error, and names such as ValidationError and TimeoutError are common (Joi's, got's): those
 * are normalizeError's to read. The codes are read from each class's prototype, where its declaration wrote them.
 */

/** A concrete faultline class, as this table builds it. */
export type TypedClass = (new (message?: string | null, options?: { readonly cause?: unknown; readonly retryable?: boolean }) => FaultlineError) & {
  readonly prototype: FaultlineError;
};

/** Every concrete built-in class. test/temporal/class-for-code.test.ts holds it equal to the main entry's. */
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

/** The built-in class whose code is `type`; undefined for any other type. */
export function classForCode(type: string): TypedClass | undefined {
  byCode ??= new Map(TYPED_CLASSES.map((Class) => [Class.prototype.code, Class] as const));
  return byCode.get(type);
}
