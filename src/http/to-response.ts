import { checkProblemOptions, toProblemDetails, type ProblemOptions } from './problem-details.js';

/**
 * A web `Response` for any thrown value: its RFC 9457 problem object as the body, with
 * `content-type: application/problem+json`, and `Retry-After` in whole seconds (rounded up) when
 * the error asks for a delay. Works wherever `Response` is a global: Node 18 and later, Deno, Bun,
 * edge runtimes, service workers.
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
