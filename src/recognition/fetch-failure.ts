// Only Node's undici says why a request got no response (a `code` on the cause); other runtimes say only these words.
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
 * A TypeError (a plain Error on workerd) with one of these messages. A browser's CORS refusal rejects the
 * same way, indistinguishable from script, and so counts too: see docs/mapping.md.
 */
export function isFailedFetch(name: unknown, message: unknown): boolean {
  return (name === 'TypeError' || name === 'Error') && typeof message === 'string' && FETCH_FAILURE_MESSAGES.has(message.trim().toLowerCase());
}
