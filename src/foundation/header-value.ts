import { MAX_FIELD_LENGTH } from './field-text.js';

/** A container asked for each header by name: a fetch `Headers`, axios's headers, anything with a `get` method that is not a Map. */
export interface NamedHeaders {
  get(name: string): unknown;
}

export type HeaderTable = ReadonlyMap<string, string> | NamedHeaders;

// Far more headers than a response carries: a container that lists more (or lists forever) is read no further.
const MAX_HEADERS_READ = 1024;

/**
 * The name in any case; an array value gives its first string. A value longer than MAX_FIELD_LENGTH reads as
 * none: read by its first part it would say something else (`0s0s…0s1h`). Never throws.
 */
export function headerValue(headers: unknown, name: string): string | undefined {
  const wanted = name.toLowerCase();
  if (isNamedHeaders(headers)) return asked(headers, wanted);
  let found: string | undefined;
  eachHeader(headers, (key, value) => key.toLowerCase() === wanted && (found = textOf(value)) !== undefined);
  return found;
}

/** The container is listed once however many names are asked: two dozen rate-limit headers cost one read. */
export function headersNamed(headers: unknown, names: readonly string[]): ReadonlyMap<string, string> {
  const table = headerTable(headers);
  const found = new Map<string, string>();
  for (const name of names) {
    const value = table instanceof Map ? (table as ReadonlyMap<string, string>).get(name) : asked(table, name);
    if (value !== undefined) found.set(name, value);
  }
  return found;
}

/** Read once into a Map of its first 1,024 entries, so that a container of a million keys is listed once; one with `get` is given back. */
export function headerTable(headers: unknown): HeaderTable {
  if (isNamedHeaders(headers)) return headers;
  const table = new Map<string, string>();
  eachHeader(headers, (key, value) => {
    const name = key.toLowerCase();
    const text = table.has(name) ? undefined : textOf(value);
    if (text !== undefined) table.set(name, text);
  });
  return table;
}

function isNamedHeaders(headers: unknown): headers is NamedHeaders {
  try {
    return !(headers instanceof Map) && typeof (headers as { get?: unknown } | undefined)?.get === 'function';
  } catch {
    return false; // a revoked Proxy: eachHeader reads nothing of it
  }
}

function asked(headers: NamedHeaders, name: string): string | undefined {
  try {
    return textOf(headers.get(name));
  } catch {
    return undefined;
  }
}

function eachHeader(headers: unknown, visit: (key: string, value: unknown) => unknown): void {
  if (typeof headers !== 'object' || headers === null) return;
  try {
    const map = headers instanceof Map;
    let read = 0;
    for (const entry of map ? (headers as Map<unknown, unknown>) : Object.keys(headers)) {
      const [key, value] = map ? (entry as [unknown, unknown]) : [entry, (headers as Record<string, unknown>)[entry as string]];
      if ((typeof key === 'string' && visit(key, value) === true) || ++read === MAX_HEADERS_READ) return;
    }
  } catch {
    // unreadable headers hold what was read before they threw
  }
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > MAX_FIELD_LENGTH ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  return undefined;
}
