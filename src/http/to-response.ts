import { checkProblemOptions, toProblemDetails, type ProblemOptions } from './problem-details.js';

/**
 * A web `Response` for any thrown value: its problem object as `application/problem+json`, and `Retry-After`
 * in whole seconds (rounded up) when the error asks for a delay. Needs `Response` as a global (Node 18+).
 *
 * @example
 * ```ts
 * import { toResponse } from 'faultline/http';
 *
 * async function handle(request: Request): Promise<Response> {
 *   try {
 *     return await route(request);
 *   } catch (error) {
 *     return toResponse(error); // 4xx with the message, 5xx with a generic detail
 *   }
 * }
 * ```
 */
export function toResponse(error: unknown, options?: ProblemOptions): Response {
  checkProblemOptions('toResponse', options);
  const problem = toProblemDetails(error, options);
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' };
  if (problem.retryAfterMs !== undefined) headers['retry-after'] = String(Math.ceil(problem.retryAfterMs / 1000));
  return new Response(JSON.stringify(problem), { status: problem.status, headers });
}
