import type { Recognition } from './recognize.js';

/** The status the value carried counts over the context's. */
export function mappedOptions<Context extends { readonly status?: number | null | undefined }>(
  value: unknown,
  recognition: Recognition,
  context: Context | undefined,
): Context & { readonly status: number | null | undefined; readonly cause: unknown } {
  const stamped = recognition.retryable === undefined ? undefined : { retryable: recognition.retryable };
  return { ...stamped, ...(context as Context), status: recognition.status ?? context?.status, cause: value };
}

/** LangChain's stamp, where set, decides instead of the kind. */
export function isTransientKind(recognition: Recognition): boolean {
  return recognition.retryable ?? (recognition.kind === 'network' || recognition.kind === 'timeout');
}
