import { hasFaultlineBrand } from '../foundation/brand.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { REDACTED } from '../redaction/redactor.js';
import { extend, onChain, type Chain } from './ancestor-chain.js';
import { cutDetails, cutOf, MARKERS, type Node, type Run } from './serialization-state.js';
import { arrayIndex, forEachItem } from '../foundation/array-items.js';
import { setOwn } from '../foundation/own-property.js';
import type { SerializedJson } from '../contract/serialized-error.js';
import { compareCanonical, type CanonicalKey } from '../contract/key-order.js';
import { budgetedText, redact, stringOf, TEXT_MARGIN } from './bounded-text.js';
import { isErrorObject } from '../foundation/error-object.js';

/** A JSON-safe copy of any value; docs/contract.md lists what becomes what, and the cut markers. */
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

function objectCopy(object: object, run: Run, node: Node, depth: number, path: Chain): SerializedJson | undefined {
  // A literal's prototype (or none) is no Date, Map or Set: those tests are skipped for the commonest object.
  const prototype = Object.getPrototypeOf(object) as object | null;
  const literal = prototype === Object.prototype || prototype === null;
  // An invalid Date's toJSON gives null, which would drop it without a trace.
  if (!literal && object instanceof Date) return budgetedText(Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString(), run, node);
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
  // Each entry of a Map or Set costs one besides its copy (copyItem), so that a subclass's endless iterator ends.
  if (!literal && object instanceof Map) return mapCopy(object as Map<unknown, unknown>, run, node, depth, path);
  if (!literal && object instanceof Set) {
    const items: SerializedJson[] = [];
    for (const item of object as Set<unknown>) if (!copyItem(items, item, run, node, depth, path)) break;
    return items;
  }
  if (Array.isArray(object)) {
    const items: SerializedJson[] = [];
    forEachItem(object as unknown[], (item) => copyItem(items, item, run, node, depth, path));
    return items;
  }
  const listing = new EntryListing(node.budget, false, run);
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) listTypedArray(object as unknown as ArrayLike<unknown>, prototype, listing, run);
  else listOwn(object, prototype, listing, false, run);
  return entriesWritten(listing, node.budget, run, node, depth, path);
}

/** A typed array's indices first, without listing them all at once as for...in does, then its other own keys. */
function listTypedArray(typed: ArrayLike<unknown>, prototype: object | null, listing: EntryListing, run: Run): void {
  for (let index = 0; index < typed.length; index++) if (!listing.add(String(index), typed[index])) return;
  listOwn(typed, prototype, listing, true, run);
}

/** Of two keys with one string form, the first one's place and the last one's value. */
function mapCopy(map: Map<unknown, unknown>, run: Run, node: Node, depth: number, path: Chain): SerializedJson {
  // Its size, read first, spares reading the entries of a Map that large; a subclass may claim any size.
  const claimed = map.size;
  const size = Number.isSafeInteger(claimed) && claimed >= 0 ? claimed : 0;
  if (size < node.budget) {
    const listing = new EntryListing(node.budget - size, true, run);
    let count = 0;
    for (const [key, value] of map) if (++count >= node.budget || !listing.add(stringOf(key), value)) break;
    if (listing.more || count < node.budget) return entriesWritten(listing, listing.more ? node.budget - size : node.budget - count, run, node, depth, path);
  }
  node.budget = 0;
  cutOf(node).details = true;
  return {};
}

const UNREADABLE: unique symbol = Symbol('unreadable');

/**
 * for...in reads each key's enumerability as it goes (of a Proxy too), so that the walk stops where the copy
 * does; a polluted `Object.prototype` would make it list those keys for every object, so then Object.keys.
 */
function listOwn(object: object, prototype: object | null, listing: EntryListing, skipIndices: boolean, run: Run): void {
  if (hasEnumerableKeys(prototype, run)) {
    for (const key of Object.keys(object)) if (!listEntry(object, key, listing, skipIndices)) return;
  } else {
    for (const key in object) if (!listEntry(object, key, listing, skipIndices)) return;
  }
}

function listEntry(object: object, key: string, listing: EntryListing, skipIndices: boolean): boolean {
  if (skipIndices && arrayIndex(key) !== undefined) return true;
  let value: unknown;
  try {
    value = (object as Record<string, unknown>)[key];
  } catch {
    value = UNREADABLE;
  }
  return listing.add(key, value);
}

/** Found once per serialization for each prototype. */
function hasEnumerableKeys(prototype: object | null, run: Run): boolean {
  if (prototype === null) return false;
  run.prototypesListed ??= new Map();
  let found = run.prototypesListed.get(prototype);
  if (found === undefined) {
    found = false;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- whether there is a first key is all that is asked
    for (const key in prototype) {
      found = true;
      break;
    }
    run.prototypesListed.set(prototype, found);
  }
  return found;
}

interface Entry extends CanonicalKey {
  value: unknown;
}

/**
 * Listed only as far as needed to know whether the budget could write them all in any order; where it could
 * not (`more`), the object keeps the keys it listed first (docs/contract.md).
 */
class EntryListing {
  readonly entries: Entry[] = [];
  /** Whether the listing stopped where the budget could not write the entries listed in any order. */
  more = false;
  /** Whether two keys of a Map had one string form, the later value taking the entry. */
  merged = false;
  private least = 0;
  private largest = 0;
  private readonly byKey: Map<string, Entry> | undefined;

  constructor(
    private readonly start: number,
    dedupe: boolean,
    private readonly run: Run,
  ) {
    this.byKey = dedupe ? new Map() : undefined;
  }

  add(key: string, value: unknown): boolean {
    const seen = this.byKey?.get(key);
    if (seen !== undefined) {
      // Two keys of a Map with one string form: the earlier value is lost, and marked so.
      seen.value = value;
      this.merged = true;
      return true;
    }
    const written = redact(key.length > this.start + TEXT_MARGIN ? key.slice(0, this.start + TEXT_MARGIN) : key, this.run);
    const entry: Entry = { key, written, index: arrayIndex(written), value };
    this.entries.push(entry);
    this.byKey?.set(key, entry);
    const cost = leastCost(entry);
    this.least += cost;
    if (cost > this.largest) this.largest = cost;
    // Whatever order they are written in, the last of them is not: there is no need to read on.
    this.more = this.least - this.largest >= this.start;
    return !this.more;
  }
}

function entriesWritten(listing: EntryListing, start: number, run: Run, node: Node, depth: number, path: Chain): Record<string, SerializedJson> {
  const { entries } = listing;
  if (entries.length > 1) entries.sort(compareCanonical);
  node.budget = start;
  const out: Record<string, SerializedJson> = {};
  let written = 0;
  // Two keys may be written alike only where one was rewritten (redacted, or made storable).
  let rewritten = false;
  for (const entry of entries) {
    if (node.budget <= 0) break;
    const copy = entryCopy(entry, run, node, depth, path);
    written++;
    if (copy === undefined) continue;
    rewritten ||= entry.written !== entry.key;
    // The later value takes the key: the earlier one is lost, and marked so.
    if (rewritten && Object.hasOwn(out, entry.written)) cutOf(node).details = true;
    // `__proto__` through setOwn, so that it stays a key; any other key stored here (docs/performance.md).
    if (entry.written === '__proto__') setOwn(out, entry.written, copy);
    else out[entry.written] = copy;
  }
  if (listing.more || listing.merged || written < entries.length) cutOf(node).details = true;
  return out;
}

/** Every item costs one besides its copy, so that items that cost nothing, and an endless Set's iterator, still end. */
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

/** A key longer than what is left of the budget (and the redaction margin) is not written: charged, and the cut marked. */
function entryCopy(entry: Entry, run: Run, node: Node, depth: number, path: Chain): SerializedJson | undefined {
  const { key, written, value } = entry;
  if (key.length > node.budget + TEXT_MARGIN) {
    node.budget -= key.length;
    cutOf(node).details = true;
    return undefined;
  }
  // Keys are text too (a Map keyed by API keys), charged as written, as a second pass charges them.
  node.budget -= written.length;
  // A key named like a secret is redacted whatever its getter does, so that a second pass agrees.
  if (run.redactor !== undefined && (run.redactor.key(key) || (written !== key && run.redactor.key(written)))) {
    return value === undefined || value === null ? undefined : charged(REDACTED, node);
  }
  if (value === UNREADABLE) return cutDetails(node, MARKERS.unreadable);
  return value === undefined || value === null ? undefined : jsonCopy(value, run, node, depth + 1, path);
}

/** In any order an entry costs its key, and a number's or a boolean's fixed length; text and objects may be cut. */
function leastCost(entry: Entry): number {
  const { value } = entry;
  return entry.written.length + (typeof value === 'number' && Number.isFinite(value) ? 8 : typeof value === 'boolean' ? 5 : 0);
}

// A value written in place of a secret costs what is written, as any text does.
function charged(text: string, node: Node): string {
  node.budget -= text.length;
  return text;
}

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

export function isPlainRecord(value: unknown): value is Record<string, SerializedJson> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
