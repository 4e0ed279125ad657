/**
 * faultline/restate: typed errors through Restate's journal. `toRestateError` tells the engine what to
 * retry and when, `asTerminalError` plugs it into a service, `fromRestateError` rebuilds the class on
 * the caller's side. Needs `@restatedev/restate-sdk` (an optional peer dependency). Re-exports only.
 */
export { asTerminalError, fromRestateError, MAX_METADATA_LENGTH, METADATA_KEY, toRestateError } from './restate-error.js';
