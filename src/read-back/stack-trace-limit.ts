
let stacklessEngine: boolean | undefined;

/**
 * Then finish() need not read `stack`, a native accessor dearer than the rest of it. An engine that
 * captures anyway is found out on first use; a limit that reads back otherwise counts as not lowered.
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
