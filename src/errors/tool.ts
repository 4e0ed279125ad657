import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { TIMEOUT_FIELDS, TOOL_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';
import { frameworkOptions, readMcpError, type FrameworkReading } from '../recognition/framework-error.js';

/** Options of every tool error: the tool that failed. */
export interface ToolErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof TOOL_FIELDS> {}

/** Options of {@link ToolTimeoutError}. */
export interface ToolTimeoutErrorOptions extends ToolErrorOptions, FieldOptionsOf<typeof TIMEOUT_FIELDS> {}

/** What `ToolError.from` may add to the error it builds. */
export type ToolContext = Omit<ToolErrorOptions, 'cause'>;

// The instance fields are declared by TOOL_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface ToolError extends FieldsOf<typeof TOOL_FIELDS> {}

/**
 * A tool call failed. The family base: `instanceof ToolError` matches every tool error.
 *
 * @example
 * ```ts
 * throw new ToolError('The tool returned malformed output', { toolName: 'search' });
 * ```
 */
export class ToolError extends /* @__PURE__ */ builtInClass(FaultlineError, 'ToolError', {
  code: 'TOOL_ERROR',
  category: 'TOOL',
  message: 'The tool call failed',
  fields: TOOL_FIELDS,
}) {
  /**
   * Maps anything a tool threw into the family: a timeout is a ToolTimeoutError, anything else a
   * ToolExecutionError (retryable after a network failure); an MCP client's error is read by its code
   * (docs/frameworks.md). A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * try {
   *   return await search(query);
   * } catch (error) {
   *   return ToolError.from(error, { toolName: 'search' });
   * }
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: ToolContext): E;
  static override from(value: unknown, context?: ToolContext): ToolError;
  static override from(value: unknown, context?: ToolContext): FaultlineError {
    if (isFaultlineError(value)) return value;
    const mcp = readMcpError(value);
    return mcp === undefined ? toolErrorFor(value, recognize(value), context) : toolMcpError(value, mcp, context);
  }
}

function toolMcpError(value: unknown, reading: FrameworkReading, context: ToolContext | undefined): ToolError {
  const { kind } = reading;
  const Class = kind === 'tool-not-found' ? ToolNotFoundError : kind === 'tool' ? ToolError : kind.endsWith('timeout') ? ToolTimeoutError : ToolExecutionError;
  return new Class(reading.message, frameworkOptions(value, reading, context));
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function toolErrorFor(value: unknown, recognition: Recognition, context: ToolContext | undefined): ToolError {
  const options = mappedOptions(value, recognition, context);
  if (recognition.kind === 'timeout') return new ToolTimeoutError(recognition.message, options);
  return new ToolExecutionError(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}

/**
 * The model asked for a tool that is not registered.
 *
 * @example
 * ```ts
 * throw new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete' });
 * ```
 */
export class ToolNotFoundError extends /* @__PURE__ */ builtInClass(ToolError, 'ToolNotFoundError', {
  code: 'TOOL_NOT_FOUND',
  message: 'The requested tool is not registered',
}) {}

/** Running the tool was not permitted. */
export class ToolPermissionError extends /* @__PURE__ */ builtInClass(ToolError, 'ToolPermissionError', {
  code: 'TOOL_PERMISSION_DENIED',
  message: 'Permission to run the tool was denied',
}) {}

/** The tool ran and threw. */
export class ToolExecutionError extends /* @__PURE__ */ builtInClass(ToolError, 'ToolExecutionError', {
  code: 'TOOL_EXECUTION_ERROR',
  message: 'The tool failed while running',
}) {}

export interface ToolTimeoutError extends FieldsOf<typeof TIMEOUT_FIELDS> {}

/** The tool ran out of time. Retryable. */
export class ToolTimeoutError extends /* @__PURE__ */ builtInClass(ToolError, 'ToolTimeoutError', {
  code: 'TOOL_TIMEOUT',
  message: 'The tool call timed out',
  retryable: true,
  fields: TIMEOUT_FIELDS,
}) {}
