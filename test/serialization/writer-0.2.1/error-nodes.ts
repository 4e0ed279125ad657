// The 0.2.1 writer, frozen as the oracle of #29: src/serialization/error-nodes.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
import { CLASS_NAME, hasFaultlineBrand } from '../../../src/foundation/brand.js';
import { isErrorCategory } from '../../../src/foundation/category.js';
import { forEachItem } from './array-items.js';
import { isErrorObject } from '../../../src/foundation/error-object.js';
import { setOwn } from '../../../src/foundation/own-property.js';
import { readProperty, readString } from '../../../src/foundation/safe-read.js';
import { toWholeNonNegative } from '../../../src/foundation/whole-number.js';
import { hasNodeHead, readsBackAsError } from '../../../src/contract/node-shape.js';
import { givenMessage } from '../../../src/redaction/message-redaction.js';
import type { SerializedCause, SerializedError, SerializedJson, Truncation } from '../../../src/contract/serialized-error.js';
import { faultlineNodeInOrder, foreignNodeInOrder } from './key-order.js';
import { extend, onChain, type Chain } from './ancestor-chain.js';
import { boundedName, field, stringOf, text } from './bounded-text.js';
import { MAX_RECOMMENDATIONS } from '../../../src/contract/serialize-options.js';
import { classField, classFieldKeys } from './own-fields.js';
import { isArray, isPlainRecord, writesAsErrorNode, jsonCopy } from './plain-data.js';
import { cutDetails, cutOf, isEmpty, MARKERS, mergeTruncation, type Node, type Run } from './serialization-state.js';

/*
 * The error nodes of the contract: a faultline error's, a foreign error's, and what both end
 * with (cause, errors, stack, truncated). Causes recurse into nodes, so they are written here too.
 */

/** The fields a node reads. */
interface NodeFields {
  readonly name: unknown;
  readonly code: unknown;
  readonly category: unknown;
  readonly message: unknown;
  readonly retryable: unknown;
  readonly retryAfterMs: unknown;
  readonly status: unknown;
  readonly requestId: unknown;
  readonly recommendations: unknown;
  readonly details: unknown;
  readonly cause: unknown;
  readonly errors: unknown;
  /** As read through the prototype chain; only an own `truncated` counts (a node read back from an earlier cut). */
  readonly truncated: unknown;
  /** The declared name of the node's faultline class, from its prototype. */
  readonly [CLASS_NAME]: unknown;
}

// Each node reads its fields into locals with plain reads, in one guarded block: a keyed read per
// field through a shared helper is several times slower, and an object to hold the fields was a
// fifth of what serializing allocated. Only when a read throws (a hostile getter, a revoked
// Proxy) are they read here instead, field by field, each guarded.
function guardedFields(error: object): NodeFields {
  const read = (key: keyof NodeFields): unknown => readProperty(error, key);
  let message: unknown;
  try {
    message = (error as { message?: unknown }).message;
  } catch {
    message = MARKERS.unreadable; // as for any other value whose reading throws
  }
  return {
    name: read('name'), code: read('code'), category: read('category'), message,
    retryable: read('retryable'), retryAfterMs: read('retryAfterMs'), status: read('status'),
    requestId: read('requestId'), recommendations: read('recommendations'), details: readDetails(error),
    cause: read('cause'), errors: read('errors'), truncated: readOwn(error, 'truncated'), [CLASS_NAME]: read(CLASS_NAME),
  };
}

/**
 * Oracle only, the second change to the frozen copy (it changes no output): `read('details')` as it
 * was, with a count of the reads that throw. 0.2.1 leaves such details out with no mark, where #29
 * has the new writer mark them: the other difference #29 asks for.
 */
export const DETAILS_DROPS = { count: 0 };

function readDetails(error: object): unknown {
  try {
    return (error as { details?: unknown }).details;
  } catch {
    DETAILS_DROPS.count++;
    return undefined;
  }
}

export function faultlineNode(error: object, run: Run, depth: number): SerializedError {
  run.nodesLeft--;
  const node: Node = { cut: undefined, budget: run.maxDetailsSize };
  let name: unknown, code: unknown, category: unknown, message: unknown, retryable: unknown, retryAfterMs: unknown,
    status: unknown, requestId: unknown, recommendations: unknown, details: unknown, cause: unknown, errors: unknown,
    truncated: unknown, className: unknown;
  try {
    ({
      name, code, category, message, retryable, retryAfterMs, status, requestId, recommendations, details, cause, errors,
      truncated, [CLASS_NAME]: className,
    } = error as NodeFields);
  } catch {
    ({
      name, code, category, message, retryable, retryAfterMs, status, requestId, recommendations, details, cause, errors,
      truncated, [CLASS_NAME]: className,
    } = guardedFields(error));
  }
  const writtenName = nodeName(name, className, run, node);
  const writtenCode = typeof code === 'string' ? field(code, run, node) : 'UNKNOWN_ERROR';
  // With redaction off, the message as the error was given it: the error itself keeps it redacted.
  const writtenMessage = text(stringOf(run.redactor === undefined ? (givenMessage(error, message) ?? message) : message), run, node, 'message');
  const writtenRequestId = typeof requestId === 'string' ? field(requestId, run, node) : undefined;
  const steps = stringList(recommendations, run, node);
  // The class's own fields are copied first, so that details past the budget cannot empty them;
  // they are still written after details, in the contract's order.
  const keys = classFieldKeys(error, node);
  let own: (SerializedJson | undefined)[] | undefined;
  if (keys.length > 0) {
    own = new Array<SerializedJson | undefined>(keys.length); // its exact size: `[]` would grow to 17 slots
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      own[index] = classField(key, readOwn(error, key), run, node);
    }
  }
  let writtenDetails: SerializedJson | undefined;
  if (details !== undefined && details !== null) {
    const budget = node.budget;
    const cutBefore = node.cut?.details === true;
    let copy = jsonCopy(details, run, node, 1, undefined);
    if (copy !== undefined && !isPlainRecord(copy)) {
      // Copied again inside its wrapper, so that depth and size count the wrapper as they will
      // when this output is serialized again; the budget is what the class fields left.
      node.budget = budget;
      if (!cutBefore && node.cut !== undefined) delete node.cut.details;
      copy = jsonCopy({ value: details }, run, node, 1, undefined);
    }
    // No budget or depth was left even for the wrapper: details are left out, and cutDetails marked it.
    if (isPlainRecord(copy)) writtenDetails = copy;
  }
  const writtenCause = causeCopy(cause, run, node, depth);
  const writtenErrors = isArray(errors) ? errorList(errors, run, node, depth + 1) : undefined;
  const stack = stackText(error, run, node);
  return faultlineNodeInOrder(
    writtenName, writtenCode, isErrorCategory(category) ? category : 'UNKNOWN', writtenMessage, retryable === true,
    toWholeNonNegative(retryAfterMs), toWholeNonNegative(status), writtenRequestId, steps, writtenDetails, keys, own,
    writtenCause, writtenErrors, stack, truncation(error, truncated, node),
  );
}

function foreignNode(error: object, run: Run, depth: number): SerializedCause {
  run.nodesLeft--;
  const node: Node = { cut: undefined, budget: run.maxDetailsSize };
  let name: unknown, message: unknown, code: unknown, cause: unknown, errors: unknown, truncated: unknown;
  try {
    ({ name, message, code, cause, errors, truncated } = error as NodeFields);
  } catch {
    const drops = DETAILS_DROPS.count; // oracle only: a foreign node reads no details of its own
    ({ name, message, code, cause, errors, truncated } = guardedFields(error));
    DETAILS_DROPS.count = drops;
  }
  const writtenName = field(typeof name === 'string' ? name : 'Error', run, node);
  const writtenMessage = text(stringOf(message), run, node, 'message');
  const writtenCode = typeof code === 'string' ? field(code, run, node) : undefined;
  const writtenCause = causeCopy(cause, run, node, depth);
  const writtenErrors = isArray(errors) ? errorList(errors, run, node, depth + 1) : undefined;
  const stack = stackText(error, run, node);
  return foreignNodeInOrder(writtenName, writtenMessage, writtenCode, writtenCause, writtenErrors, stack, truncation(error, truncated, node));
}

// What every node ends with, each computed in contract order (cause, errors, stack, truncated), so that
// the budget is charged in the order the output lists them.

/** The cause as written, or undefined where it is absent or cut (and the cut marked). */
function causeCopy(cause: unknown, run: Run, node: Node, depth: number): SerializedCause | undefined {
  const reason = cutReason(cause, run, depth + 1);
  if (reason !== undefined) {
    cutOf(node).cause = reason;
    return undefined;
  }
  if (cause === undefined || cause === null) return undefined;
  const copy = causeOf(cause, run, node, depth + 1);
  if (copy !== DEPTH_CUT) return copy;
  cutOf(node).cause = 'depth';
  return undefined;
}

function stackText(error: object, run: Run, node: Node): string | undefined {
  if (!run.stack) return undefined;
  const stack = readString(error, 'stack');
  return stack === undefined ? undefined : text(stack, run, node, 'stack');
}

/** The node's `truncated`: its earlier marks (a node read back from a cut) with this pass's cuts. */
function truncation(error: object, truncatedRead: unknown, node: Node): Truncation | undefined {
  // A plain read comes first: almost no node has `truncated`, and only one that does pays for the own-property test.
  const previous = truncatedRead === undefined ? undefined : readOwn(error, 'truncated');
  // Most nodes are whole and were never cut before: skip building the mark.
  if (previous === undefined && (node.cut === undefined || isEmpty(node.cut))) return undefined;
  return mergeTruncation(previous, node.cut ?? {});
}

/** Why an error in cause position is not written: it is an ancestor, or lies past maxDepth. */
function cutReason(value: unknown, run: Run, depth: number): 'circular' | 'depth' | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (onChain(run.ancestors, value)) return 'circular';
  return (depth > run.maxDepth || run.nodesLeft <= 0) && writesAsErrorNode(value) ? 'depth' : undefined;
}

// What causeOf gives for data that reads back as an error but lies past maxDepth: the caller
// cuts it as it cuts such an error.
const DEPTH_CUT: unique symbol = Symbol('depth cut');

/**
 * A cause not cut by {@link cutReason}: an error node, or a JSON-safe copy of any other value, or
 * DEPTH_CUT for data that stands for an error past maxDepth.
 */
function causeOf(value: unknown, run: Run, node: Node, depth: number): SerializedCause | typeof DEPTH_CUT | undefined {
  const branded = hasFaultlineBrand(value);
  if (!branded && !isErrorObject(value)) return dataCause(value, run, node, depth);
  const error = value as object; // both tests above hold only for objects
  const above = run.ancestors;
  run.ancestors = extend(above, error);
  try {
    return branded ? faultlineNode(error, run, depth) : foreignNode(error, run, depth);
  } finally {
    run.ancestors = above;
  }
}

/**
 * Data in cause position (a thrown `{ name, message }`, say) is written as its JSON copy, unless
 * that copy is read back as an error: then it is written as that error, with an error node's
 * limits (depth, message length, `errors`, stack) and key order, or a round trip would change it.
 * The copy is made against a budget of its own, charged to the node only when it stays data.
 */
function dataCause(value: unknown, run: Run, node: Node, depth: number): SerializedCause | typeof DEPTH_CUT | undefined {
  const scratch: Node = { cut: undefined, budget: node.budget };
  const copy = jsonCopy(value, run, scratch, 1, undefined);
  if (!readsBackAsError(copy)) {
    node.budget = scratch.budget;
    if (scratch.cut !== undefined) cutOf(node).details = true;
    return copy;
  }
  if (depth > run.maxDepth || run.nodesLeft <= 0) return DEPTH_CUT;
  const error = copy as Record<string, SerializedJson>;
  // What the copy lost to the budget is recorded on the error it becomes.
  if (scratch.cut !== undefined) setOwn(error, 'truncated', { ...(error.truncated as Truncation | undefined), details: true });
  return hasNodeHead(error) ? faultlineNode(error, run, depth) : foreignNode(error, run, depth);
}

/**
 * An error inside details, cut as details are cut (`truncated.cause` speaks of the node's cause
 * only). Read back, such a node is plain JSON inside details, so it is copied once more as JSON
 * from where it sits: depth and size then count it now as they will when it is serialized again.
 */
export function errorInDetails(error: object, run: Run, node: Node, depth: number, path: Chain | undefined): SerializedJson | undefined {
  const reason = cutReason(error, run, run.ancestors.length + 1);
  if (reason !== undefined) return cutDetails(node, reason === 'circular' ? MARKERS.circular : MARKERS.truncated);
  // Written against a node limit of its own: read back, it is data inside details, which a second
  // pass does not count as nodes, so it must not take from the nodes the tree around it may write.
  const nodesLeft = run.nodesLeft;
  run.nodesLeft = run.maxErrors + run.maxDepth + 1;
  const written = causeOf(error, run, node, run.ancestors.length + 1);
  run.nodesLeft = nodesLeft;
  return written === DEPTH_CUT ? cutDetails(node, MARKERS.truncated) : jsonCopy(written, run, node, depth, path);
}

/** An AggregateError's `errors`: a cut entry keeps its place as a marker, so indices still hold. */
function errorList(errors: readonly unknown[], run: Run, node: Node, depth: number): SerializedCause[] {
  const length = readProperty(errors, 'length');
  if (typeof length !== 'number') return []; // a Proxy of an array whose get trap throws
  const kept = Math.min(length, run.maxErrors);
  if (length > kept) cutOf(node).errors = length - kept;
  const list: SerializedCause[] = [];
  for (let index = 0; index < kept; index++) {
    const item = readProperty(errors, index);
    const reason = cutReason(item, run, depth);
    const copy = reason === undefined ? causeOf(item, run, node, depth) : reason === 'circular' ? MARKERS.circular : MARKERS.truncated;
    // A marker in the list is data when read back, and data in cause position costs the node what it
    // writes: charged here as a second pass will charge it.
    const written = copy === DEPTH_CUT ? MARKERS.truncated : copy;
    if (reason !== undefined || copy === DEPTH_CUT) node.budget -= (written as string).length;
    if (written !== undefined) list.push(written);
  }
  return list;
}

function stringList(value: unknown, run: Run, node: Node): string[] | undefined {
  if (!isArray(value)) return undefined;
  try {
    const list: string[] = [];
    forEachItem(value, (item) => {
      if (typeof item !== 'string') return true;
      if (list.length === MAX_RECOMMENDATIONS) {
        cutOf(node).strings = true;
        return false;
      }
      list.push(field(item, run, node));
      return true;
    });
    return list;
  } catch {
    return undefined; // a Proxy of an array whose traps throw
  }
}

/**
 * A node's name. The class's declared name is an identifier its author wrote, not text that can
 * hold a secret, so it is written as it is; any other name (one set on the instance) is redacted
 * like text. A code is always redacted: codes found clean are remembered, so that costs little.
 */
function nodeName(name: unknown, className: unknown, run: Run, node: Node): string {
  const declared = typeof className === 'string' ? className : 'FaultlineError';
  if (typeof name !== 'string' || name === declared) return boundedName(declared, node);
  return field(name, run, node);
}

/** An own field of an error, or undefined; `[Unreadable]` when reading it throws. */
export function readOwn(value: object, key: string): unknown {
  try {
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return MARKERS.unreadable;
  }
}
