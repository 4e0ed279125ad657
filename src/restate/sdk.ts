import { isPackageMissing } from '../foundation/missing-package.js';

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

/** Whether `error`, thrown by loading the SDK, says that the SDK itself is not installed. */
export function isSdkMissing(error: unknown): boolean {
  return isPackageMissing(error, SDK);
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
