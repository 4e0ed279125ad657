import type { FaultlineError } from '../base/faultline-error.js';
import { AgentAbortedError, AgentError, AgentMaxIterationsError } from '../errors/agent.js';
import { AuthError } from '../errors/auth.js';
import { MODEL_CLASSES, ModelError } from '../errors/model.js';
import { StorageError } from '../errors/storage.js';
import { SecurityError } from '../errors/security.js';
import { TimeoutError } from '../errors/timeout.js';
import { ToolError, ToolExecutionError, ToolNotFoundError, ToolTimeoutError } from '../errors/tool.js';
import { TransientError } from '../errors/transient.js';
import { UnknownError } from '../errors/unknown.js';
import { ValidationError } from '../errors/validation.js';
import { deserializeError } from '../read-back/deserialize-error.js';
import { frameworkOptions, providerFields, type FrameworkKind, type FrameworkReading } from '../recognition/framework-error.js';
import { withFailureNumbers } from '../recognition/failure-numbers.js';

type ErrorClass = new (message?: string | null, options?: object) => FaultlineError;

// docs/frameworks.md has the tables by framework.
const CLASS_OF_KIND: Readonly<Record<Exclude<FrameworkKind, 'wrapped' | keyof typeof MODEL_CLASSES>, ErrorClass>> = {
  'tool-not-found': ToolNotFoundError, 'tool-timeout': ToolTimeoutError, 'tool-execution': ToolExecutionError, validation: ValidationError,
  security: SecurityError, 'max-iterations': AgentMaxIterationsError, aborted: AgentAbortedError, agent: AgentError,
  timeout: TimeoutError, transient: TransientError, unknown: UnknownError,
  model: ModelError, tool: ToolError, storage: StorageError, auth: AuthError,
};

/**
 * A wrapper takes the class of the error it wraps (`normalize`). A tool call's failure is a
 * ToolExecutionError as retryable as what it wraps, unless that is a tool's failure already or a
 * SecurityError: fail closed wins.
 */
export function frameworkError(value: unknown, reading: FrameworkReading, normalize: (value: unknown) => FaultlineError): FaultlineError {
  const { kind, wraps, message, carried } = reading;
  if (carried !== undefined) {
    try {
      return deserializeError(carried); // as faultline/jsonrpc reads it: the class, fields and causes the peer wrote
    } catch {
      // data that only looks like faultline's: read by its kind, as a family's `from` reads it
    }
  }
  if (kind !== 'wrapped' && (kind !== 'tool-execution' || wraps === undefined)) {
    const Class = (MODEL_CLASSES as Partial<Record<FrameworkKind, ErrorClass>>)[kind] ?? CLASS_OF_KIND[kind as keyof typeof CLASS_OF_KIND];
    return new Class(message, frameworkOptions(value, reading, withFailureNumbers(kind, value, message, providerFields(value, undefined))));
  }
  const inner = normalize(wraps);
  if (kind === 'wrapped' || inner instanceof ToolError || inner instanceof SecurityError) {
    return new (inner.constructor as ErrorClass)(message, frameworkOptions(value, reading, inner));
  }
  const { retryable, retryAfterMs, status, requestId, details } = inner;
  return new ToolExecutionError(message, frameworkOptions(value, reading, { retryable, retryAfterMs, status, requestId, details }));
}
