// 10,000 concurrent fromResponse calls sharing one AbortSignal, each reading a body that never ends:
// each settles on the abort with the error the status gives, as a single call does; the signal holds
// one listener of faultline's while they read and none after, and Node prints no
// MaxListenersExceededWarning.
import { describe, expect, it } from 'vitest';
import { fromResponse } from '../../src/http/index.js';
import { shareOneSignal } from '../shared-signal.js';

describe('one AbortSignal shared by 10,000 calls', () => {
  it('fromResponse: every call, its body stalled, gives the 502’s TransientError', async () => {
    const stalled = (): Response => new Response(new ReadableStream({ pull: () => new Promise<void>(() => undefined) }), { status: 502, statusText: 'Bad Gateway' });
    const run = await shareOneSignal(10_000, (signal) => fromResponse(stalled(), { signal, timeoutMs: Infinity }));
    const kinds = new Set(run.settled.map((each) => (each.status === 'fulfilled' ? `${each.value.constructor.name} ${each.value.message}` : 'rejected')));
    expect([[...kinds], run.listenersWhileWaiting, run.listenersAfter, run.warnings]).toEqual([['TransientError HTTP 502 Bad Gateway'], 1, 0, []]);
  });
});
