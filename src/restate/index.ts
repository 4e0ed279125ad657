/**
 * faultline/restate: typed errors through Restate's journal. `toRestateError` tells the engine what to
 * retry and when, `asTerminalError` plugs it into a service, `fromRestateError` rebuilds the class on
 * the caller's side. The first two need `@restatedev/restate-sdk` (an optional peer dependency) where a
 * service runs; `fromRestateError` needs no SDK. Re-exports only.
 */
export { asTerminalError, fromRestateError, MAX_METADATA_LENGTH, METADATA_KEY, toRestateError } from './restate-error.js';
export type { RestateDuration, RestateRetryableError, RestateTerminalError } from './sdk.js';
