import { WorkflowFailedError } from '@temporalio/client';
import {
  ActivityFailure, ApplicationFailure, CancelledFailure, ChildWorkflowFailure, RetryState, ServerFailure, TerminatedFailure, TimeoutFailure,
} from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, ModelQuotaExceededError, ModelRateLimitError, serializeError, TimeoutError, ToolError, TransientError, UnknownError,
  ValidationError, type FaultlineError,
} from '../../src/index.js';
import { fromTemporalFailure, toApplicationFailure } from '../../src/temporal/index.js';
import { engineErrorOf } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

type Class = abstract new (...args: never[]) => FaultlineError;

/** What a workflow catches of an activity that failed with `cause`. */
function activityFailure(cause: Error | undefined): ActivityFailure {
  return new ActivityFailure('Activity task failed', 'callModelActivity', '1', RetryState.NON_RETRYABLE_FAILURE, 'worker-1', cause);
}

/** An ApplicationFailure as Temporal decodes one: type, nonRetryable, no details unless given. */
function application(message: string, type: string, nonRetryable: boolean, details: unknown[] = []): ApplicationFailure {
  return new ApplicationFailure(message, type, nonRetryable, details);
}

describe('by its details', () => {
  it.each<[string, (failure: Error) => unknown]>([
    ['the ApplicationFailure itself', (failure) => failure],
    ['an ActivityFailure', (failure) => activityFailure(failure)],
    ['a ChildWorkflowFailure', (failure) => new ChildWorkflowFailure('default', { workflowId: 'c', runId: 'r' }, 'child', RetryState.NON_RETRYABLE_FAILURE, failure)],
    ['a client’s WorkflowFailedError', (failure) => new WorkflowFailedError('Workflow execution failed', activityFailure(failure), RetryState.NON_RETRYABLE_FAILURE)],
  ])('rebuilds the class with its fields from %s, the value caught as its engineError and not its cause', (_title, wrap) => {
    const thrown = new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1' });
    const caught = wrap(toApplicationFailure(thrown));
    const error = fromTemporalFailure(caught);
    expect(error.constructor).toBe(ModelQuotaExceededError);
    expect(error).toMatchObject({ provider: 'openai', requestId: 'req_1', retryable: false });
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(Object.getOwnPropertyDescriptor(error, 'engineError')).toEqual({ value: caught, enumerable: false, writable: true, configurable: true });
    expect(JSON.stringify(serializeError(error))).toBe(JSON.stringify(serializeError(thrown)));
  });

  it('keeps the error’s own cause where it had one', () => {
    const caught = activityFailure(toApplicationFailure(new ToolError('failed', { toolName: 'search', cause: new Error('upstream 502') })));
    expect(fromTemporalFailure(caught).cause).toMatchObject({ name: 'Error', message: 'upstream 502' });
  });

  it('gives an error found in the chain as it is back as it is, with no engineError added', () => {
    const thrown = new TransientError('reset');
    const error = fromTemporalFailure(activityFailure(thrown));
    expect(error).toBe(thrown);
    expect(Object.hasOwn(error, 'engineError')).toBe(false);
  });

  it('takes the first link that carries a faultline error', () => {
    const inner = toApplicationFailure(new TransientError());
    const outer = new ApplicationFailure('outer', 'VALIDATION_FAILED', true, [new ValidationError('outer').toJSON()], inner);
    expect(fromTemporalFailure(activityFailure(outer)).constructor).toBe(ValidationError);
  });

  it.each<[string, unknown[]]>([
    ['data that is not a serialized error', [{ foo: 1 }]],
    ['a string', ['{"name":"ValidationError"}']],
    ['nothing', []],
  ])('reads details holding %s as none, and goes by the type', (_title, details) => {
    expect(fromTemporalFailure(activityFailure(application('slow', 'MODEL_RATE_LIMITED', false, details))).constructor).toBe(ModelRateLimitError);
  });
});

describe('by its type, where no details carry the error', () => {
  it.each<[string, boolean, boolean, Class]>([
    // A code: faultline wrote it, with nonRetryable = !retryable.
    ['MODEL_QUOTA_EXCEEDED', true, false, ModelQuotaExceededError],
    ['MODEL_RATE_LIMITED', false, true, ModelRateLimitError],
    ['VALIDATION_FAILED', false, true, ValidationError],
    ['TRANSIENT', true, false, TransientError],
  ])('gives the type %s (nonRetryable %s) its class, retryable %s, with the message', (type, nonRetryable, retryable, Class) => {
    const caught = activityFailure(application('it failed', type, nonRetryable));
    const error = fromTemporalFailure(caught);
    expect(error.constructor).toBe(Class);
    expect({ message: error.message, retryable: error.retryable }).toEqual({ message: 'it failed', retryable });
    // Not rebuilt from a serialized error: the value caught is its cause, and there is no engineError.
    expect([error.cause, engineErrorOf(error)]).toEqual([caught, undefined]);
  });

  it.each(['ValidationError', 'TimeoutError', 'ModelQuotaExceededError'])(
    'reads the type %s, a class name any library may use (Joi, got), as no faultline class: normalizeError reads the failure',
    (type) => {
      const caught = activityFailure(application('"value" is required', type, false));
      const error = fromTemporalFailure(caught);
      expect(error.cause).toBe(caught);
      expect(error.constructor).not.toBe(ValidationError);
      expect(error.message).toBe('"value" is required');
    },
  );

  it('gives an empty message the class’s default', () => {
    expect(fromTemporalFailure(application('', 'MODEL_QUOTA_EXCEEDED', true)).message).toBe(new ModelQuotaExceededError().message);
  });

  it('reads what Temporal’s server keeps of a failure past its size limit: a ServerFailure whose cause has the type', () => {
    const truncated = new ServerFailure('Failure exceeds size limit.', true, application('slow down', 'MODEL_RATE_LIMITED', false));
    const error = fromTemporalFailure(activityFailure(truncated));
    expect(error.constructor).toBe(ModelRateLimitError);
    expect(error.retryable).toBe(true);
  });
});

describe('by Temporal’s own reason, where no link carries a faultline error', () => {
  it.each<[string, Error, Class, string, boolean]>([
    ['an activity’s timeout', activityFailure(new TimeoutFailure('activity StartToClose timeout', undefined, 'START_TO_CLOSE')), TimeoutError, 'activity StartToClose timeout', true],
    ['a workflow’s timeout', new WorkflowFailedError('Workflow execution timed out', new TimeoutFailure('Workflow execution timed out', undefined, 'START_TO_CLOSE'), RetryState.TIMEOUT), TimeoutError, 'Workflow execution timed out', true],
    ['a cancellation', activityFailure(new CancelledFailure('Activity cancelled')), AgentAbortedError, 'Activity cancelled', false],
    ['a termination', new WorkflowFailedError('terminated', new TerminatedFailure('Workflow execution terminated'), RetryState.NON_RETRYABLE_FAILURE), AgentAbortedError, 'Workflow execution terminated', false],
    ['a cancellation with no message', new CancelledFailure(''), AgentAbortedError, new AgentAbortedError().message, false],
  ])('gives %s its class', (_title, caught, Class, message, retryable) => {
    const error = fromTemporalFailure(caught);
    expect(error.constructor).toBe(Class);
    expect({ message: error.message, retryable: error.retryable, cause: error.cause }).toEqual({ message, retryable, cause: caught });
  });

  it.each<[string, unknown, Class, string]>([
    ['an ApplicationFailure of another type', activityFailure(application('Cannot read properties of undefined', 'TypeError', false)), UnknownError, 'Cannot read properties of undefined'],
    ['a ServerFailure of its own', activityFailure(new ServerFailure('internal', false)), UnknownError, 'internal'],
    ['a WorkflowFailedError with no cause', new WorkflowFailedError('Workflow execution failed', undefined, RetryState.NON_RETRYABLE_FAILURE), UnknownError, 'Workflow execution failed'],
    ['a refused connection in the cause', new ApplicationFailure('x', 'Error', false, [], Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })), TransientError, 'x'],
    ['undefined', undefined, UnknownError, 'An unknown error occurred'],
    ['a string', 'Activity task failed', UnknownError, 'Activity task failed'],
  ])('gives anything else normalizeError’s reading of the failure: %s', (_title, caught, Class, message) => {
    const error = fromTemporalFailure(caught);
    expect(error.constructor).toBe(Class);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(caught);
  });
});

describe('a faultline error', () => {
  it('is returned as it is, caught itself or in a chain', () => {
    const error = new ValidationError('x');
    expect(fromTemporalFailure(error)).toBe(error);
    expect(fromTemporalFailure(activityFailure(error))).toBe(error);
  });
});

describe('a chain of any shape', () => {
  /** `depth` ActivityFailures around a failure that carries a ValidationError. */
  function nested(depth: number): unknown {
    let link: Error = toApplicationFailure(new ValidationError());
    for (let index = 0; index < depth; index++) link = activityFailure(link);
    return link;
  }

  it('is read to its 32nd link, and no further', () => {
    expect(fromTemporalFailure(nested(31)).constructor).toBe(ValidationError);
    expect(fromTemporalFailure(nested(32)).constructor).toBe(UnknownError);
  });

  it('is read by its shape: an ApplicationFailure of another copy, or none', () => {
    const otherCopy = { name: 'ApplicationFailure', message: 'x', type: 'MODEL_QUOTA_EXCEEDED', nonRetryable: true, details: [new TransientError().toJSON()] };
    expect(fromTemporalFailure({ name: 'ActivityFailure', message: 'Activity task failed', cause: otherCopy }).constructor).toBe(TransientError);
    expect(fromTemporalFailure({ ...otherCopy, details: undefined }).constructor).toBe(ModelQuotaExceededError);
    expect(fromTemporalFailure({ ...otherCopy, name: 'Error', details: undefined }).constructor).toBe(UnknownError);
  });

  it('ends at a cycle', () => {
    const cyclic = activityFailure(undefined) as { cause?: unknown };
    cyclic.cause = cyclic;
    expect(fromTemporalFailure(cyclic).constructor).toBe(UnknownError);
  });
});

describe('under hostile input', () => {
  it.each(HOSTILE_KINDS)('never throws on a %s: caught, its prototype, in a chain, as details or as the first detail', (kind) => {
    const values: unknown[] = [
      hostileValue(kind),
      Object.create(hostileValue(kind) as object),
      { name: 'ActivityFailure', cause: hostileValue(kind) },
      application('x', 'MODEL_RATE_LIMITED', false, hostileValue(kind) as unknown[]),
      application('x', 'MODEL_RATE_LIMITED', false, [hostileValue(kind)]),
    ];
    // Hostile details read as none: the type still says the class.
    expect(values.map((value) => fromTemporalFailure(value).constructor)).toEqual([
      UnknownError, UnknownError, UnknownError, ModelRateLimitError, ModelRateLimitError,
    ]);
  });

  it('never throws on a chain whose getters throw or return a fresh link each read', () => {
    const throwing = Object.defineProperty(activityFailure(undefined), 'cause', { get: () => { throw new Error('cause'); } });
    expect(fromTemporalFailure(throwing).constructor).toBe(UnknownError);
    const endless = { name: 'ActivityFailure', get cause(): unknown { return { name: 'ActivityFailure', get cause(): unknown { return endless; } }; } };
    expect(fromTemporalFailure(endless).constructor).toBe(UnknownError);
  });
});
