// The 0.2.1 writer, frozen as the oracle of #29: src/serialization/plain-data.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
import { hasFaultlineBrand } from '../../../src/foundation/brand.js';
import { readProperty, readString } from '../../../src/foundation/safe-read.js';
import { REDACTED } from '../../../src/redaction/redactor.js';
import { extend, onChain, type Chain } from './ancestor-chain.js';
import { cutDetails, cutOf, MARKERS, type Node, type Run } from './serialization-state.js';
import { arrayIndex, forEachItem } from './array-items.js';
import { setOwn } from '../../../src/foundation/own-property.js';
import type { SerializedJson } from '../../../src/contract/serialized-error.js';
import { compareCanonical, type CanonicalKey } from './key-order.js';
import { budgetedText, redact, stringOf } from './bounded-text.js';
import { isErrorObject } from '../../../src/foundation/error-object.js';

/**
 * Oracle only, added to the frozen copy (it changes no output): how many times an object's keys (or a
 * Map's) were cut after some were written and some left, where canonical order is not the order the
 * object lists its keys in. Where this grows, the input is the one difference #29 allows: 0.2.1 picks
 * the keys it writes in canonical order among all of them, where the new writer reads only what it can
 * write, in the order they are listed. (Where the two orders are one, or no key was written, the new
 * writer writes the same keys, and the input is held to the same bytes.)
 */
export const KEY_CUTS = { count: 0 };

/**
 * Oracle only, added to the frozen copy (it changes no output): how many times two keys of a Map had one
 * string form (`1` and `'1'`), where 0.2.1 kept the later value without a mark and #29 asks for one.
 */
export const MAP_MERGES = { count: 0 };

/**
 * A JSON-safe copy of any value: `null` and `undefined` are left out, non-finite numbers,
 * BigInts, Symbols and functions become strings, cycles `[Circular]`, what lies past `maxDepth`
 * or the details budget `[Truncated]`, a throwing getter `[Unreadable]`.
 */
export function jsonCopy(value: unknown, run: Run, node: Node, depth: number, path: Chain | undefined): SerializedJson | undefined {
  switch (typeof value) {
    case 'string':
      return budgetedText(value, run, node);
    case 'number':
      // NaN and the infinities are written as text, and charged as the text a second pass reads.
      if (!Number.isFinite(value)) return budgetedText(String(value), run, node);
      node.budget -= 8;
      return value + 0; // `+ 0` turns -0 into 0
    case 'boolean':
      node.budget -= 5;
      return value;
    case 'bigint':
      return budgetedText(`${value}n`, run, node);
    case 'symbol':
      return budgetedText(value.toString(), run, node);
    case 'function':
      return budgetedText(`[Function: ${readString(value, 'name') || 'anonymous'}]`, run, node);
    case 'undefined':
      return undefined;
  }
  if (value === null) return undefined;
  const object = value as object;
  if (onChain(path, object)) return cutDetails(node, MARKERS.circular);
  if (depth > run.maxDepth || node.budget <= 0) return cutDetails(node, MARKERS.truncated);
  // An error inside details is written as a cause node would be: an error node is JSON too.
  if (writesAsErrorNode(object)) return run.copyError(object, run, node, depth, path);
  try {
    return objectCopy(object, run, node, depth, extend(path, object));
  } catch {
    // A Proxy whose traps throw, or a revoked one, fails `instanceof`, `Array.isArray` and iteration.
    return cutDetails(node, MARKERS.unreadable);
  }
}

// `path` ends with `object` itself.
function objectCopy(object: object, run: Run, node: Node, depth: number, path: Chain): SerializedJson | undefined {
  // An invalid Date's toJSON gives null, which would drop it without a trace.
  if (object instanceof Date) return budgetedText(Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString(), run, node);
  const toJSON = readProperty(object, 'toJSON');
  if (typeof toJSON === 'function') {
    let converted: unknown;
    try {
      converted = (toJSON as () => unknown).call(object);
    } catch {
      return cutDetails(node, MARKERS.unreadable);
    }
    if (converted !== object) return jsonCopy(converted, run, node, depth + 1, path);
  }
  // Maps and Sets are walked through their iterators, which a subclass may make endless: each
  // entry costs one from the budget besides what its copy costs (copyItem), so the walk always ends.
  if (object instanceof Map) {
    // A Map becomes an object keyed by the keys' string forms.
    const entries: Record<string, unknown> = {};
    for (const [key, entry] of object as Map<unknown, unknown>) {
      if (node.budget <= 0) {
        cutOf(node).details = true;
        break;
      }
      node.budget -= 1;
      const written = stringOf(key);
      if (Object.hasOwn(entries, written)) MAP_MERGES.count++; // oracle only: see MAP_MERGES
      setOwn(entries, written, entry);
    }
    return recordCopy(entries, Object.keys(entries), run, node, depth, path, false);
  }
  if (object instanceof Set) {
    const items: SerializedJson[] = [];
    for (const item of object as Set<unknown>) if (!copyItem(items, item, run, node, depth, path)) break;
    return items;
  }
  if (Array.isArray(object)) {
    const items: SerializedJson[] = [];
    forEachItem(object as unknown[], (item) => copyItem(items, item, run, node, depth, path));
    return items;
  }
  let keys: string[];
  try {
    keys = Object.keys(object);
  } catch {
    return cutDetails(node, MARKERS.unreadable);
  }
  return recordCopy(object, keys, run, node, depth, path, true);
}

/**
 * Adds the copy of one item to `items`; false, after a cut marker, once the budget is spent. Every
 * item costs one besides its copy, so that items that cost nothing themselves (empty strings, empty
 * objects) still end the copy, and an endless Set's iterator too.
 */
function copyItem(items: SerializedJson[], item: unknown, run: Run, node: Node, depth: number, path: Chain): boolean {
  if (node.budget <= 0) {
    items.push(cutDetails(node, MARKERS.truncated));
    return false;
  }
  node.budget -= 1;
  const copy = jsonCopy(item, run, node, depth + 1, path);
  if (copy !== undefined) items.push(copy);
  return true;
}

/**
 * Copies the values under `keys` of `source`, each read on its own so that a throwing getter costs
 * only its key, in the canonical order ({@link canonicalKeys}).
 */
function recordCopy(source: object, keys: readonly string[], run: Run, node: Node, depth: number, path: Chain, listed: boolean): SerializedJson {
  const out: Record<string, SerializedJson> = {};
  // Oracle only (see KEY_CUTS): whether canonical order is not the order `keys` lists them in; a Map's
  // keys (`listed` false) are listed as the object they were gathered in lists them, not as the Map did.
  const entries = canonicalKeys(keys, run);
  const reordered = !listed || entries.some((entry, index) => entry.key !== keys[index]);
  for (let index = 0; index < entries.length; index++) {
    const { key, written } = entries[index] as CanonicalKey;
    if (node.budget <= 0) {
      cutOf(node).details = true;
      if (index > 0 && reordered) KEY_CUTS.count++; // oracle only: see KEY_CUTS
      break;
    }
    // Oracle only (see KEY_CUTS): a key longer than the budget left and the redaction margin, which
    // #29 does not write.
    if (key.length > node.budget + 512) KEY_CUTS.count++;
    // Keys are text too (a Map keyed by API keys must not write them out), and are charged as
    // written, so that a second pass over the output charges the same.
    node.budget -= written.length;
    const secret = run.redactor !== undefined && (run.redactor.key(key) || run.redactor.key(written));
    let value: unknown;
    try {
      value = (source as Record<string, unknown>)[key];
    } catch {
      // A key named like a secret is redacted whatever its getter does, so that a second pass agrees.
      setOwn(out, written, secret ? charged(REDACTED, node) : cutDetails(node, MARKERS.unreadable));
      continue;
    }
    if (value === undefined || value === null) continue;
    const copy = secret ? charged(REDACTED, node) : jsonCopy(value, run, node, depth + 1, path);
    if (copy === undefined) continue;
    // Stored here rather than through setOwn, so that this store learns the shapes of details
    // alone: one store shared by every key of every object is several times slower.
    if (written === '__proto__') setOwn(out, written, copy);
    else out[written] = copy;
  }
  return out;
}

// A value written in place of a secret costs what is written, as any text does.
function charged(text: string, node: Node): string {
  node.budget -= text.length;
  return text;
}

/**
 * Each key with how it is written, in the order the output lists them (the contract's, {@link compareCanonical}).
 * The copy walks the keys in this order too, so that a second pass charges and cuts exactly as the first.
 */
function canonicalKeys(keys: readonly string[], run: Run): readonly CanonicalKey[] {
  const entries = keys.map((key): CanonicalKey => {
    const written = redact(key, run);
    return { key, written, index: arrayIndex(written) };
  });
  return entries.length < 2 ? entries : entries.sort(compareCanonical);
}

/** Whether a value is written as an error node: a faultline error of any copy, or any Error. */
export function writesAsErrorNode(value: unknown): boolean {
  return hasFaultlineBrand(value) || isErrorObject(value);
}

/** `Array.isArray`, false rather than a TypeError for a revoked Proxy. */
export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** An object, not an array: what details and records must be. */
export function isPlainRecord(value: unknown): value is Record<string, SerializedJson> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
