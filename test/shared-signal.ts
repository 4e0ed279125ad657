// Many concurrent calls sharing one AbortSignal, as a busy server hands every request's calls the
// signal of its shutdown: how each call settles when it aborts, the warnings the process printed, and
// the listeners the signal holds while the calls wait and once they have settled.
import { getEventListeners } from 'node:events';

export interface SharedSignalRun<T> {
  readonly settled: PromiseSettledResult<T>[];
  readonly warnings: string[];
  readonly listenersWhileWaiting: number;
  readonly listenersAfter: number;
  readonly reason: unknown;
}

const turn = (): Promise<void> => new Promise((resolve) => { setImmediate(resolve); });

/** Starts `calls` calls of `start` with one signal, lets each reach its wait, aborts it and waits for all. */
export async function shareOneSignal<T>(calls: number, start: (signal: AbortSignal) => Promise<T>): Promise<SharedSignalRun<T>> {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => { warnings.push(`${warning.name}: ${warning.message}`); };
  process.on('warning', onWarning);
  try {
    const controller = new AbortController();
    const pending = Array.from({ length: calls }, () => start(controller.signal));
    // No I/O is involved: once the microtasks have run, every call is waiting on the signal.
    await turn();
    const listenersWhileWaiting = getEventListeners(controller.signal, 'abort').length;
    const reason = new Error('shutting down');
    controller.abort(reason);
    const settled = await Promise.allSettled(pending);
    // A warning reaches 'warning' on a later tick.
    await turn();
    return { settled, warnings, listenersWhileWaiting, listenersAfter: getEventListeners(controller.signal, 'abort').length, reason };
  } finally {
    process.off('warning', onWarning);
  }
}
