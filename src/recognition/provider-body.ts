import { readProperty } from '../foundation/safe-read.js';

/** The most of a text that is read for a provider's body or its words: a body may be megabytes. */
export const TEXT_LIMIT = 8192;

/**
 * Where SDKs and HTTP clients keep the body, or the JSON a message holds (@google/genai's `ApiError` keeps
 * nothing else). Text is parsed only where its JSON starts within 8 KB and ends within 8 KB of that.
 */
export function bodyOf(node: object): object | undefined {
  for (const held of [readProperty(node, 'error'), readProperty(node, 'data'), readProperty(node, 'body'), readProperty(readProperty(node, 'response'), 'data')]) {
    const body = typeof held === 'string' ? jsonIn(held) : objectOf(held);
    if (body !== undefined) return body;
  }
  for (const key of ['responseBody', 'message']) {
    const text = readProperty(node, key);
    const body = typeof text === 'string' ? jsonIn(text) : undefined;
    if (body !== undefined) return body;
  }
  return undefined;
}

export function errorObjectOf(body: object | undefined): object | undefined {
  return objectOf(readProperty(body, 'error')) ?? body;
}

function jsonIn(text: string): object | undefined {
  const start = text.slice(0, TEXT_LIMIT).search(/[{[]/);
  if (start === -1 || text.length - start > TEXT_LIMIT) return undefined;
  try {
    return objectOf(JSON.parse(text.slice(start)));
  } catch {
    return undefined;
  }
}

/** Never a stream or another instance (a Response's `body`). */
function objectOf(value: unknown): object | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    if (Array.isArray(value)) return objectOf(value[0]);
    const prototype = Object.getPrototypeOf(value) as unknown;
    return prototype === Object.prototype || prototype === null ? value : undefined;
  } catch {
    return undefined; // a revoked Proxy
  }
}
