import { isPackageMissing } from '../foundation/missing-package.js';

// The shapes of the SDK's classes, so that a caller's tsc needs no SDK installed; a type test holds them
// equal to the SDK's. toRestateError uses the application's own copy (the SDK checks `instanceof`).

/** Not retried; `code` is the HTTP status a caller gets. */
export type RestateTerminalError = Error & { readonly code: number; readonly metadata?: Record<string, string> };

/** Retried no earlier than `retryAfter` (milliseconds or a duration). */
export type RestateRetryableError = Error & { readonly code: number; readonly retryAfter?: RestateDuration | number };

/** The SDK's `Duration`. */
export interface RestateDuration {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}

export interface RestateSdk {
  readonly TerminalError: new (message: string, options: { errorCode: number; metadata: Record<string, string> }) => RestateTerminalError;
  readonly RetryableError: new (message: string, options: { cause: unknown; retryAfter?: number }) => RestateRetryableError;
}

const SDK = '@restatedev/restate-sdk';

export function isSdkMissing(error: unknown): boolean {
  return isPackageMissing(error, SDK);
}

export function sdkMissingError(cause: unknown): Error {
  return new Error(
    `faultline/restate: toRestateError and asTerminalError need ${SDK}, which is not installed. ` +
      `Install it beside faultline where a Restate service runs (npm install ${SDK}); ` +
      'a caller that only uses fromRestateError needs @restatedev/restate-sdk-clients alone.',
    { cause },
  );
}
