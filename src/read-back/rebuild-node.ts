import type { FaultlineError } from '../base/faultline-error.js';
import { fieldFits, fitsFieldType, hasNodeHead, isForeignNode } from '../contract/node-shape.js';
import type { BuiltInFieldType } from '../contract/class-fields.js';
import type { SerializedCause, SerializedError, SerializedForeignError } from '../contract/serialized-error.js';
import { defineHidden, setOwn } from '../foundation/own-property.js';
import { classForNode, fieldTypesOf, type FaultlineErrorClass } from './class-registry.js';

// Set only where they differ from what the class's prototype says.
type HeadField = 'name' | 'code' | 'category' | 'retryable';

export interface Rebuild {
  readonly local: ReadonlyMap<string, FaultlineErrorClass> | undefined;
  /** Whether construct() makes errors with no stack at all (see capturesNoStack). */
  readonly stackless: boolean;
}

/**
 * Undefined when a field has the wrong type: then a cause is not a node. Checked while the fields are
 * copied, rather than in a pass that would read every field twice.
 */
export function rebuildNode(r: Rebuild, node: SerializedError): FaultlineError | undefined {
  const cls = classForNode(node, r.local);
  const types = fieldTypesOf(cls);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- built on cls's prototype without running its constructor, by design (see construct)
  const error = construct(cls, node.message, causeOptions(r, node.cause)) as FaultlineError;
  for (const key of Object.keys(node)) {
    switch (key) {
      case 'name':
      case 'code':
      case 'category':
      case 'retryable':
      case 'message':
      case 'cause':
        continue; // hasNodeHead checked the first five; construct() set message and cause, and the rest are set below
    }
    const value = node[key];
    if (value === undefined) continue; // the root's declared keys may hold undefined
    // A field of the class's of another type here was of its type when the class was chosen: the input changed.
    if (!fieldFits(key, value) || (Object.hasOwn(types, key) && !fitsFieldType(types[key] as BuiltInFieldType, value))) return undefined;
    if (key === 'errors' || key === 'stack') continue; // set by finish()
    // setOwn, so that a key such as `__proto__` stays a plain field and never reaches the prototype.
    if (key === 'truncated') defineHidden(error, key, value);
    else setOwn(error, key, value);
  }
  // Last, so that a default computed from other fields (ModelApiError's retryable) sees them.
  const target = error as { -readonly [K in HeadField]: SerializedError[K] };
  if (target.name !== node.name) target.name = node.name;
  if (target.code !== node.code) target.code = node.code;
  if (target.category !== node.category) target.category = node.category;
  if (target.retryable !== node.retryable) target.retryable = node.retryable;
  // A class default the node does not carry (AuthenticationError's status 401) was not there when
  // it was written: hide it, or serializing the error again would add it.
  if (node.status === undefined && error.status !== undefined) defineHidden(error, 'status', undefined);
  finish(r, error, node);
  return error;
}

function rebuildForeign(r: Rebuild, node: SerializedForeignError): Error {
  const error = construct(Error, node.message, causeOptions(r, node.cause));
  if (node.name !== 'Error') defineHidden(error, 'name', node.name);
  if (node.code !== undefined) (error as Error & { code?: string }).code = node.code;
  if (node.truncated !== undefined) defineHidden(error, 'truncated', node.truncated);
  finish(r, error, node);
  return error;
}

function rebuildCause(r: Rebuild, value: SerializedCause): unknown {
  const error = hasNodeHead(value) ? rebuildNode(r, value as SerializedError) : undefined;
  if (error !== undefined) return error;
  if (isForeignNode(value)) return rebuildForeign(r, value as SerializedForeignError);
  return value;
}

function causeOptions(r: Rebuild, cause: SerializedCause | undefined): { cause: unknown } | undefined {
  return cause === undefined ? undefined : { cause: rebuildCause(r, cause) };
}

function finish(r: Rebuild, error: Error, node: { readonly errors?: readonly SerializedCause[] | undefined; readonly stack?: string | undefined }): void {
  if (node.errors !== undefined) {
    // By index rather than `map`: an input object's array may carry an own `constructor` key.
    const errors: unknown[] = [];
    for (let index = 0; index < node.errors.length; index++) errors.push(rebuildCause(r, node.errors[index] as SerializedCause));
    defineHidden(error, 'errors', errors);
  }
  // The persisted stack or none, not construct()'s. Assigned, not defined: defineProperty would first
  // format the stack it replaces.
  if (node.stack !== undefined || (!r.stackless && error.stack !== undefined)) (error as { stack?: string | undefined }).stack = node.stack;
}

/**
 * A real Error (so that `Error.isError` and `util.inspect` treat it as one) whose prototype is the class's,
 * without running the class's constructor, which may take other parameters.
 */
function construct(cls: abstract new (...args: never) => unknown, message: string, options: { cause: unknown } | undefined): Error {
  return Reflect.construct(Error, options === undefined ? [message] : [message, options], cls as unknown as new () => Error);
}
