import { deserializeError, isFaultlineError, type FaultlineError } from '../index.js';
import { forEachItem } from '../foundation/array-items.js';
import { isErrorCategory } from '../foundation/category.js';
import { isErrorObject } from '../foundation/error-object.js';
import { defineHidden, setOwn } from '../foundation/own-property.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { readProperty, readString } from '../foundation/safe-read.js';

// DBOS writes a thrown error as serialize-error's copy before any serializer sees it, and puts the raw
// causes back, secrets included (docs/dbos.md). This rebuilds the faultline error a record stands for, so
// that serializing it writes what the error itself writes: of a foreign cause its name, message and code.

// The writer's default limits: it writes no node past them, so nothing past them is rebuilt, whatever the record holds.
const MAX_DEPTH = 16;
const MAX_NODES = 16 + 100 + 1;

// What DBOS writes for a cause that is an ancestor (serialization.js, serializeErrorWithCause).
const CIRCULAR = '[Circular]';

interface Budget {
  nodes: number;
}

export function hasContractHead(value: unknown): boolean {
  return (
    typeof readProperty(value, 'name') === 'string' &&
    typeof readProperty(value, 'code') === 'string' &&
    isErrorCategory(readProperty(value, 'category')) &&
    typeof readProperty(value, 'message') === 'string' &&
    typeof readProperty(value, 'retryable') === 'boolean'
  );
}

/** The record DBOS makes of a faultline error, or the plain Error it revives from one. Never throws. */
export function errorFromRecord(value: unknown): FaultlineError | undefined {
  if (isFaultlineError(value)) return value;
  try {
    return faultlineNode(value, { nodes: MAX_NODES }, 0);
  } catch {
    return undefined; // a hostile object, or fields the contract refuses
  }
}

function faultlineNode(value: unknown, budget: Budget, depth: number): FaultlineError | undefined {
  if (!hasContractHead(value)) return undefined;
  const fields = fieldsOf(value);
  if (fields === undefined) return undefined;
  const error = deserializeError(fields); // throws for fields the contract refuses: then it is no node
  budget.nodes--;
  finish(error, value, budget, depth);
  return error;
}

function fieldsOf(value: unknown): Record<string, unknown> | undefined {
  // Own properties, enumerable or not: serialize-error makes `name` and `message` hidden on a record as on an Error.
  if (!isPlainObject(value) && !isErrorObject(value)) return undefined;
  const fields: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(value)) {
    // The stack of a revived Error is where DBOS revived it, not the error's own.
    if (key !== 'cause' && key !== 'errors' && key !== 'stack') setOwn(fields, key, (value as Record<string, unknown>)[key]);
  }
  // An Error's name may be its prototype's; the head check read it through the chain.
  if (!Object.hasOwn(fields, 'name')) fields.name = readProperty(value, 'name');
  return fields;
}

function finish(error: Error, node: unknown, budget: Budget, depth: number): void {
  const cause = readProperty(node, 'cause');
  // A node the writer cut (`truncated.cause`) had no cause: DBOS added the raw one.
  if (cause !== undefined && readProperty(readProperty(node, 'truncated'), 'cause') === undefined) {
    if (cause === CIRCULAR) markCut(error, { cause: 'circular' });
    else if (depth >= MAX_DEPTH || budget.nodes <= 0) markCut(error, { cause: 'depth' });
    else defineHidden(error, 'cause', causeOf(cause, budget, depth + 1));
  }
  const errors = readProperty(node, 'errors');
  if (!Array.isArray(errors)) return;
  const rebuilt: unknown[] = [];
  let dropped = 0;
  forEachItem(errors, (item) => {
    if (depth >= MAX_DEPTH || budget.nodes <= 0) dropped++;
    else rebuilt.push(causeOf(item, budget, depth + 1));
    return true;
  });
  defineHidden(error, 'errors', rebuilt);
  if (dropped > 0) markCut(error, { errors: dropped });
}

function causeOf(value: unknown, budget: Budget, depth: number): unknown {
  if (isFaultlineError(value)) return value;
  let node: FaultlineError | undefined;
  try {
    node = faultlineNode(value, budget, depth);
  } catch {
    node = undefined; // a head with fields the contract refuses: data, or a foreign error
  }
  if (node !== undefined) return node;
  return isErrorCopy(value) ? foreignNode(value, budget, depth) : value;
}

/** An Error, serialize-error's copy of one (a string name, message and stack), or what the contract reads as a foreign error. */
function isErrorCopy(value: unknown): boolean {
  if (isErrorObject(value)) return true;
  if (!isPlainObject(value) || readString(value, 'name') === undefined || readString(value, 'message') === undefined) return false;
  if (readString(value, 'stack') !== undefined) return true;
  return Object.keys(value).every((key) => FOREIGN_KEYS.has(key));
}

const FOREIGN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(['name', 'message', 'code', 'cause', 'errors', 'stack', 'truncated']);

/** What the writer keeps of a foreign error: its name, message and string code. */
function foreignNode(value: unknown, budget: Budget, depth: number): Error {
  budget.nodes--;
  const error = new Error(readString(value, 'message'));
  const name = readString(value, 'name');
  if (name !== undefined && name !== 'Error') defineHidden(error, 'name', name);
  const code = readString(value, 'code');
  if (code !== undefined) Object.assign(error, { code });
  defineHidden(error, 'stack', readString(value, 'stack'));
  const truncated = readProperty(value, 'truncated');
  if (truncated !== undefined) defineHidden(error, 'truncated', truncated);
  finish(error, value, budget, depth);
  return error;
}

/** The writer merges the error's own `truncated` with its own cuts. */
function markCut(error: Error, cut: { readonly cause?: 'depth' | 'circular'; readonly errors?: number }): void {
  const previous = Object.hasOwn(error, 'truncated') ? readProperty(error, 'truncated') : undefined;
  const earlier = readProperty(previous, 'errors');
  const errors = cut.errors === undefined ? undefined : cut.errors + (typeof earlier === 'number' ? earlier : 0);
  defineHidden(error, 'truncated', { ...(isPlainObject(previous) ? previous : {}), ...cut, ...(errors !== undefined && { errors }) });
}
