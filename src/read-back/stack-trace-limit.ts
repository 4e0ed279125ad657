/*
 * Capturing a local stack is most of the cost of making an Error, and a rebuilt error's stack is
 * the persisted one, or none: so the rebuild runs with the engine's stack-trace limit lowered.
 */

let stacklessEngine: boolean | undefined;

/**
 * Whether errors made now, with the limit lowered, have no stack at all. Then finish() need not
 * read `stack` to find out: that read is a native accessor, dearer than the rest of finish().
 * V8 captures nothing while the limit is not a number; an engine that captures anyway is found
 * out on first use. A limit that reads back as anything else (a setter that ignores the write)
 * counts as not lowered.
 */
export function capturesNoStack(): boolean {
  return (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit === undefined && (stacklessEngine ??= new Error().stack === undefined);
}

// Frozen intrinsics (SES, hardened runtimes) make the limit read-only; then the stack is captured.
export function setStackTraceLimit(limit: number | undefined): boolean {
  try {
    (Error as { stackTraceLimit?: number | undefined }).stackTraceLimit = limit;
    return true;
  } catch {
    return false;
  }
}
