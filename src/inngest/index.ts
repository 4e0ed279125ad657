/**
 * faultline/inngest: typed errors through Inngest's steps and runs. `toInngestError` tells Inngest what
 * to retry and when, and carries the error in the cause of what it throws; `fromInngestError` rebuilds
 * the class from what an `onFailure` handler or a caught `StepError` holds. `toInngestError` needs
 * `inngest` (an optional peer dependency) where functions run; `fromInngestError` needs no package.
 * Re-exports only.
 */
export { CARRIED_LIMITS, CAUSE_KEY, type CarriedCause } from './carried-error.js';
export { fromInngestError } from './from-inngest-error.js';
export { toInngestError } from './to-inngest-error.js';
export type { InngestNonRetriableError, InngestRetryAfterError, InngestStepError } from './sdk.js';
