import { readProperty, readString } from '../foundation/safe-read.js';
import { AgentAbortedError, isFaultlineError, normalizeError, TimeoutError, type FaultlineError } from '../index.js';
import { classForCode, type TypedClass } from './class-for-code.js';
import { withEngineError } from '../durable/engine-error.js';
import { applicationLink, carriedError, isWrapper, MAX_CHAIN_LENGTH } from './failure-link.js';
import { defineHidden } from '../foundation/own-property.js';

const REASONS: Readonly<Record<string, TypedClass>> = {
  TimeoutFailure: TimeoutError,
  CancelledFailure: AgentAbortedError,
  TerminatedFailure: AgentAbortedError,
};

/**
 * The faultline error a workflow or a client sees of a failed activity, child workflow or workflow. The
 * first link of the cause chain that carries one wins: its details (from `toApplicationFailure`) come back
 * as the same class, the value caught as its `engineError`; else a faultline code as its `type` gives the
 * class (a class name does not: other libraries share names); else a timeout is a TimeoutError, a
 * cancellation an AgentAbortedError, anything else `normalizeError`'s reading, the value caught as `cause`.
 * Reads the chain by its shape, at most 32 links: needs no worker package, and never throws.
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
