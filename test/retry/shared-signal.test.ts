// 10,000 concurrent retry and retryStream calls sharing one AbortSignal: each settles on its abort as a
// single call does, the signal holds one listener of faultline's while they wait and none after, and
// Node prints no MaxListenersExceededWarning.
import { describe, expect, it } from 'vitest';
import { AgentAbortedError, TransientError } from '../../src/index.js';
import { retry, retryStream } from '../../src/retry/index.js';
import { shareOneSignal } from '../shared-signal.js';

const CALLS = 10_000;

describe('one AbortSignal shared by 10,000 calls', () => {
  it('retry: every call, waiting out a Retry-After, ends with an AgentAbortedError keeping the reason', async () => {
    const run = await shareOneSignal(CALLS, (signal) => retry(() => Promise.reject(new TransientError('busy', { retryAfterMs: 30_000 })), { signal }));
    const kinds = new Set(run.settled.map((each) => (each.status === 'rejected' && each.reason instanceof AgentAbortedError && each.reason.cause === run.reason ? 'aborted' : each.status)));
    expect([[...kinds], run.listenersWhileWaiting, run.listenersAfter, run.warnings]).toEqual([['aborted'], 1, 0, []]);
  });

  it('retryStream: every stream, awaiting a chunk, ends with an AgentAbortedError keeping the reason', async () => {
    // A stream that ends its pending chunk when the signal retryStream hands it aborts, as the SDKs' streams do.
    const open = ({ signal }: { readonly signal: AbortSignal }): AsyncIterable<string> => ({
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<string>>((resolve) => { signal.addEventListener('abort', () => { resolve({ done: true, value: undefined }); }, { once: true }); }),
      }),
    });
    const run = await shareOneSignal(CALLS, async (signal) => {
      for await (const chunk of retryStream(open, { signal })) return chunk;
      return undefined;
    });
    const kinds = new Set(run.settled.map((each) => (each.status === 'rejected' && each.reason instanceof AgentAbortedError && each.reason.cause === run.reason ? 'aborted' : each.status)));
    expect([[...kinds], run.listenersWhileWaiting, run.listenersAfter, run.warnings]).toEqual([['aborted'], 1, 0, []]);
  });
});
