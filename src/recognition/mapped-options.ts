import type { Recognition } from './recognize.js';

/**
 * The options every `from` gives the error it builds: the caller's context, the status the
 * value carried (else the context's), and the value itself as `cause`.
 */
export function mappedOptions<Context extends { readonly status?: number | null | undefined }>(
  value: unknown,
  recognition: Recognition,
  context: Context | undefined,
): Context & { readonly status: number | null | undefined; readonly cause: unknown } {
  return { ...(context as Context), status: recognition.status ?? context?.status, cause: value };
}

/** Whether a recognized failure is one that may succeed on another try. */
export function isTransientKind(recognition: Recognition): boolean {
  return recognition.kind === 'network' || recognition.kind === 'timeout';
}
