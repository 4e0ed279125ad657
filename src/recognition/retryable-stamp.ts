// LangChain marks the errors it knows, its own and the provider errors its retries gave up on, as safe
// or unsafe to retry: `stampRetryable` in @langchain/core/errors sets a non-enumerable own property
// under a realm-wide symbol, so that every copy of LangChain agrees. Where it is set, it decides.
const RETRYABLE = /* @__PURE__ */ Symbol.for('langchain.errors.retryable');

/**
 * LangChain's retryable stamp on any value (`Symbol.for('langchain.errors.retryable')`, an own
 * property, as @langchain/core's `getRetryable` reads it); undefined where unset or not a boolean.
 * Never throws.
 *
 * @example
 * ```ts
 * langChainRetryable(Object.defineProperty(new Error('x'), Symbol.for('langchain.errors.retryable'), { value: false })); // false
 * ```
 */
export function langChainRetryable(value: unknown): boolean | undefined {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined;
  try {
    const stamp: unknown = Object.getOwnPropertyDescriptor(value, RETRYABLE)?.value;
    return typeof stamp === 'boolean' ? stamp : undefined;
  } catch {
    return undefined; // a revoked Proxy
  }
}
