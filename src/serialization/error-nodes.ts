import { CLASS_NAME, hasFaultlineBrand } from '../foundation/brand.js';
import { isErrorCategory } from '../foundation/category.js';
import { forEachItem } from '../foundation/array-items.js';
import { isErrorObject } from '../foundation/error-object.js';
import { setOwn } from '../foundation/own-property.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';
import { hasNodeHead, readsBackAsError } from '../contract/node-shape.js';
import { FIELD_TABLE, type BuiltInFieldTable } from '../contract/class-fields.js';
import { givenMessage } from '../redaction/message-redaction.js';
import type { SerializedCause, SerializedError, SerializedJson, Truncation } from '../contract/serialized-error.js';
import { extend, onChain, type Chain } from './ancestor-chain.js';
import { boundedName, field, stringOf, text } from './bounded-text.js';
import { MAX_RECOMMENDATIONS } from '../contract/serialize-options.js';
import { classField, classFieldKeys } from './own-fields.js';
import { isArray, isPlainRecord, writesAsErrorNode, jsonCopy } from './plain-data.js';
import { cutDetails, cutOf, IN_DETAILS, isEmpty, MARKERS, mergeTruncation, type Node, type Run } from './serialization-state.js';

// The contract's error nodes. Causes recurse into nodes, so that they are written here too.
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
  readonly [CLASS_NAME]: unknown;
}

const UNREADABLE_DETAILS: unique symbol = Symbol('unreadable details');

// Plain reads in one guarded block (docs/performance.md); only when one throws are they read here, each guarded.
function guardedFields(error: object): NodeFields {
  const read = (key: keyof NodeFields): unknown => readProperty(error, key);
  let message: unknown;
  try {
    message = (error as { message?: unknown }).message;
  } catch {
    message = MARKERS.unreadable; // as for any other value whose reading throws
  }
  let details: unknown;
  try {
    details = (error as { details?: unknown }).details;
  } catch {
    details = UNREADABLE_DETAILS;
  }
  return {
    name: read('name'), code: read('code'), category: read('category'), message,
    retryable: read('retryable'), retryAfterMs: read('retryAfterMs'), status: read('status'),
    requestId: read('requestId'), recommendations: read('recommendations'), details,
    cause: read('cause'), errors: read('errors'), truncated: readOwn(error, 'truncated'), [CLASS_NAME]: read(CLASS_NAME),
  };
}

/** Each key written as it is reached; the class's own fields are charged before details, so that details cannot empty them. */
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
  const out: Record<string, unknown> = {
    name: nodeName(name, className, run, node),
    code: typeof code === 'string' ? field(code, run, node) : 'UNKNOWN_ERROR',
    category: isErrorCategory(category) ? category : 'UNKNOWN',
    // With redaction off, the message as the error was given it: the error itself keeps it redacted.
    message: text(stringOf(run.redactor === undefined ? (givenMessage(error, message) ?? message) : message), run, node, 'message'),
    retryable: retryable === true,
  };
  const delay = toWholeNonNegative(retryAfterMs);
  if (delay !== undefined) out.retryAfterMs = delay;
  const upstream = toWholeNonNegative(status);
  if (upstream !== undefined) out.status = upstream;
  if (typeof requestId === 'string') out.requestId = field(requestId, run, node);
  const steps = stringList(recommendations, run, node);
  if (steps !== undefined) out.recommendations = steps;
  const listed = classFieldKeys(error, node.budget);
  // Own keys that cannot be listed (a Proxy whose ownKeys throws) are lost: marked, as any value that cannot be read.
  if (listed === undefined || listed.more) cutOf(node).details = true;
  const keys = listed?.keys ?? [];
  const own = new Array<SerializedJson | undefined>(keys.length);
  // The field table of a class of yours says which of its fields hold no text (docs/contract.md).
  const declared = keys.length === 0 ? undefined : (readProperty(error, FIELD_TABLE) as BuiltInFieldTable | undefined);
  for (let index = 0; index < keys.length; index++) own[index] = classField(keys[index] as string, readOwn(error, keys[index] as string), run, node, declared);
  const written = detailsCopy(details, run, node);
  if (written !== undefined) out.details = written;
  for (let index = 0; index < keys.length; index++) {
    const value = own[index];
    const key = keys[index] as string;
    if (value === undefined) continue;
    // `__proto__` through setOwn, so that it stays a field; any other key stored here (docs/performance.md).
    if (key === '__proto__') setOwn(out, key, value);
    else out[key] = value;
  }
  return nodeEnd(out, error, cause, errors, truncated, run, node, depth) as SerializedError;
}

function detailsCopy(details: unknown, run: Run, node: Node): Record<string, SerializedJson> | undefined {
  if (details === UNREADABLE_DETAILS) {
    // Written as any unreadable value is, under `value`, as a second pass copies it, and the cut recorded.
    const copy = jsonCopy({ value: MARKERS.unreadable }, run, node, 1, undefined);
    cutOf(node).details = true;
    return isPlainRecord(copy) ? copy : undefined;
  }
  if (details === undefined || details === null) return undefined;
  const budget = node.budget;
  const cutBefore = node.cut?.details === true;
  // A primitive or an array cannot be copied as an object: it goes straight into its wrapper.
  const wrapped = typeof details !== 'object' || isArray(details);
  let copy = wrapped ? undefined : jsonCopy(details, run, node, 1, undefined);
  if (wrapped || (copy !== undefined && !isPlainRecord(copy))) {
    // Copied again inside its wrapper, so that depth and size count it as a second pass will.
    node.budget = budget;
    if (!cutBefore && node.cut !== undefined) delete node.cut.details;
    copy = jsonCopy({ value: details }, run, node, 1, undefined);
  }
  // No budget or depth was left even for the wrapper: details are left out, and cutDetails marked it.
  return isPlainRecord(copy) ? copy : undefined;
}

function foreignNode(error: object, run: Run, depth: number): SerializedCause {
  run.nodesLeft--;
  const node: Node = { cut: undefined, budget: run.maxDetailsSize };
  let name: unknown, message: unknown, code: unknown, cause: unknown, errors: unknown, truncated: unknown;
  try {
    ({ name, message, code, cause, errors, truncated } = error as NodeFields);
  } catch {
    ({ name, message, code, cause, errors, truncated } = guardedFields(error));
  }
  const out: Record<string, unknown> = { name: field(typeof name === 'string' ? name : 'Error', run, node), message: text(stringOf(message), run, node, 'message') };
  if (typeof code === 'string') out.code = field(code, run, node);
  return nodeEnd(out, error, cause, errors, truncated, run, node, depth) as SerializedCause;
}

/** Each written as it is reached, so that the budget is charged in the order the output lists them. */
function nodeEnd(
  out: Record<string, unknown>, error: object, cause: unknown, errors: unknown, truncated: unknown, run: Run, node: Node, depth: number,
): Record<string, unknown> {
  const causeWritten = causeCopy(cause, run, node, depth);
  if (causeWritten !== undefined) out.cause = causeWritten;
  if (isArray(errors)) out.errors = errorList(errors, run, node, depth + 1);
  const stack = stackText(error, run, node);
  if (stack !== undefined) out.stack = stack;
  const marks = truncation(error, truncated, node);
  if (marks !== undefined) out.truncated = marks;
  return out;
}

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

function truncation(error: object, truncatedRead: unknown, node: Node): Truncation | undefined {
  // A plain read comes first: almost no node has `truncated`, and only one that does pays for the own-property test.
  const previous = truncatedRead === undefined ? undefined : readOwn(error, 'truncated');
  // Most nodes are whole and were never cut before: skip building the mark.
  if (previous === undefined && (node.cut === undefined || isEmpty(node.cut))) return undefined;
  return mergeTruncation(previous, node.cut ?? {});
}

function cutReason(value: unknown, run: Run, depth: number): 'circular' | 'depth' | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (onChain(run.ancestors, value)) return 'circular';
  return (depth > run.maxDepth || run.nodesLeft <= 0) && writesAsErrorNode(value) ? 'depth' : undefined;
}

// For data that reads back as an error but lies past maxDepth: the caller cuts it as it cuts such an error.
const DEPTH_CUT: unique symbol = Symbol('depth cut');

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
 * Data that reads back as an error is written as that error, or a round trip would change it. Its copy has
 * a budget of its own, charged only if it stays data.
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

/** Read back, it is plain JSON in details, so that it is copied once more as JSON, counted as a second pass will. */
export function errorInDetails(error: object, run: Run, node: Node, depth: number, path: Chain | undefined): SerializedJson | undefined {
  const reason = cutReason(error, run, run.ancestors.length + 1);
  if (reason !== undefined) return cutDetails(node, reason === 'circular' ? MARKERS.circular : MARKERS.truncated);
  let written: SerializedCause | typeof DEPTH_CUT | undefined;
  if (run.detailsNodesLeft === IN_DETAILS) {
    written = causeOf(error, run, node, run.ancestors.length + 1);
  } else {
    // A node limit of its own, since a second pass counts this as data, not nodes. One limit for every
    // error inside details, however nested: renewed for each, an error listed a hundred times holding
    // such an error in its details would be written 100^levels times.
    if (run.detailsNodesLeft <= 0) return cutDetails(node, MARKERS.truncated);
    const treeNodesLeft = run.nodesLeft;
    run.nodesLeft = run.detailsNodesLeft;
    run.detailsNodesLeft = IN_DETAILS;
    written = causeOf(error, run, node, run.ancestors.length + 1);
    run.detailsNodesLeft = run.nodesLeft;
    run.nodesLeft = treeNodesLeft;
  }
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
    // A marker in the list is data when read back: charged here as a second pass will charge it.
    const written = copy === DEPTH_CUT ? MARKERS.truncated : copy;
    if (reason !== undefined || copy === DEPTH_CUT) node.budget -= (written as string).length;
    if (written !== undefined) list.push(written);
  }
  return list;
}

// Items that are not strings are left out, so cost nothing written: the walk stops here instead.
const MAX_RECOMMENDATION_ITEMS = 1024;

function stringList(value: unknown, run: Run, node: Node): string[] | undefined {
  if (!isArray(value)) return undefined;
  try {
    const list: string[] = [];
    let read = 0;
    forEachItem(value, (item) => {
      if (++read > MAX_RECOMMENDATION_ITEMS) {
        cutOf(node).strings = true;
        return false;
      }
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

/** A declared name is an identifier its author wrote, written as it is; one set on the instance is redacted like text. */
function nodeName(name: unknown, className: unknown, run: Run, node: Node): string {
  const declared = typeof className === 'string' ? className : 'FaultlineError';
  if (typeof name !== 'string' || name === declared) return boundedName(declared, node);
  return field(name, run, node);
}

export function readOwn(value: object, key: string): unknown {
  try {
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return MARKERS.unreadable;
  }
}
