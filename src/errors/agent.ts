import { FaultlineError, type FaultlineErrorOptions } from '../base/faultline-error.js';
import type { ErrorDefaults } from '../base/defaults.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../recognition/mapped-options.js';

/** Options of every agent error: the agent that failed. */
export interface AgentErrorOptions extends FaultlineErrorOptions {
  /** The agent's id. */
  readonly agentId?: string;
}

/** Options of {@link AgentMaxIterationsError}. */
export interface AgentMaxIterationsErrorOptions extends AgentErrorOptions {
  /** The iteration limit that was reached. */
  readonly maxIterations?: number;
}

/** Options of {@link AgentStateError}. */
export interface AgentStateErrorOptions extends AgentErrorOptions {
  /** The state the agent was in. */
  readonly currentState?: string;
  /** The state it was asked to move to. */
  readonly targetState?: string;
}

/** What `AgentError.from` may add to the error it builds. */
export type AgentContext = Omit<AgentErrorOptions, 'cause'>;

/**
 * An agent loop failed. The family base: `instanceof AgentError` matches every agent error.
 *
 * @example
 * ```ts
 * throw new AgentError('The plan was empty', { agentId: 'planner' });
 * ```
 */
export class AgentError<Options extends AgentErrorOptions = AgentErrorOptions> extends FaultlineError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'AgentError',
    code: 'AGENT_ERROR',
    category: 'AGENT',
    message: 'The agent failed',
  };

  /** The agent's id. */
  declare readonly agentId?: string;


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
  static from<E extends FaultlineError>(value: E, context?: AgentContext): E;
  static from(value: unknown, context?: AgentContext): FaultlineError;
  static from(value: unknown, context?: AgentContext): FaultlineError {
    return isFaultlineError(value) ? value : agentErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function agentErrorFor(value: unknown, recognition: Recognition, context: AgentContext | undefined): AgentError {
  const options = mappedOptions(value, recognition, context);
  if (recognition.kind === 'aborted') return new AgentAbortedError(recognition.message, options);
  return new AgentError(recognition.message, isTransientKind(recognition) ? { ...options, retryable: true } : options);
}

/** The loop reached its iteration limit without finishing. */
export class AgentMaxIterationsError extends AgentError<AgentMaxIterationsErrorOptions> {
  static override readonly defaults: ErrorDefaults = {
    name: 'AgentMaxIterationsError',
    code: 'AGENT_MAX_ITERATIONS',
    message: 'The agent reached its iteration limit',
  };

  /** The iteration limit that was reached. */
  declare readonly maxIterations?: number;

}

/** The agent was asked for a state transition its state machine does not allow. */
export class AgentStateError extends AgentError<AgentStateErrorOptions> {
  static override readonly defaults: ErrorDefaults = {
    name: 'AgentStateError',
    code: 'AGENT_INVALID_STATE_TRANSITION',
    message: 'The agent cannot make this state transition',
  };

  /** The state the agent was in. */
  declare readonly currentState?: string;
  /** The state it was asked to move to. */
  declare readonly targetState?: string;

}

/** The run was aborted, by an AbortSignal or by the caller. */
export class AgentAbortedError extends AgentError {
  static override readonly defaults: ErrorDefaults = {
    name: 'AgentAbortedError',
    code: 'AGENT_ABORTED',
    message: 'The agent run was aborted',
  };
}
