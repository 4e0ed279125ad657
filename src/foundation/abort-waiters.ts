// One 'abort' listener per signal, however many calls wait on it: ten thousand calls sharing one signal
// would otherwise carry ten thousand listeners (Node warns from the eleventh). The listener goes when the
// last waiter leaves, so that a long-lived signal keeps nothing of the calls that ended.

interface Waiters {
  readonly callbacks: Set<() => void>;
  readonly listener: () => void;
}

const bySignal = /* @__PURE__ */ new WeakMap<AbortSignal, Waiters>();

/** The function returned stops waiting. A signal that has already aborted fires no event: check `signal.aborted` first. */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  let waiters = bySignal.get(signal);
  if (waiters === undefined) {
    const callbacks = new Set<() => void>();
    const listener = (): void => {
      bySignal.delete(signal);
      for (const each of callbacks) each();
    };
    // Added before it is recorded: a signal whose addEventListener throws leaves no waiter behind.
    signal.addEventListener('abort', listener, { once: true });
    waiters = { callbacks, listener };
    bySignal.set(signal, waiters);
  }
  const shared = waiters;
  shared.callbacks.add(callback);
  return () => {
    shared.callbacks.delete(callback);
    if (shared.callbacks.size === 0 && bySignal.get(signal) === shared) {
      bySignal.delete(signal);
      signal.removeEventListener('abort', shared.listener);
    }
  };
}
