// The Restate SDK as faultline/restate sees it: the shape of the two classes toRestateError makes, and
// what "the SDK is not installed" looks like. Only toRestateError and asTerminalError need the SDK, and
// they use the application's own copy of it (the SDK checks `instanceof`), loaded by load-sdk.ts (the ES
// module build) or load-sdk.require.ts (the CommonJS build; tsup.config.ts picks it). The public
// declarations name these shapes, never the SDK's types, so that a caller's tsc needs no SDK installed.
// Each is the SDK's class as seen from outside (none has a private member), and
// test/restate/restate-error.test-d.ts holds them equal to the SDK's.

/** A `TerminalError` of `@restatedev/restate-sdk`: not retried; `code` is the HTTP status a caller gets. */
export type RestateTerminalError = Error & { readonly code: number; readonly metadata?: Record<string, string> };

/** A `RetryableError` of `@restatedev/restate-sdk`: retried, no earlier than `retryAfter` (milliseconds or a duration). */
export type RestateRetryableError = Error & { readonly code: number; readonly retryAfter?: RestateDuration | number };

/** The SDK's `Duration`. */
export interface RestateDuration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}

/** The classes faultline/restate takes from the SDK. */
export interface RestateSdk {
  readonly TerminalError: new (message: string, options: { errorCode: number; metadata: Record<string, string> }) => RestateTerminalError;
  readonly RetryableError: new (message: string, options: { cause: unknown; retryAfter?: number }) => RestateRetryableError;
}

/** The package that `toRestateError` and `asTerminalError` need. */
const SDK = '@restatedev/restate-sdk';

// How the runtimes word a package that is not installed: Node's `ERR_MODULE_NOT_FOUND` (import) and
// `MODULE_NOT_FOUND` (require), Bun's and Deno's, a bundler's. The name is quoted in each, which tells
// the SDK itself apart from a dependency of it that is missing (`'@restatedev/restate-sdk-core'`):
// that is a broken installation, not a missing SDK, and is thrown as it is.
const NOT_FOUND_CODES = /* @__PURE__ */ new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);
const NOT_FOUND_WORDS = /cannot find|could not (?:find|resolve)|failed to resolve|no such module/i;
const NAMED = /['"`]@restatedev\/restate-sdk['"`]/;

/** Whether `error`, thrown by loading the SDK, says that the SDK itself is not installed. */
export function isSdkMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  return NAMED.test(error.message) && ((typeof code === 'string' && NOT_FOUND_CODES.has(code)) || NOT_FOUND_WORDS.test(error.message));
}

/** The error `toRestateError` throws when the SDK is not installed: it names the package, the cause says why. */
export function sdkMissingError(cause: unknown): Error {
  return new Error(
    `faultline/restate: toRestateError and asTerminalError need ${SDK}, which is not installed. ` +
      `Install it beside faultline where a Restate service runs (npm install ${SDK}); ` +
      'a caller that only uses fromRestateError needs @restatedev/restate-sdk-clients alone.',
    { cause },
  );
}
