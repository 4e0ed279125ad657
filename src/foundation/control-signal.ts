import { hasFaultlineBrand } from './brand.js';
import { isErrorObject } from './error-object.js';
import { readProperty, readString } from './safe-read.js';

// Some frameworks throw to steer control, not to report a failure. Whatever wraps a call must pass such a
// value on untouched: converted, retried or reported, the graph never pauses and the abort becomes an outage.

// What LangGraph's own guards test by name (`isGraphInterrupt`, `isParentCommand`, `isGraphDrained`): the
// classes that extend GraphBubbleUp, named so in every version, and so in releases before `is_bubble_up`.
const LANGGRAPH_SIGNALS: readonly string[] = ['GraphInterrupt', 'NodeInterrupt', 'ParentCommand', 'GraphDrained'];

/**
 * Whether a thrown value steers control rather than reports a failure, so that it must be rethrown as it
 * is: a LangGraph signal (`is_bubble_up`, or an Error named GraphInterrupt, NodeInterrupt, ParentCommand or
 * GraphDrained), or the abort the caller asked for when its `signal` is given and has aborted (its reason,
 * an `AbortError` or an `APIUserAbortError`). Without `signal`, whose abort it was cannot be told. A
 * faultline error is never a signal unless it is the abort's reason. Never throws.
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

function isAbortOf(value: unknown, signal: AbortSignal): boolean {
  if (readProperty(signal, 'aborted') !== true) return false;
  const reason = readProperty(signal, 'reason');
  if (reason !== undefined && value === reason) return true;
  // The OpenAI and Anthropic SDKs throw their own APIUserAbortError for an aborted signal.
  const name = readString(value, 'name');
  return name === 'AbortError' || name === 'APIUserAbortError';
}
