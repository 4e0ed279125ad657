import { AgentAbortedError, isFaultlineError, maxSerializedSize, normalizeError, type FaultlineError } from '../index.js';
import { isErrorObject } from '../foundation/error-object.js';
import { isPlainObject } from '../foundation/plain-object.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { withEngineError } from '../durable/engine-error.js';
import { errorFromRecord } from './error-record.js';

// DBOSMaxStepRetriesError's `dbosErrorCode` (error.js): a step out of attempts, its errors in `errors`.
const MAX_STEP_RETRIES = 23;
// DBOSWorkflowCancelledError's and DBOSAwaitedWorkflowCancelledError's: an abort, as Temporal's CancelledFailure is.
const CANCELLED: ReadonlySet<unknown> = /* @__PURE__ */ new Set([24, 27]);

function cancelled(value: unknown): FaultlineError {
  const message = readString(value, 'message');
  return new AgentAbortedError(message === '' ? undefined : message, { cause: value });
}

/**
 * The faultline error of a failed DBOS step or workflow, whatever form it comes in (docs/dbos.md): what a
 * handle or a `DBOSClient` rejects with, a `DBOSMaxStepRetriesError` (its last attempt's error), the plain
 * Error DBOS revives without `dbosSerialization`, or a row's `error` column. The same class comes back,
 * the value given as its `engineError`; a cancelled workflow is an AgentAbortedError; anything else is
 * normalized. Never throws, and needs no DBOS package.
 *
 * @example
 * ```ts
 * import { DBOSClient } from '@dbos-inc/dbos-sdk';
 * import { ModelQuotaExceededError } from 'faultline';
 * import { fromDbosError } from 'faultline/dbos';
 *
 * const client = await DBOSClient.create({ systemDatabaseUrl: process.env.DBOS_SYSTEM_DATABASE_URL ?? '' });
 * try {
 *   await client.retrieveWorkflow('answer-42').getResult();
 * } catch (error) {
 *   const failure = fromDbosError(error);
 *   if (failure instanceof ModelQuotaExceededError) console.log('switch provider', failure.provider);
 * }
 * ```
 */
export function fromDbosError(value: unknown): FaultlineError {
  try {
    const found = carried(value, true);
    if (found === undefined) return CANCELLED.has(readProperty(value, 'dbosErrorCode')) ? cancelled(value) : normalizeError(value);
    // An error DBOS still holds (revived by dbosSerialization, or an attempt's) is returned as it is.
    return found.rebuilt ? withEngineError(found.error, value) : found.error;
  } catch {
    return normalizeError(value); // a hostile value: normalizeError reads it guarded
  }
}

interface Found {
  readonly error: FaultlineError;
  readonly rebuilt: boolean;
}

// DBOS nests none, and a value that holds itself in its `errors` must not recurse until the stack runs out.
const MAX_NESTING = 4;

function carried(value: unknown, mayOpen: boolean, nesting = 0): Found | undefined {
  if (isFaultlineError(value)) return { error: value, rebuilt: false };
  if (mayOpen) {
    // A row's text, or the Error DBOS makes of a row it could not read (the text as its message).
    const text = typeof value === 'string' ? value : isErrorObject(value) ? readString(value, 'message') : undefined;
    const row = text !== undefined && text.startsWith('{') ? parsed(text) : value;
    const found = row === value ? undefined : carried(row, false);
    if (found !== undefined) return found;
    const inner = envelopeOf(row);
    if (inner !== undefined) return carried(inner, false);
  }
  if (readProperty(value, 'dbosErrorCode') === MAX_STEP_RETRIES && nesting < MAX_NESTING) {
    const errors = readProperty(value, 'errors');
    if (Array.isArray(errors) && errors.length > 0) {
      const last: unknown = errors[errors.length - 1];
      return carried(last, false, nesting + 1) ?? { error: normalizeError(last), rebuilt: false };
    }
  }
  const error = errorFromRecord(value);
  return error === undefined ? undefined : { error, rebuilt: true };
}

function parsed(text: string): unknown {
  if (text.length > 8 * maxSerializedSize()) return undefined; // as deserializeError refuses it
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** superjson's envelope (`{ json, meta }`), as DBOS's default serializer writes a row. */
function envelopeOf(row: unknown): unknown {
  return isPlainObject(row) && readProperty(row, '__dbos_serializer') === 'superjson' ? readProperty(row, 'json') : undefined;
}
