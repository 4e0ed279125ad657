// LangChain stamps the errors it knows as safe or unsafe to retry, under a realm-wide symbol so that
// every copy of LangChain agrees. Where it is set, it decides.
const RETRYABLE = /* @__PURE__ */ Symbol.for('langchain.errors.retryable');

/** An own property, as @langchain/core's `getRetryable` reads it; undefined where unset or not a boolean. */
export function langChainRetryable(value: unknown): boolean | undefined {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined;
  try {
    const stamp: unknown = Object.getOwnPropertyDescriptor(value, RETRYABLE)?.value;
    return typeof stamp === 'boolean' ? stamp : undefined;
  } catch {
    return undefined; // a revoked Proxy
  }
}
