// The boundary, at Temporal's failure converter: an error thrown in an activity (or a workflow)
// becomes a Failure protobuf, is encoded to bytes and decoded as the server stores and returns it, is
// wrapped as Temporal wraps it for the workflow or the client that catches it, and comes back as the same
// class with the same fields. The engine itself (its server binary) is not run here: docs/temporal.md says so.
import { ActivityFailure, ApplicationFailure, ChildWorkflowFailure, TimeoutFailure, type ProtoFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import {
  ModelQuotaExceededError, ModelRateLimitError, serializeError, TimeoutError, ToolExecutionError, TransientError, ValidationError,
  type FaultlineError,
} from '../../src/index.js';
import { createClassifier } from '../../src/retry/index.js';
import { DETAILS_LIMITS, fromTemporalFailure, toApplicationFailure } from '../../src/temporal/index.js';
import { BYTE_IDENTITY_CASES, contractOf, engineErrorOf } from '../durable/byte-identity-cases.js';
import {
  activityTaskFailure, caughtByClient, caughtInParent, caughtInWorkflow, durationMs, throughTheServer, TIMEOUT_TYPE_SCHEDULE_TO_CLOSE,
} from './temporal-wire.js';

/** The ApplicationFailure at the end of a caught chain, and its Failure protobuf as decoded. */
function applicationFailureOf(caught: { readonly cause?: unknown }): { readonly failure: ApplicationFailure; readonly info: ProtoFailure['applicationFailureInfo'] } {
  let link: unknown = caught;
  while (!(link instanceof ApplicationFailure)) link = (link as { readonly cause?: unknown }).cause;
  return { failure: link, info: link.failure?.applicationFailureInfo };
}

const ERRORS: readonly [string, FaultlineError, boolean, number | undefined][] = [
  ['an empty account', new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1', details: { plan: 'free' } }), true, undefined],
  ['a rate limit with its Retry-After', new ModelRateLimitError({ provider: 'anthropic', retryAfterMs: 1500, status: 429 }), false, 1500],
  ['invalid tool arguments', new ValidationError('bad arguments', { fields: { query: 'Required' } }), true, undefined],
  ['a reset connection', new TransientError('socket hang up'), false, undefined],
  ['a tool that failed', new ToolExecutionError('search failed', { toolName: 'search', retryable: true, retryAfterMs: 250 }), false, 250],
];

describe.each(ERRORS)('%s, thrown in an activity through toApplicationFailure', (_title, error, nonRetryable, delayMs) => {
  const caught = caughtInWorkflow(activityTaskFailure(toApplicationFailure(error)));

  it('reaches the workflow as an ActivityFailure whose cause is the ApplicationFailure, retry fields as faultline set them', () => {
    expect(caught).toBeInstanceOf(ActivityFailure);
    expect(caught).toMatchObject({ activityType: 'callModelActivity', activityId: '1', retryState: 'NON_RETRYABLE_FAILURE' });
    const { failure, info } = applicationFailureOf(caught);
    expect({ type: failure.type, nonRetryable: failure.nonRetryable, message: failure.message }).toEqual({ type: error.code, nonRetryable, message: error.message });
    // The server schedules the retry from the protobuf's nextRetryDelay; Temporal's decoder does not
    // copy it onto the ApplicationFailure it rebuilds (failureToErrorInner passes undefined).
    expect(durationMs(info?.nextRetryDelay)).toBe(delayMs);
    expect(failure.nextRetryDelay).toBeUndefined();
  });

  it('comes back from fromTemporalFailure as the same class with the same fields, the value caught as its engineError', () => {
    const rebuilt = fromTemporalFailure(caught);
    expect(rebuilt.constructor).toBe(error.constructor);
    expect(contractOf(rebuilt)).toBe(contractOf(error));
    expect(rebuilt.retryable).toBe(!nonRetryable);
    expect(rebuilt.retryAfterMs).toBe(error.retryAfterMs);
    expect(engineErrorOf(rebuilt)).toBe(caught);
    expect(rebuilt.cause).toBeUndefined();
  });

  it('comes back the same through a child workflow, and through the client', () => {
    const fromChild = fromTemporalFailure(caughtInParent(activityTaskFailure(toApplicationFailure(error))));
    // The workflow rethrows the ActivityFailure it caught: Temporal sends its protobuf as it was.
    const byClient = caughtByClient(caught);
    expect(byClient.cause).toBeInstanceOf(ActivityFailure);
    const fromClient = fromTemporalFailure(byClient);
    for (const rebuilt of [fromChild, fromClient]) {
      expect(rebuilt.constructor).toBe(error.constructor);
      expect(contractOf(rebuilt)).toBe(contractOf(error));
    }
    expect(caughtInParent(activityTaskFailure(toApplicationFailure(error)))).toBeInstanceOf(ChildWorkflowFailure);
  });
});

describe('the rest of a failure, through the wire', () => {
  it('keeps the error’s own cause chain byte for byte: JSON.stringify of the rebuilt error is the original’s', () => {
    const error = new ModelRateLimitError('slow down', { provider: 'openai', retryAfterMs: 800, cause: Object.assign(new Error('429 Too Many Requests'), { code: 'rate_limit' }) });
    const rebuilt = fromTemporalFailure(caughtInWorkflow(activityTaskFailure(toApplicationFailure(error))));
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(error));
    expect(rebuilt.cause).toMatchObject({ name: 'Error', message: '429 Too Many Requests', code: 'rate_limit' });
  });

  it('keeps the benign category the policy gave, and none otherwise', () => {
    const classify = createClassifier({ codes: { VALIDATION_FAILED: { logLevel: 'debug' } } });
    const benign = applicationFailureOf(caughtInWorkflow(activityTaskFailure(toApplicationFailure(new ValidationError(), { classify })))).failure;
    const plain = applicationFailureOf(caughtInWorkflow(activityTaskFailure(toApplicationFailure(new TransientError(), { classify })))).failure;
    expect([benign.category, plain.category]).toEqual(['BENIGN', undefined]);
  });

  it('is rebuilt the same from the workflow’s own failure, thrown through toApplicationFailure', () => {
    const error = new ValidationError('the plan is empty', { fields: { steps: 'Required' } });
    const rebuilt = fromTemporalFailure(caughtByClient(toApplicationFailure(error)));
    expect(rebuilt).toBeInstanceOf(ValidationError);
    expect(contractOf(rebuilt)).toBe(contractOf(error));
  });
});

describe.each(BYTE_IDENTITY_CASES)('%s, thrown through toApplicationFailure and read back', (_title, make) => {
  const error = make();
  const caught = caughtInWorkflow(activityTaskFailure(toApplicationFailure(error)));

  it('serializes as the error thrown, byte for byte: in the workflow, in a parent workflow and in the client', () => {
    const readers = [caught, caughtInParent(activityTaskFailure(toApplicationFailure(error))), caughtByClient(caught)];
    for (const value of readers) expect(contractOf(fromTemporalFailure(value))).toBe(contractOf(error));
  });

  it('keeps the ActivityFailure caught as its engineError, not enumerable and never serialized', () => {
    const rebuilt = fromTemporalFailure(caught);
    expect(engineErrorOf(rebuilt)).toBe(caught);
    expect(Object.getOwnPropertyDescriptor(rebuilt, 'engineError')?.enumerable).toBe(false);
    expect(contractOf(rebuilt)).not.toContain('Activity task failed');
  });
});

describe('an error past the details limits, through the wire', () => {
  it('serializes as the details carried, byte for byte: cut once, at the limits, and no wrapper added', () => {
    const error = new ValidationError('x'.repeat(DETAILS_LIMITS.maxMessageLength + 500), { fields: { q: 'Required' } });
    const rebuilt = fromTemporalFailure(caughtInWorkflow(activityTaskFailure(toApplicationFailure(error))));
    expect(contractOf(rebuilt)).toBe(JSON.stringify(serializeError(error, DETAILS_LIMITS)));
    expect(serializeError(rebuilt).truncated).toEqual({ message: DETAILS_LIMITS.maxMessageLength + 500 });
  });
});

describe('what Temporal keeps by itself, of a faultline error thrown without toApplicationFailure', () => {
  const error = new ModelQuotaExceededError('429 You exceeded your current quota', { provider: 'openai', requestId: 'req_1' });
  const caught = caughtInWorkflow(activityTaskFailure(error));
  const { failure } = applicationFailureOf(caught);

  it('keeps the class name as the type and the message; retries it (nonRetryable false), with no details and no fields', () => {
    expect({ type: failure.type, message: failure.message, nonRetryable: failure.nonRetryable, details: failure.details, category: failure.category }).toEqual({
      type: 'ModelQuotaExceededError', message: '429 You exceeded your current quota', nonRetryable: false, details: [], category: undefined,
    });
    expect(failure).not.toHaveProperty('provider');
  });

  it('gives fromTemporalFailure no more than normalizeError reads of it: a class name is no type it trusts, other libraries share them', () => {
    const rebuilt = fromTemporalFailure(caught);
    expect({ name: rebuilt.name, message: rebuilt.message, retryable: rebuilt.retryable, cause: rebuilt.cause }).toEqual({
      name: 'UnknownError', message: '429 You exceeded your current quota', retryable: false, cause: caught,
    });
  });
});

describe('an activity that ran out of time while it was retried', () => {
  // The server makes the last attempt's failure the cause of the TimeoutFailure; Temporal's TypeScript
  // decoder builds the TimeoutFailure without it (failureToErrorInner passes no cause), keeping it on
  // `.failure` alone.
  const lastAttempt = activityTaskFailure(toApplicationFailure(new ModelRateLimitError({ retryAfterMs: 1000 })));
  const caught = caughtInWorkflow(throughTheServer({
    message: 'activity ScheduleToClose timeout', source: 'Server', timeoutFailureInfo: { timeoutType: TIMEOUT_TYPE_SCHEDULE_TO_CLOSE }, cause: lastAttempt,
  }));

  it('reaches the workflow as a TimeoutFailure with no cause', () => {
    expect(caught.cause).toBeInstanceOf(TimeoutFailure);
    expect(caught.cause).toMatchObject({ timeoutType: 'SCHEDULE_TO_CLOSE', cause: undefined });
  });

  it('gives fromTemporalFailure a TimeoutError, retryable, its cause the value caught', () => {
    const error = fromTemporalFailure(caught);
    expect(error.constructor).toBe(TimeoutError);
    expect({ message: error.message, retryable: error.retryable, cause: error.cause }).toEqual({
      message: 'activity ScheduleToClose timeout', retryable: true, cause: caught,
    });
  });
});
