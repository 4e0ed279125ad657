// The 0.2.1 writer, frozen as the oracle of #29: the entry of src/mapping/serialize-error.ts (src/read-back/ in 0.2.1) at
// b897ccd, over the frozen writer of this folder. Delete this folder when a release changes the
// output on purpose.
import type { FaultlineError } from '../../../src/base/faultline-error.js';
import { hasNodeHead } from '../../../src/contract/node-shape.js';
import type { SerializeOptions } from '../../../src/contract/serialize-options.js';
import type { SerializedError } from '../../../src/contract/serialized-error.js';
import { normalizeError } from '../../../src/mapping/normalize-error.js';
import { deserializeError } from '../../../src/read-back/deserialize-error.js';
import { DETAILS_DROPS } from './error-nodes.js';
import { KEY_CUTS, MAP_MERGES } from './plain-data.js';
import { serializeFaultline } from './serialize-faultline.js';

/**
 * What `serializeError` of 0.2.1 writes for `value`: a faultline error as it is, data that already
 * is a serialized error read back first (with the reader of src/, which is not part of the writer),
 * any other value normalized (with normalizeError of src/), then written by the frozen writer.
 */
export function serializeWith021(value: unknown, options?: SerializeOptions): SerializedError {
  return serializeFaultline(readsBackAsItself(value) ?? normalizeError(value), options);
}

/** What the oracle saw while it wrote: the inputs on which #29 lets, or asks, the new writer write otherwise. */
export interface Observed {
  readonly output: SerializedError;
  /** It cut a Map's entries or an object's keys with some left (KEY_CUTS in plain-data.ts): #29 lets the new writer pick other keys. */
  readonly keysCut: boolean;
  /** Reading a node's `details` threw, and 0.2.1 left them out unmarked (DETAILS_DROPS in error-nodes.ts): #29 asks for a mark. */
  readonly detailsDropped: boolean;
  /** Two keys of a Map had one string form, and 0.2.1 kept the later value unmarked (MAP_MERGES in plain-data.ts): #29 asks for a mark. */
  readonly mapMerged: boolean;
}

/** {@link serializeWith021}, and what it saw. */
export function serializeWith021Observed(value: unknown, options?: SerializeOptions): Observed {
  return observed(() => serializeWith021(value, options));
}

/** The oracle's `serializeFaultline` (what `toJSON` calls), and what it saw. */
export function serializeFaultlineWith021Observed(error: object, options?: SerializeOptions): Observed {
  return observed(() => serializeFaultline(error, options));
}

function observed(write: () => SerializedError): Observed {
  const cuts = KEY_CUTS.count;
  const drops = DETAILS_DROPS.count;
  const merges = MAP_MERGES.count;
  const output = write();
  return { output, keysCut: KEY_CUTS.count !== cuts, detailsDropped: DETAILS_DROPS.count !== drops, mapMerged: MAP_MERGES.count !== merges };
}

function readsBackAsItself(value: unknown): FaultlineError | undefined {
  try {
    return hasNodeHead(value) ? deserializeError(value) : undefined;
  } catch {
    return undefined; // not the contract after all (or a hostile object): normalized like any value
  }
}
