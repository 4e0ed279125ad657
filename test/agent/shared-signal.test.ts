// 10,000 concurrent safeTool calls sharing the caller's AbortSignal: each rejects with its reason as a
// single call does, the signal holds one listener of faultline's while they run and none after, and
// Node prints no MaxListenersExceededWarning.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeTool } from '../../src/agent/index.js';
import { shareOneSignal } from '../shared-signal.js';

describe('one AbortSignal shared by 10,000 calls', () => {
  it('safeTool: every call rejects with the signal’s reason, run’s own signal aborted with it', async () => {
    const aborted: unknown[] = [];
    const tool = safeTool({
      name: 'wait',
      input: z.object({}),
      run: (_input, { signal }) => new Promise<string>((_resolve, reject) => {
        signal.addEventListener('abort', () => { aborted.push(signal.reason); reject(signal.reason as Error); }, { once: true });
      }),
    });
    const run = await shareOneSignal(10_000, (signal) => tool({}, { signal }));
    const kinds = new Set(run.settled.map((each) => (each.status === 'rejected' && each.reason === run.reason ? 'the reason' : each.status)));
    expect([[...kinds], aborted.length, new Set(aborted).size, run.listenersWhileWaiting, run.listenersAfter, run.warnings]).toEqual([['the reason'], 10_000, 1, 1, 0, []]);
  });
});
