// Temporal's wire, without its server: the real DefaultFailureConverter and default payload converter of
// @temporalio/common, and the Failure protobuf of @temporalio/proto encoded to bytes and decoded, as the
// server stores a failure and hands it back. The wrappers are built as Temporal builds them from the
// history: an activity's failure becomes the cause of an ActivityFailure (activityFailureInfo), a child
// workflow's of a ChildWorkflowFailure, and the client throws a WorkflowFailedError whose cause is the
// workflow's failure, decoded.
import { WorkflowFailedError } from '@temporalio/client';
import {
  ActivityFailure, ChildWorkflowFailure, DefaultFailureConverter, defaultPayloadConverter, ensureApplicationFailure, RetryState, type ProtoFailure,
} from '@temporalio/common';
import proto from '@temporalio/proto';

const { Failure } = proto.temporal.api.failure.v1;
const RETRY_STATE_NON_RETRYABLE_FAILURE = proto.temporal.api.enums.v1.RetryState.RETRY_STATE_NON_RETRYABLE_FAILURE;
/** The protobuf's TimeoutType of a schedule-to-close timeout. */
export const TIMEOUT_TYPE_SCHEDULE_TO_CLOSE = proto.temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_CLOSE;
export const converter = new DefaultFailureConverter();

/** The failure as the server keeps it: encoded to bytes and decoded. */
export function throughTheServer(failure: ProtoFailure): ProtoFailure {
  return Failure.decode(Failure.encode(failure).finish());
}

/** The bytes of a failure on the wire. */
export function wireSize(failure: ProtoFailure): number {
  return Failure.encode(failure).finish().length;
}

/** What a worker reports of an activity that threw `thrown`: `ensureApplicationFailure`, then the converter. */
export function activityTaskFailure(thrown: unknown): ProtoFailure {
  return throughTheServer(converter.errorToFailure(ensureApplicationFailure(thrown), defaultPayloadConverter));
}

/** The ActivityFailure a workflow catches when the activity failed with `failure`. */
export function caughtInWorkflow(failure: ProtoFailure): ActivityFailure {
  // fromObject: the event ids are int64 (a Long), given here as numbers.
  const wrapped = Failure.fromObject({
    message: 'Activity task failed',
    cause: failure,
    activityFailureInfo: {
      scheduledEventId: 5, startedEventId: 6, identity: 'worker-1@host', activityType: { name: 'callModelActivity' }, activityId: '1',
      retryState: RETRY_STATE_NON_RETRYABLE_FAILURE,
    },
  });
  const caught = converter.failureToError(throughTheServer(wrapped), defaultPayloadConverter);
  if (!(caught instanceof ActivityFailure)) throw new TypeError('Temporal decoded no ActivityFailure');
  return caught;
}

/** The ChildWorkflowFailure a parent workflow catches when the child failed with `failure`. */
export function caughtInParent(failure: ProtoFailure): ChildWorkflowFailure {
  const wrapped = Failure.fromObject({
    message: 'Child Workflow execution failed',
    cause: failure,
    childWorkflowExecutionFailureInfo: {
      namespace: 'default', workflowExecution: { workflowId: 'child-1', runId: 'run-1' }, workflowType: { name: 'answer' },
      initiatedEventId: 7, startedEventId: 8, retryState: RETRY_STATE_NON_RETRYABLE_FAILURE,
    },
  });
  const caught = converter.failureToError(throughTheServer(wrapped), defaultPayloadConverter);
  if (!(caught instanceof ChildWorkflowFailure)) throw new TypeError('Temporal decoded no ChildWorkflowFailure');
  return caught;
}

/** The WorkflowFailedError a client's `handle.result()` throws when the workflow failed with `thrown`. */
export function caughtByClient(thrown: unknown): WorkflowFailedError {
  const failure = throughTheServer(converter.errorToFailure(thrown, defaultPayloadConverter));
  return new WorkflowFailedError('Workflow execution failed', converter.failureToError(failure, defaultPayloadConverter), RetryState.NON_RETRYABLE_FAILURE);
}

/** A protobuf Duration (`seconds` a Long once decoded) in milliseconds. */
export function durationMs(
  duration: { readonly seconds?: number | { toString(): string } | null; readonly nanos?: number | null } | null | undefined,
): number | undefined {
  if (duration === null || duration === undefined) return undefined;
  return Number(String(duration.seconds ?? 0)) * 1000 + (duration.nanos ?? 0) / 1e6;
}
