import { deserializeError, isFaultlineError, normalizeError, serializeError, type FaultlineError } from '../index.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { dbosJsonCopy, type DbosJsonObject } from './dbos-json.js';
import { errorFromRecord, hasContractHead } from './error-record.js';

/**
 * The name of faultline's serialization recipe: superjson writes it beside each value the recipe
 * wrote (`meta.values: [["custom", "faultline"]]`), and reads the value back by it. Rows keep it, so it
 * never changes.
 */
export const SERIALIZATION_NAME = 'faultline' as const;

/**
 * What the recipe writes: a faultline error, or the record DBOS makes of one before any serializer
 * sees it (serialize-error's copy: the error's contract, with its raw causes put back by DBOS).
 */
export type DbosErrorValue = FaultlineError | { readonly [key: string]: unknown };

/**
 * A serialization recipe as `DBOS.registerSerialization` takes one (`SerializationRecipe` of
 * `@dbos-inc/dbos-sdk`), declared here so that faultline/dbos needs no DBOS package to type-check.
 */
export interface DbosSerializationRecipe {
  readonly name: typeof SERIALIZATION_NAME;
  readonly isApplicable: (value: unknown) => value is DbosErrorValue;
  readonly serialize: (value: DbosErrorValue) => DbosJsonObject;
  readonly deserialize: (json: DbosJsonObject) => DbosErrorValue;
}

// The error each record stands for, from `isApplicable` (which superjson asks three times for each value
// it writes) to `serialize`, which takes it out: a value written again, changed meanwhile, is read again.
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
 * The serialization recipe that makes DBOS persist faultline's contract and revive the class. Register
 * it before `DBOS.launch()`, and in every process that reads what the workflows wrote (a `DBOSClient`
 * too): `DBOS.registerSerialization(dbosSerialization)`.
 *
 * It applies to a faultline error, and to what DBOS makes of one: DBOS turns a thrown error into
 * serialize-error's plain copy before any serializer sees it (for a faultline error, its contract with
 * the raw causes put back, every field and stack, secrets included), so the recipe rebuilds the error
 * from that copy and writes `serializeError`'s contract (redacted, no stack, bounded). A value whose
 * keys are a serialized faultline error (what `toJSON` returns) is that error, wherever it is. Read
 * back, it is the same class with the same fields, so a workflow replaying a step, a handle's
 * `getResult()` and `DBOSClient` reject with it. Every other value is written as DBOS writes it.
 * Needs no DBOS package itself.
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
