/**
 * faultline: typed errors for LLM and agent systems, with a durable JSON contract.
 * The main entry: re-exports only, and no runtime dependency is loaded from here.
 */
export { FaultlineError } from './base/faultline-error.js';
export type { FaultlineErrorOptions, MessageOption } from './base/options.js';
export { isFaultlineError } from './base/is-faultline-error.js';
export type { FaultlineCode } from './errors/faultline-code.js';
export { ErrorCategory } from './foundation/category.js';
export { isControlSignal } from './foundation/control-signal.js';
export type { ErrorClass, FamilySpec, SubclassSpec } from './base/class-spec.js';
export type { BuiltInFieldType, FieldOptionsOf, FieldsOf, FieldTable, FieldType, FieldValue } from './contract/class-fields.js';
export type { TokenUsage } from './contract/token-usage.js';
export type { RateLimit, RateLimitDimension } from './contract/rate-limit.js';
export type { ErrorDetails, ErrorDetailValue, JsonObject, JsonValue } from './foundation/json.js';

export {
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError,
  ModelContentFilterError, ModelOutputError, isRetryableStatus,
  type ModelErrorOptions, type ModelTimeoutErrorOptions, type ModelRateLimitErrorOptions, type ModelContextLengthErrorOptions, type ModelContext,
} from './errors/model.js';
export {
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  type ToolErrorOptions, type ToolTimeoutErrorOptions, type ToolContext,
} from './errors/tool.js';
export {
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  type AgentErrorOptions, type AgentMaxIterationsErrorOptions, type AgentStateErrorOptions, type AgentContext,
} from './errors/agent.js';
export { StorageError, type StorageErrorOptions, type StorageContext } from './errors/storage.js';
export { SecurityError, type SecurityErrorOptions, type SecurityContext } from './errors/security.js';
export { AuthError, AuthenticationError, AuthorizationError, type AuthContext, type AuthErrorOptions } from './errors/auth.js';
export { ValidationError, type ValidationErrorOptions, type ValidationContext } from './errors/validation.js';
export { TransientError, type TransientContext } from './errors/transient.js';
export { TimeoutError, type TimeoutErrorOptions, type TimeoutContext } from './errors/timeout.js';
export { UnknownError, type UnknownContext } from './errors/unknown.js';

export { normalizeError } from './mapping/normalize-error.js';
export { finishReasonError } from './mapping/finish-reason.js';
export { parseRetryAfter } from './recognition/retry-after.js';
export type { ErrorEvent } from './mapping/error-event.js';

export { serializeError } from './mapping/serialize-error.js';
export { deserializeError, type DeserializeOptions } from './read-back/deserialize-error.js';
export { registerErrorClass, type FaultlineErrorClass } from './read-back/class-registry.js';
export { maxSerializedSize, type SerializeOptions } from './contract/serialize-options.js';
export type { SerializedError, SerializedForeignError, SerializedCause, SerializedJson, Truncation } from './contract/serialized-error.js';
export type { RedactionOptions } from './redaction/redactor.js';
export { setMessageRedaction } from './redaction/message-redaction.js';
