import type { FaultlineError } from '../base.js';
import { hasErrorBrand } from '../brand.js';
import { recognise, type Recognition } from './recognise.js';

/**
 * The shared step of every family's `from`: a faultline error (of any copy) passes through
 * unchanged, anything else is recognised and handed to the family's `build` with the caller's
 * context. `build` is a plain function rather than a closure over the value, so that the
 * pass-through, which every `serializeError` of a faultline error takes, allocates nothing.
 */
export function mapInto<Context>(
  value: unknown,
  context: Context,
  build: (value: unknown, recognition: Recognition, context: Context) => FaultlineError,
): FaultlineError {
  return hasErrorBrand(value) ? (value as FaultlineError) : build(value, recognise(value), context);
}

/**
 * The options every `from` gives the error it builds: the caller's context, the status the
 * value carried (else the context's), and the value itself as `cause`.
 */
export function mappedOptions<Context extends { readonly status?: number }>(
  value: unknown,
  recognition: Recognition,
  context: Context | undefined,
): Context & { readonly status: number | undefined; readonly cause: unknown } {
  return { ...(context as Context), status: recognition.status ?? context?.status, cause: value };
}

/** Whether a recognised failure is one that may succeed on another try. */
export function isTransientKind(recognition: Recognition): boolean {
  return recognition.kind === 'network' || recognition.kind === 'timeout';
}
