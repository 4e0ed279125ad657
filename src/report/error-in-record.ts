/*
 * Where a record holds a faultline error, found by its shape alone: the record itself (a line that is a
 * contract node), a key of a log line (pino's `err`, winston's and bunyan's `error` or `err`, any other
 * top-level key), or an `onError` event of faultline's own ({ severity, phase, error }), on its own or
 * under a key. And the time beside it.
 */

type Fields = Readonly<Record<string, unknown>>;

/** What a record holds. */
export type Holding =
  /** A value that starts like a faultline node (name, code, category): the validator decides the rest. */
  | { readonly node: Fields }
  /** An error that is not the contract under `err` or `error` (a logger's own serializer wrote it). */
  | 'other-error'
  | undefined;

// The keys loggers put an error under, looked at first.
const ERROR_KEYS = ['err', 'error'];
// The keys loggers put a time under: pino's and bunyan's `time`, winston's `timestamp`, Elastic's `@timestamp`.
const TIME_KEYS = ['time', 'timestamp', '@timestamp'];
// The widest time a Date holds (ECMAScript's time value range).
const MAX_TIME = 8.64e15;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value starts like a faultline node: a record with a string name, code and category. */
function hasHead(value: unknown): boolean {
  return isRecord(value) && typeof value.code === 'string' && typeof value.category === 'string' && typeof value.name === 'string';
}

/** An `onError` event's error: the node of `{ severity, phase, error }`. */
function eventError(value: Fields): Fields | undefined {
  return typeof value.phase === 'string' && typeof value.severity === 'string' && hasHead(value.error) ? (value.error as Fields) : undefined;
}

/** The faultline error a record holds, if any. */
export function errorIn(record: Fields): Holding {
  if (hasHead(record)) return { node: record };
  const event = eventError(record);
  if (event !== undefined) return { node: event };
  let other = false;
  for (const key of [...ERROR_KEYS, ...Object.keys(record)]) {
    const value = record[key];
    if (!isRecord(value)) continue;
    if (hasHead(value)) return { node: value };
    const nested = eventError(value);
    if (nested !== undefined) return { node: nested };
    other ||= ERROR_KEYS.includes(key) && typeof value.message === 'string';
  }
  return other ? 'other-error' : undefined;
}

/** The record's time in epoch milliseconds: a number (epoch ms), a Date, or text a Date reads (ISO 8601). */
export function timeOf(record: Fields): number | undefined {
  for (const key of TIME_KEYS) {
    const value = record[key];
    const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' ? textTime(value) : undefined;
    if (time !== undefined && Math.abs(time) <= MAX_TIME) return time;
  }
  return undefined;
}

function textTime(text: string): number | undefined {
  const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
}
