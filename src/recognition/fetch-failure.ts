/**
 * The messages with which each runtime's `fetch` rejects when a request got no response at all: a
 * refused or reset connection, a DNS failure, no network. Only Node's undici says which (a `code` on
 * the cause); the others say nothing more than these words. docs/mapping.md has the table.
 */
const FETCH_FAILURE_MESSAGES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'fetch failed', // Node (undici) and Deno
  'failed to fetch', // Chromium, and the browsers built on it
  'networkerror when attempting to fetch resource.', // Firefox
  'load failed', // Safari 17 and later
  'the internet connection appears to be offline.', // Safari before 17
  'network connection lost.', // Cloudflare's workerd, as a plain Error
  'network request failed', // React Native, and the whatwg-fetch polyfill
]);

/**
 * Whether an error is a `fetch` that got no response, by the words each runtime uses: a TypeError
 * (a plain Error on workerd) with one of the messages above. A browser's CORS refusal rejects with
 * the same TypeError, indistinguishable from script, and so counts too: see docs/mapping.md.
 *
 * @example
 * ```ts
 * isFailedFetch('TypeError', 'Failed to fetch'); // true
 * isFailedFetch('TypeError', 'x is not a function'); // false
 * ```
 */
export function isFailedFetch(name: unknown, message: unknown): boolean {
  return (name === 'TypeError' || name === 'Error') && typeof message === 'string' && FETCH_FAILURE_MESSAGES.has(message.trim().toLowerCase());
}
