import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError, AuthorizationError, ModelApiError,
  ModelContentFilterError, ModelContextLengthError, ModelError, ModelOutputError, ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError,
  UnknownError, ValidationError, type ErrorDefaults, type FaultlineError,
} from '../index.js';

/*
 * The built-in class a code or a class name names, for a failure an engine kept without the serialized
 * error: Temporal's server keeps only the type, the message and `nonRetryable` of a failure it truncates,
 * and a faultline error thrown as it is reaches Temporal as its class name alone (the worker's
 * `ensureApplicationFailure` takes `error.constructor.name`) and an Inngest onFailure handler as its name
 * and message alone. A type is looked up as a code first (what toApplicationFailure writes), then as a
 * class name. The codes and names are read from each class's own defaults, so that they are written once,
 * in the class. Shared by the durable-engine adapters (faultline/temporal, faultline/inngest).
 */

/** A concrete faultline class, as this table builds it. */
export type TypedClass = (new (message?: string | null, options?: { readonly cause?: unknown; readonly retryable?: boolean }) => FaultlineError) & {
  readonly defaults: ErrorDefaults;
};

/** Every concrete built-in class. test/temporal/class-for-type.test.ts holds it equal to the main entry's. */
export const TYPED_CLASSES: readonly TypedClass[] = [
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError, ModelContentFilterError,
  ModelOutputError,
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  StorageError, SecurityError, AuthError, AuthenticationError, AuthorizationError,
  ValidationError, TransientError, TimeoutError, UnknownError,
];

/** What a type names: the class, and whether it named it by its code (as faultline writes it) or by its class name. */
export interface TypeMatch {
  readonly Class: TypedClass;
  readonly byCode: boolean;
}

// Built on first use, so that importing faultline/temporal does no work.
let byType: Map<string, TypeMatch> | undefined;

/** The class an ApplicationFailure's `type` names, by code or by class name; undefined for any other type. */
export function classForType(type: string): TypeMatch | undefined {
  if (byType === undefined) {
    byType = new Map();
    for (const Class of TYPED_CLASSES) byType.set(Class.defaults.name, { Class, byCode: false });
    // Codes after names: UPPER_SNAKE codes and PascalCase names never meet, but a code is what faultline writes.
    for (const Class of TYPED_CLASSES) if (Class.defaults.code !== undefined) byType.set(Class.defaults.code, { Class, byCode: true });
  }
  return byType.get(type);
}
