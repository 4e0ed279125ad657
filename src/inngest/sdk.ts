import { isPackageMissing } from '../foundation/missing-package.js';

// Inngest's `inngest` package as faultline/inngest sees it: the shape of the classes toInngestError makes
// or lets through, and what "the package is not installed" looks like. Only toInngestError needs the
// package, and it uses the application's own copy (Inngest's executor checks `instanceof` first), loaded
// by load-sdk.ts (the ES module build) or load-sdk.require.ts (the CommonJS build; tsup.config.ts picks
// it). The public declarations name these shapes, never inngest's types, so that a caller's tsc needs no
// inngest installed. Each is inngest's class as seen from outside (none has a private member), and
// test/inngest/inngest-error.test-d.ts holds them equal to inngest's.

/** A `NonRetriableError` of `inngest`: the run stops, and is not retried. */
export type InngestNonRetriableError = Error & { readonly cause?: unknown };

/**
 * A `RetryAfterError` of `inngest`: retried no earlier than `retryAfter`, which inngest keeps as whole
 * seconds (`"30"`) or as an ISO date.
 */
export type InngestRetryAfterError = Error & { readonly cause?: unknown; readonly retryAfter: string };

/** A `StepError` of `inngest`: a step that failed for good, as the function sees it; its `name` is the step error's. */
export type InngestStepError = Error & { readonly stepId: string; readonly cause?: unknown };

/** The classes faultline/inngest takes from `inngest`. */
export interface InngestSdk {
  readonly NonRetriableError: new (message: string, options?: { cause?: unknown }) => InngestNonRetriableError;
  readonly RetryAfterError: new (message: string, retryAfter: number, options?: { cause?: unknown }) => InngestRetryAfterError;
  readonly StepError: abstract new (...args: never) => InngestStepError;
}

/** The package that `toInngestError` needs. */
const SDK = 'inngest';

/** Whether `error`, thrown by loading `inngest`, says that `inngest` itself is not installed. */
export function isSdkMissing(error: unknown): boolean {
  return isPackageMissing(error, SDK);
}

/** The error `toInngestError` throws when `inngest` is not installed: it names the package, the cause says why. */
export function sdkMissingError(cause: unknown): Error {
  return new Error(
    `faultline/inngest: toInngestError needs ${SDK}, which is not installed. ` +
      `Install it beside faultline where Inngest functions run (npm install ${SDK}); ` +
      'fromInngestError needs no package.',
    { cause },
  );
}
