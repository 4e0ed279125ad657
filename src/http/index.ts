/**
 * faultline/http: errors across HTTP. `toHttpStatus` says which status a server answers with,
 * `toProblemDetails` and `toResponse` write an RFC 9457 problem, and `fromResponse` reads a failed
 * response back into a faultline error. Re-exports only.
 */
export { toHttpStatus } from './http-status.js';
export { GENERIC_DETAIL, toProblemDetails, type ProblemDetails, type ProblemOptions } from './problem-details.js';
export { toResponse } from './to-response.js';
export { FROM_RESPONSE_DEFAULTS, fromResponse, type FromResponseOptions, type ResponseLike, type ResponseSummary } from './from-response.js';
