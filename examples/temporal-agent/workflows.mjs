// The workflow of examples/temporal-agent. The worker bundles this file (and faultline with it) into
// Temporal's deterministic sandbox: it imports @temporalio/workflow and faultline's entries only.
import { log, proxyActivities } from '@temporalio/workflow';
import { fromTemporalFailure } from 'faultline/temporal';

// A retry interval of 10 s, so that the rate limit's retry after 200 ms shows that nextRetryDelay,
// set from the provider's Retry-After, took its place.
const { callModel } = proxyActivities({ startToCloseTimeout: '10 seconds', retry: { initialInterval: '10 seconds', maximumAttempts: 3 } });

export async function answer(account) {
  try {
    return await callModel(account);
  } catch (caught) {
    // The class, in the workflow: the place to decide (another provider, a message for the user).
    const error = fromTemporalFailure(caught);
    log.info('the model call failed', { name: error.name, code: error.code, retryable: error.retryable });
    // Rethrown as it is, the ActivityFailure fails the workflow, and the client reads the same error.
    throw caught;
  }
}
