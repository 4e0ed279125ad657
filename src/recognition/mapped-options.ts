import type { Recognition } from './recognize.js';

/**
 * The options every `from` gives the error it builds: LangChain's retryable stamp where the value
 * carries one, the caller's context, the status the value carried (else the context's), and the
 * value itself as `cause`.
 */
export function mappedOptions<Context extends { readonly status?: number | null | undefined }>(
  value: unknown,
  recognition: Recognition,
  context: Context | undefined,
): Context & { readonly status: number | null | undefined; readonly cause: unknown } {
  const stamped = recognition.retryable === undefined ? undefined : { retryable: recognition.retryable };
  return { ...stamped, ...(context as Context), status: recognition.status ?? context?.status, cause: value };
}

/** Whether a recognized failure is one that may succeed on another try: LangChain's stamp, where set, says so instead. */
export function isTransientKind(recognition: Recognition): boolean {
  return recognition.retryable ?? (recognition.kind === 'network' || recognition.kind === 'timeout');
}
