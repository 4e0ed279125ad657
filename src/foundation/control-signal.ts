import { hasFaultlineBrand } from './brand.js';
import { isErrorObject } from './error-object.js';
import { readProperty, readString } from './safe-read.js';

/*
 * Some frameworks throw to steer control, not to report a failure: LangGraph pauses a graph by throwing
 * from `interrupt()`, and a caller who aborts expects the abort back. Whatever wraps a call (safeTool,
 * retry, retryStream, an agent's own catch) must pass such a value on untouched: converted, retried or
 * reported, the graph never pauses and the abort becomes an outage in the error rate.
 */

// What LangGraph's own guards test by name (`isGraphInterrupt`, `isParentCommand`, `isGraphDrained`): the
// classes that extend GraphBubbleUp, named so in every version, and so in releases before `is_bubble_up`.
const LANGGRAPH_SIGNALS: readonly string[] = ['GraphInterrupt', 'NodeInterrupt', 'ParentCommand', 'GraphDrained'];

/**
 * Whether a thrown value steers control rather than reports a failure, so that it must be rethrown as it
 * is: never retried, converted, counted or reported.
 *
 * - **A LangGraph signal**: anything whose `is_bubble_up` is `true` (LangGraph's `isGraphBubbleUp`: the
 *   GraphInterrupt that `interrupt()` throws, NodeInterrupt, ParentCommand, GraphDrained), or an Error
 *   named one of those (how LangGraph's `isGraphInterrupt` and `isParentCommand` test, across copies).
 * - **The abort the caller asked for**, when `signal` (the caller's) is given and has aborted: the
 *   signal's reason itself, or an error named `AbortError` (what `fetch` and streams throw for an
 *   aborted signal) or `APIUserAbortError` (what the OpenAI and Anthropic SDKs throw). Without `signal`, an AbortError is an ordinary failure: whose abort it was
 *   cannot be told.
 *
 * A faultline error is a failure, never a signal (unless it is the caller's own abort reason). Every read
 * is guarded: a revoked Proxy or a throwing getter is not a signal, and this never throws.
 *
 * @example
 * ```ts
 * import { isControlSignal, normalizeError } from 'faultline';
 *
 * async function step(signal: AbortSignal): Promise<unknown> {
 *   try {
 *     return await runTool({ signal });
 *   } catch (thrown) {
 *     if (isControlSignal(thrown, signal)) throw thrown; // a LangGraph interrupt, or the abort you asked for
 *     return normalizeError(thrown);
 *   }
 * }
 * ```
 */
export function isControlSignal(value: unknown, signal?: AbortSignal): boolean {
  if (signal !== undefined && isAbortOf(value, signal)) return true;
  if (typeof value !== 'object' || value === null || hasFaultlineBrand(value)) return false;
  if (readProperty(value, 'is_bubble_up') === true) return true;
  const name = readString(value, 'name');
  return name !== undefined && LANGGRAPH_SIGNALS.includes(name) && isErrorObject(value);
}

// The abort of `signal`, once it has aborted: its reason itself, or an AbortError.
function isAbortOf(value: unknown, signal: AbortSignal): boolean {
  if (readProperty(signal, 'aborted') !== true) return false;
  const reason = readProperty(signal, 'reason');
  if (reason !== undefined && value === reason) return true;
  // The OpenAI and Anthropic SDKs throw their own APIUserAbortError for an aborted signal.
  const name = readString(value, 'name');
  return name === 'AbortError' || name === 'APIUserAbortError';
}
