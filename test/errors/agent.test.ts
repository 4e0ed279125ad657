import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthError, FaultlineError, ModelError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolTimeoutError, TransientError, UnknownError, ValidationError,
} from '../../src/index.js';
import { describeClassTable, type AnyClass, type ClassRow } from './class-table.js';

const OTHER_FAMILIES: readonly AnyClass[] = [
  ModelError, ToolError, StorageError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError,
];
const LEAVES: readonly AnyClass[] = [AgentMaxIterationsError, AgentStateError, AgentAbortedError];

// The agent rows of issue #2's class table, plus each class's default message and own fields.
const TABLE: readonly ClassRow[] = [
  { Class: AgentError, parent: FaultlineError, name: 'AgentError', code: 'AGENT_ERROR', retryable: false, message: 'The agent failed', fields: { agentId: 'planner' } },
  {
    Class: AgentMaxIterationsError, parent: AgentError, name: 'AgentMaxIterationsError', code: 'AGENT_MAX_ITERATIONS', retryable: false,
    message: 'The agent reached its iteration limit', fields: { agentId: 'planner', maxIterations: 25 },
  },
  {
    Class: AgentStateError, parent: AgentError, name: 'AgentStateError', code: 'AGENT_INVALID_STATE_TRANSITION', retryable: false,
    message: 'The agent cannot make this state transition', fields: { agentId: 'planner', currentState: 'done', targetState: 'running' },
  },
  {
    Class: AgentAbortedError, parent: AgentError, name: 'AgentAbortedError', code: 'AGENT_ABORTED', retryable: false,
    message: 'The agent run was aborted', fields: { agentId: 'worker-2' },
  },
];

describeClassTable({ base: AgentError, category: 'AGENT', otherFamilies: OTHER_FAMILIES, leaves: LEAVES }, TABLE);

describe('AgentError.from', () => {
  const timeout = new DOMException('slow', 'TimeoutError');

  it.each([
    ['a plain Error', new Error('plain'), AgentError, false, 'plain'],
    ['a string', 'boom', AgentError, false, 'boom'],
    ['a DOMException AbortError', new DOMException('stop', 'AbortError'), AgentAbortedError, false, 'stop'],
    ['an Error named AbortError', Object.assign(new Error('stop'), { name: 'AbortError' }), AgentAbortedError, false, 'stop'],
    ['an AbortError caused by a timeout', Object.assign(new Error('stop'), { name: 'AbortError', cause: timeout }), AgentError, true, 'stop'],
    ['a timeout', timeout, AgentError, true, 'slow'],
    ['a network failure', Object.assign(new Error('reset'), { code: 'EPIPE' }), AgentError, true, 'reset'],
  ])('maps %s', (_label, value, Class, retryable, message) => {
    const error = AgentError.from(value, { agentId: 'a1' });
    expect(error.constructor).toBe(Class);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(value);
    expect(error).toHaveProperty('agentId', 'a1');
  });

  it('maps the reason of an aborted AbortSignal to AgentAbortedError', () => {
    const controller = new AbortController();
    controller.abort();
    const reason: unknown = controller.signal.reason;
    const error = AgentError.from(reason);
    expect(error).toBeInstanceOf(AgentAbortedError);
    expect(error.cause).toBe(reason);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new ToolTimeoutError();
    expect(AgentError.from(original, { agentId: 'a1' })).toBe(original);
  });
});
