/**
 * faultline/temporal: typed errors through Temporal's failures. `toApplicationFailure` tells Temporal what
 * to retry and when, and carries the serialized error in the failure's details; `fromTemporalFailure`
 * rebuilds the class from what a workflow or a client catches. Both need `@temporalio/common` (an optional
 * peer dependency, which `@temporalio/client`, `/worker`, `/workflow` and `/activity` all depend on), and
 * nothing else of Temporal: a client that only reads errors needs no worker package. Re-exports only.
 */
export { DETAILS_LIMITS, toApplicationFailure, type ToApplicationFailureOptions } from './to-application-failure.js';
export { fromTemporalFailure } from './from-temporal-failure.js';
