import { readProperty, readString } from '../foundation/safe-read.js';
import { deserializeError, type FaultlineError } from '../index.js';

/*
 * One link of the cause chain a workflow or a client catches, read by its shape: Temporal's classes name
 * themselves on their prototype (`ActivityFailure`, `ApplicationFailure`, ...), so that the name says
 * which class a link is in any copy of @temporalio/common, and in none. Every read is guarded: a revoked
 * Proxy or a throwing getter reads as nothing, and nothing here throws.
 */

/**
 * The most links followed from the value caught. Temporal's own chains are a few links long (a client's
 * WorkflowFailedError, a child workflow's, an activity's, the failure); its server keeps 20 levels when
 * it truncates a failure.
 */
export const MAX_CHAIN_LENGTH = 32;

/** The links that only say where a failure happened: the reason is their cause. */
const WRAPPERS: readonly string[] = [
  'WorkflowFailedError', 'WorkflowUpdateFailedError', 'ActivityFailure', 'ChildWorkflowFailure', 'NexusOperationFailure',
];

/** The faultline error a link carries in its details, as toApplicationFailure writes it (the first detail). */
export function carriedError(link: unknown): FaultlineError | undefined {
  const first = firstDetail(readProperty(link, 'details'));
  if (typeof first !== 'object' || first === null) return undefined;
  try {
    return deserializeError(first);
  } catch {
    return undefined; // details that are not faultline's
  }
}

function firstDetail(details: unknown): unknown {
  try {
    return Array.isArray(details) ? (details as readonly unknown[])[0] : undefined;
  } catch {
    return undefined; // Array.isArray throws for a revoked Proxy
  }
}

/** An ApplicationFailure's `type`, `message` and `nonRetryable`; undefined for any other link. */
export interface ApplicationLink {
  readonly type: string;
  readonly message: string | undefined;
  readonly nonRetryable: boolean;
}

/** The ApplicationFailure fields of a link, when it is one. */
export function applicationLink(link: unknown): ApplicationLink | undefined {
  if (readString(link, 'name') !== 'ApplicationFailure') return undefined;
  const type = readString(link, 'type');
  if (type === undefined) return undefined;
  return { type, message: readString(link, 'message'), nonRetryable: readProperty(link, 'nonRetryable') === true };
}

/** Whether a link only wraps its cause (an ActivityFailure, a WorkflowFailedError, ...) and has one. */
export function isWrapper(link: unknown): boolean {
  const name = readString(link, 'name');
  return name !== undefined && WRAPPERS.includes(name) && readProperty(link, 'cause') !== undefined;
}
