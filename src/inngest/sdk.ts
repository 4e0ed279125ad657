import { isPackageMissing } from '../foundation/missing-package.js';

// The shapes of inngest's classes, so that a caller's tsc needs no inngest installed; a type test holds them
// equal to inngest's. toInngestError uses the application's own copy (the executor checks `instanceof`).

export type InngestNonRetriableError = Error & { readonly cause?: unknown };

/** Retried no earlier than `retryAfter`: whole seconds (`"30"`) or an ISO date. */
export type InngestRetryAfterError = Error & { readonly cause?: unknown; readonly retryAfter: string };

export type InngestStepError = Error & { readonly stepId: string; readonly cause?: unknown };

export interface InngestSdk {
  readonly NonRetriableError: new (message: string, options?: { cause?: unknown }) => InngestNonRetriableError;
  readonly RetryAfterError: new (message: string, retryAfter: number, options?: { cause?: unknown }) => InngestRetryAfterError;
  readonly StepError: abstract new (...args: never) => InngestStepError;
}

const SDK = 'inngest';

export function isSdkMissing(error: unknown): boolean {
  return isPackageMissing(error, SDK);
}

export function sdkMissingError(cause: unknown): Error {
  return new Error(
    `faultline/inngest: toInngestError needs ${SDK}, which is not installed. ` +
      `Install it beside faultline where Inngest functions run (npm install ${SDK}); ` +
      'fromInngestError needs no package.',
    { cause },
  );
}
