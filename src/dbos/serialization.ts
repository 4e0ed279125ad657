import { deserializeError, isFaultlineError, normalizeError, serializeError, type FaultlineError } from '../index.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { dbosJsonCopy, type DbosJsonObject } from './dbos-json.js';
import { errorFromRecord, hasContractHead } from './error-record.js';

/** superjson writes it beside each value the recipe wrote, and reads the value back by it: rows keep it, so it never changes. */
export const SERIALIZATION_NAME = 'faultline' as const;

/** A faultline error, or the record DBOS makes of one before any serializer sees it. */
export type DbosErrorValue = FaultlineError | { readonly [key: string]: unknown };

/** `SerializationRecipe` of `@dbos-inc/dbos-sdk`, declared here so that faultline/dbos needs no DBOS package to type-check. */
export interface DbosSerializationRecipe {
  readonly name: typeof SERIALIZATION_NAME;
  readonly isApplicable: (value: unknown) => value is DbosErrorValue;
  readonly serialize: (value: DbosErrorValue) => DbosJsonObject;
  readonly deserialize: (json: DbosJsonObject) => DbosErrorValue;
}

// The error each record stands for, from `isApplicable` (which superjson asks three times a value) to
// `serialize`, which takes it out.
let rebuilt: WeakMap<object, FaultlineError> | undefined;
// The objects `serialize` wrote: superjson walks them next, and they are the contract already.
let written: WeakSet<object> | undefined;

function recordError(value: object): FaultlineError | undefined {
  const known = rebuilt?.get(value);
  if (known !== undefined) return known;
  const error = errorFromRecord(value);
  if (error !== undefined) (rebuilt ??= new WeakMap()).set(value, error);
  return error;
}

/**
 * The serialization recipe that makes DBOS persist faultline's contract (redacted, no stack, bounded)
 * instead of serialize-error's copy with its raw causes, and revive the same class. Register it before
 * `DBOS.launch()`, in every process that reads what the workflows wrote. Every other value is written as
 * DBOS writes it (docs/dbos.md).
 *
 * @example
 * ```ts
 * import { DBOS } from '@dbos-inc/dbos-sdk';
 * import { dbosSerialization } from 'faultline/dbos';
 *
 * DBOS.registerSerialization(dbosSerialization); // before DBOS.launch(), in the workers and the clients
 * ```
 */
export const dbosSerialization: DbosSerializationRecipe = /* @__PURE__ */ Object.freeze({
  name: SERIALIZATION_NAME,
  isApplicable: (value: unknown): value is DbosErrorValue => {
    if (typeof value !== 'object' || value === null || written?.has(value) === true) return false;
    // The head first: it is five reads, and every object DBOS writes is asked.
    return isFaultlineError(value) || (isPlainObject(value) && hasContractHead(value) && recordError(value) !== undefined);
  },
  serialize: (value: DbosErrorValue): DbosJsonObject => {
    const error = isFaultlineError(value) ? value : (recordError(value) ?? normalizeError(value));
    rebuilt?.delete(value);
    return dbosJsonCopy(serializeError(error), (written ??= new WeakSet()));
  },
  deserialize: (json: DbosJsonObject): DbosErrorValue => {
    try {
      return deserializeError(json);
    } catch {
      return json; // a row changed by hand: the data it holds, as DBOS would read it
    }
  },
});
