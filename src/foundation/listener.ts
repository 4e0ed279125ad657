/** A throw is swallowed and a rejection handled here: an async hook that rejects would otherwise end a Node process. */
export function callListener<Event>(listener: ((event: Event) => unknown) | undefined, event: Event): void {
  if (listener === undefined) return;
  try {
    const returned = listener(event);
    // Only a thenable is adopted: Promise.resolve of any other value would be a promise for nothing.
    if ((typeof returned === 'object' && returned !== null) || typeof returned === 'function') {
      if (typeof (returned as { then?: unknown }).then === 'function') Promise.resolve(returned).catch(ignore);
    }
  } catch {
    // a listener that throws, or returns a value whose `then` getter throws: the call goes on
  }
}

function ignore(): void {
  // a rejected listener's reason has nowhere useful to go
}
