// Issue #18: a value thrown to steer control, not to fail, goes through retry and retryStream untouched:
// the very same object, after one call, never retried, converted, counted or told to onError.
import { Command, GraphInterrupt, NodeInterrupt, ParentCommand } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { AgentAbortedError, TransientError, type ErrorEvent } from '../../src/index.js';
import { retry, retryStream, type RetryClock, type StreamAttempt } from '../../src/retry/index.js';
import { rejection } from '../rejection.js';

const clock: RetryClock = { now: () => 0, sleep: () => Promise.resolve() };

/** LangGraph's signals, each made fresh, as the flag or the name shows them. */
const LANGGRAPH_SIGNALS: readonly (readonly [string, () => object])[] = [
  ['GraphInterrupt', () => new GraphInterrupt([{ id: 'i1', value: 'Approve?' }])],
  ['NodeInterrupt', () => new NodeInterrupt('stop here')],
  ['ParentCommand', () => new ParentCommand(new Command({ goto: 'review' }))],
  ['a value whose is_bubble_up is true', () => ({ is_bubble_up: true })],
];

/** What an attempt throws once the caller's signal has aborted: its reason, or an AbortError. */
const ABORTS: readonly (readonly [string, (signal: AbortSignal) => unknown])[] = [
  ['the signal’s reason', (signal): unknown => signal.reason as unknown],
  ['a DOMException named AbortError', () => new DOMException('This operation was aborted', 'AbortError')],
];


/** The listeners a test must find silent, and what they heard. */
function listeners(): { readonly heard: string[]; readonly onError: (event: ErrorEvent) => void; readonly onRetry: () => void } {
  const heard: string[] = [];
  return { heard, onError: (event) => heard.push(`onError ${event.error.name}`), onRetry: () => heard.push('onRetry') };
}

describe('retry', () => {
  it.each(LANGGRAPH_SIGNALS)('rethrows %s as it is: fn called once, no listener told', async (_, make) => {
    const signal = make();
    const keys = Object.keys(signal);
    const { heard, onError, onRetry } = listeners();
    let calls = 0;
    const thrown = await rejection(retry(() => {
      calls++;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a LangGraph signal need not be an Error (isGraphBubbleUp reads any value)
      throw signal;
    }, { clock, onError, onRetry }));
    expect(thrown).toBe(signal);
    expect([calls, heard, Object.keys(signal)]).toEqual([1, [], keys]);
  });

  it('rethrows a signal that comes after a failure: the failure was told, the signal is not', async () => {
    const interrupt = new GraphInterrupt();
    const { heard, onError, onRetry } = listeners();
    let calls = 0;
    const thrown = await rejection(retry(() => {
      calls++;
      throw calls === 1 ? new TransientError() : interrupt;
    }, { clock, random: () => 0, onError, onRetry }));
    expect(thrown).toBe(interrupt);
    expect([calls, heard]).toEqual([2, ['onError TransientError', 'onRetry']]);
  });

  it.each(ABORTS)('rethrows %s that fn throws once the caller aborted: the very value, fn called once, no listener told', async (_, abortValue) => {
    const controller = new AbortController();
    const { heard, onError, onRetry } = listeners();
    let calls = 0;
    let value: unknown;
    const thrown = await rejection(retry(({ signal }) => {
      calls++;
      controller.abort(new Error('the user cancelled'));
      value = abortValue(signal);
      throw value;
    }, { clock, signal: controller.signal, onError, onRetry }));
    expect(thrown).toBe(value);
    expect([calls, heard]).toEqual([1, []]);
  });

  it('takes an AbortError the caller did not ask for (its signal still live) as a failure, as before', async () => {
    const { heard, onError } = listeners();
    const thrown = await rejection(retry(() => { throw new DOMException('aborted', 'AbortError'); }, { clock, signal: new AbortController().signal, onError }));
    expect(thrown).toBeInstanceOf(AgentAbortedError);
    expect(heard).toEqual(['onError AgentAbortedError']);
  });
});

/** A stream that yields `chunks`, then throws what `fail` gives it; or that `open` itself throws. */
function failingStream(chunks: readonly string[], fail: (attempt: StreamAttempt) => unknown) {
  const log = { opened: 0, returned: 0 };
  const open = (attempt: StreamAttempt): AsyncIterable<string> => {
    log.opened++;
    let index = 0;
    return {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the stream rejects with the signal under test
          if (index >= chunks.length) return Promise.reject(fail(attempt));
          return Promise.resolve({ done: false as const, value: chunks[index++] as string });
        },
        return: () => {
          log.returned++;
          return Promise.resolve({ done: true as const, value: undefined });
        },
      }),
    };
  };
  return { open, log };
}

async function drain(stream: AsyncIterable<string>): Promise<{ readonly chunks: string[]; readonly thrown: unknown }> {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
  } catch (thrown) {
    return { chunks, thrown };
  }
  throw new Error('did not throw');
}

describe('retryStream', () => {
  it.each(LANGGRAPH_SIGNALS)('rethrows %s that the stream throws, before any output: opened once, closed, no listener told', async (_, make) => {
    const signal = make();
    const { heard, onError, onRetry } = listeners();
    const { open, log } = failingStream([], () => signal);
    const { thrown } = await drain(retryStream(open, { clock, onError, onRetry }));
    expect(thrown).toBe(signal);
    expect([log.opened, log.returned, heard]).toEqual([1, 1, []]);
  });

  it('rethrows a signal after output as it is, not marked as outputStarted', async () => {
    const interrupt = new GraphInterrupt();
    const { heard, onError } = listeners();
    const { open, log } = failingStream(['Hel', 'lo'], () => interrupt);
    const { chunks, thrown } = await drain(retryStream(open, { clock, onError }));
    expect(thrown).toBe(interrupt);
    expect([chunks, log.opened, heard, 'outputStarted' in interrupt, interrupt.interrupts]).toEqual([['Hel', 'lo'], 1, [], false, []]);
  });

  it('rethrows a signal that open throws', async () => {
    const interrupt = new NodeInterrupt('stop');
    const { heard, onError } = listeners();
    let opened = 0;
    const { thrown } = await drain(retryStream(() => {
      opened++;
      throw interrupt;
    }, { clock, onError }));
    expect(thrown).toBe(interrupt);
    expect([opened, heard]).toEqual([1, []]);
  });

  it.each(ABORTS)('rethrows %s that the stream throws once the caller aborted: the very value, opened once, no listener told', async (_, abortValue) => {
    const controller = new AbortController();
    const { heard, onError, onRetry } = listeners();
    let value: unknown;
    let opened = 0;
    // A stream that honours its signal: after its first chunk it waits, and fails as the signal aborts.
    const open = ({ signal }: StreamAttempt): AsyncIterable<string> => {
      opened++;
      let index = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => index++ === 0
            ? Promise.resolve({ done: false as const, value: 'a' })
            : new Promise<IteratorResult<string>>((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                value = abortValue(signal);
                // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- it rejects with the abort under test, whatever it is
                reject(value);
              }, { once: true });
            }),
        }),
      };
    };
    const chunks: string[] = [];
    let thrown: unknown;
    try {
      for await (const chunk of retryStream(open, { clock, signal: controller.signal, onError, onRetry })) {
        chunks.push(chunk);
        setTimeout(() => { controller.abort(new Error('the user cancelled')); }, 0);
      }
    } catch (error) {
      thrown = error;
    }
    // The attempt's signal aborts with the caller's reason, so that the stream can throw that very value.
    expect(thrown).toBe(value);
    expect([chunks, opened, heard]).toEqual([['a'], 1, []]);
  });

  it('ends with an AgentAbortedError, told to no listener, when the caller aborts between chunks', async () => {
    const controller = new AbortController();
    const { heard, onError } = listeners();
    const { open } = failingStream(['a', 'b'], () => new Error('not reached'));
    let thrown: unknown;
    try {
      for await (const chunk of retryStream(open, { clock, signal: controller.signal, onError })) if (chunk === 'a') controller.abort();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AgentAbortedError);
    expect(heard).toEqual([]);
  });
});
