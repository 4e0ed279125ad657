import { readProperty, readString } from '../foundation/safe-read.js';
import { AgentAbortedError, isFaultlineError, normalizeError, TimeoutError, type FaultlineError } from '../index.js';
import { classForCode, type TypedClass } from './class-for-code.js';
import { withEngineError } from '../durable/engine-error.js';
import { applicationLink, carriedError, isWrapper, MAX_CHAIN_LENGTH } from './failure-link.js';
import { defineHidden } from '../foundation/own-property.js';

/** Temporal's failures that say why without an ApplicationFailure, and the class each stands for. */
const REASONS: Readonly<Record<string, TypedClass>> = {
  TimeoutFailure: TimeoutError,
  CancelledFailure: AgentAbortedError,
  TerminatedFailure: AgentAbortedError,
};

/**
 * The faultline error a workflow or a client sees of a failed activity, child workflow or workflow: the
 * `ActivityFailure`, `ChildWorkflowFailure` or client's `WorkflowFailedError` caught (or the
 * `ApplicationFailure` itself). The first link of its cause chain that carries a faultline error wins:
 *
 * - **its details** (written by `toApplicationFailure`) come back as the same class with the same fields
 *   and the same causes: its `serializeError` is the one written, byte for byte; the value caught is its
 *   `engineError` (not enumerable, never serialized);
 * - else **its type**, a faultline code (a failure whose details Temporal's server dropped), gives the
 *   class, with the message, and `retryable: false` where the failure was non-retryable (a class name is
 *   not read as one: other libraries' errors share names such as ValidationError);
 * - else a timeout is a TimeoutError, a cancellation or a termination an AgentAbortedError, and anything
 *   else is `normalizeError`'s reading of the failure.
 *
 * Every error but a rebuilt one has the value caught as its `cause`, so that nothing is lost; a faultline
 * error found in the chain as it is comes back as it is. Reads the chain by its shape, at most 32 links:
 * needs no worker package, and never throws.
 *
 * @example
 * ```ts
 * import { proxyActivities } from '@temporalio/workflow';
 * import { ModelQuotaExceededError } from 'faultline';
 * import { fromTemporalFailure } from 'faultline/temporal';
 *
 * const { callModelActivity } = proxyActivities<{ callModelActivity(q: string): Promise<string> }>({ startToCloseTimeout: '1 minute' });
 *
 * export async function answer(question: string): Promise<string> {
 *   try {
 *     return await callModelActivity(question);
 *   } catch (caught) {
 *     if (fromTemporalFailure(caught) instanceof ModelQuotaExceededError) return 'The assistant is out of credit.';
 *     throw caught;
 *   }
 * }
 * ```
 */
export function fromTemporalFailure(value: unknown): FaultlineError {
  let reason: unknown;
  let link = value;
  for (let index = 0; index < MAX_CHAIN_LENGTH && typeof link === 'object' && link !== null; index++) {
    // A faultline error itself (one already rebuilt, or one a test put in a chain) is the answer as it is.
    if (isFaultlineError(link)) return link;
    const carried = carriedError(link);
    if (carried !== undefined) return withEngineError(carried, value);
    const application = applicationLink(link);
    const Class = application === undefined ? undefined : classForCode(application.type);
    if (application !== undefined && Class !== undefined) {
      // The code is faultline's, which writes `nonRetryable: !retryable`.
      const message = application.message === '' ? undefined : application.message;
      return new Class(message, { cause: value, retryable: !application.nonRetryable });
    }
    if (reason === undefined && !isWrapper(link)) reason = link;
    link = readProperty(link, 'cause');
  }
  return fromReason(reason ?? value, value);
}

/** The class of a failure no link of which carries a faultline error. */
function fromReason(reason: unknown, value: unknown): FaultlineError {
  const name = readString(reason, 'name');
  const Class = name !== undefined && Object.hasOwn(REASONS, name) ? REASONS[name] : undefined;
  if (Class !== undefined) {
    const message = readString(reason, 'message');
    return new Class(message === '' ? undefined : message, { cause: value });
  }
  // normalizeError's cause is the reason itself: the value caught holds it, and the whole chain.
  const error = normalizeError(reason);
  defineHidden(error, 'cause', value);
  return error;
}
