import { readProperty, readString } from '../foundation/safe-read.js';
import { deserializeError, type FaultlineError } from '../index.js';

// Read by shape: Temporal's classes name themselves on their prototype, so that the name says which class a
// link is in any copy of @temporalio/common, and in none. A revoked Proxy or a throwing getter reads as nothing.

/** Temporal's own chains are a few links long; its server keeps 20 levels when it truncates a failure. */
export const MAX_CHAIN_LENGTH = 32;

/** They only say where a failure happened: the reason is their cause. */
const WRAPPERS: readonly string[] = [
  'WorkflowFailedError', 'WorkflowUpdateFailedError', 'ActivityFailure', 'ChildWorkflowFailure', 'NexusOperationFailure',
];

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

export interface ApplicationLink {
  readonly type: string;
  readonly message: string | undefined;
  readonly nonRetryable: boolean;
}

export function applicationLink(link: unknown): ApplicationLink | undefined {
  if (readString(link, 'name') !== 'ApplicationFailure') return undefined;
  const type = readString(link, 'type');
  if (type === undefined) return undefined;
  return { type, message: readString(link, 'message'), nonRetryable: readProperty(link, 'nonRetryable') === true };
}

export function isWrapper(link: unknown): boolean {
  const name = readString(link, 'name');
  return name !== undefined && WRAPPERS.includes(name) && readProperty(link, 'cause') !== undefined;
}
