// The activity of examples/temporal-agent: one model call, with faultline telling Temporal what to do
// with each failure. Activities run in the worker's process (run.mjs registers them), not in the
// workflow sandbox.
import { Context } from '@temporalio/activity';
import { ModelError } from 'faultline';
import { toApplicationFailure } from 'faultline/temporal';

// A scripted provider, as in examples/restate-service.mjs: the 'paid' account is rate-limited on its
// first attempt (Retry-After: 200 ms), then answers; the 'empty' account is out of quota.
async function callProvider(account, attempt) {
  if (account === 'empty') {
    throw Object.assign(new Error('429 You exceeded your current quota, please check your plan and billing details.'), {
      status: 429, headers: new Headers(), error: { type: 'insufficient_quota', code: 'insufficient_quota' },
    });
  }
  if (attempt === 1) throw Object.assign(new Error('429 Rate limit reached on requests per min'), { status: 429, headers: new Headers({ 'retry-after-ms': '200' }) });
  return `Typed errors survive the event history (attempt ${attempt}).`;
}

export async function callModel(account) {
  try {
    return await callProvider(account, Context.current().info.attempt);
  } catch (error) {
    // A quota error is non-retryable (attempted once); a 429 is retried after its Retry-After, not after
    // the retry policy's own interval; the error itself travels in the failure's details.
    throw toApplicationFailure(ModelError.from(error, { provider: 'openai' }));
  }
}
