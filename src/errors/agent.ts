import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { AGENT_FIELDS, AGENT_MAX_ITERATIONS_FIELDS, AGENT_STATE_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';

/** Options of every agent error: the agent that failed. */
export interface AgentErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof AGENT_FIELDS> {}

/** Options of {@link AgentMaxIterationsError}. */
export interface AgentMaxIterationsErrorOptions extends AgentErrorOptions, FieldOptionsOf<typeof AGENT_MAX_ITERATIONS_FIELDS> {}

/** Options of {@link AgentStateError}. */
export interface AgentStateErrorOptions extends AgentErrorOptions, FieldOptionsOf<typeof AGENT_STATE_FIELDS> {}

/** What `AgentError.from` may add to the error it builds. */
export type AgentContext = Omit<AgentErrorOptions, 'cause'>;

// The instance fields are declared by AGENT_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface AgentError extends FieldsOf<typeof AGENT_FIELDS> {}

/**
 * An agent loop failed. The family base: `instanceof AgentError` matches every agent error.
 *
 * @example
 * ```ts
 * throw new AgentError('The plan was empty', { agentId: 'planner' });
 * ```
 */
export class AgentError extends /* @__PURE__ */ builtInClass(FaultlineError, 'AgentError', {
  code: 'AGENT_ERROR',
  category: 'AGENT',
  message: 'The agent failed',
  fields: AGENT_FIELDS,
}) {
  /**
   * Maps anything thrown inside an agent loop into the agent family: an abort becomes
   * AgentAbortedError, anything else AgentError (retryable when it was a network failure or a
   * timeout). A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = AgentError.from(new DOMException('stopped', 'AbortError'), { agentId: 'a1' });
   * error instanceof AgentAbortedError; // true
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: AgentContext): E;
  static override from(value: unknown, context?: AgentContext): AgentError;
  static override from(value: unknown, context?: AgentContext): FaultlineError {
    return isFaultlineError(value) ? value : agentErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts.
function agentErrorFor(value: unknown, recognition: Recognition, context: AgentContext | undefined): AgentError {
  const options = mappedOptions(value, recognition, context);
  if (recognition.kind === 'aborted') return new AgentAbortedError(recognition.message, options);
  return new AgentError(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}

export interface AgentMaxIterationsError extends FieldsOf<typeof AGENT_MAX_ITERATIONS_FIELDS> {}

/** The loop reached its iteration limit without finishing. */
export class AgentMaxIterationsError extends /* @__PURE__ */ builtInClass(AgentError, 'AgentMaxIterationsError', {
  code: 'AGENT_MAX_ITERATIONS',
  message: 'The agent reached its iteration limit',
  fields: AGENT_MAX_ITERATIONS_FIELDS,
}) {}

export interface AgentStateError extends FieldsOf<typeof AGENT_STATE_FIELDS> {}

/** The agent was asked for a state transition its state machine does not allow. */
export class AgentStateError extends /* @__PURE__ */ builtInClass(AgentError, 'AgentStateError', {
  code: 'AGENT_INVALID_STATE_TRANSITION',
  message: 'The agent cannot make this state transition',
  fields: AGENT_STATE_FIELDS,
}) {}

/** The run was aborted, by an AbortSignal or by the caller. */
export class AgentAbortedError extends /* @__PURE__ */ builtInClass(AgentError, 'AgentAbortedError', {
  code: 'AGENT_ABORTED',
  message: 'The agent run was aborted',
}) {}
