import { deserializeError, ErrorCategory, normalizeError, type FaultlineError } from '../index.js';

// A body is read to classify the error, not kept whole: past this it is cut.
const MAX_BODY = 100_000;

/** What `fromResponse` reads of a response: a fetch `Response` has all of it. */
export interface ResponseLike {
  readonly status: number;
  readonly statusText?: string;
  readonly url?: string;
  readonly headers: unknown;
  text(): Promise<string>;
}

/**
 * What `fromResponse` keeps as the `cause` of the error it returns: what a reader of a log needs of
 * the response (its status, status text and URL), written as it is by `serializeError`, where a
 * `Response` itself would be written as `{}`. The response itself is its `response`, not
 * enumerable, so that nothing is lost and none of it is written.
 */
export interface ResponseSummary {
  readonly name: 'HttpError';
  /** `HTTP 502 Bad Gateway`. */
  readonly message: string;
  readonly status: number;
  readonly statusText?: string;
  readonly url?: string;
  readonly response: ResponseLike;
}

/**
 * The faultline error a failed HTTP response stands for. A problem body that faultline made
 * (`toResponse`) comes back as the same class with the same fields; any other response is
 * classified by the generic status table (docs/mapping.md) with its `Retry-After` and request id
 * headers. Its `cause` is a {@link ResponseSummary}: `{ name: 'HttpError', message: 'HTTP 502 Bad
 * Gateway', status, statusText, url }`, with the response itself as `cause.response`. Never throws on
 * a body it cannot read.
 *
 * @example
 * ```ts
 * import { fromResponse } from 'faultline/http';
 *
 * const response = await fetch('https://api.example.com/run');
 * if (!response.ok) throw await fromResponse(response);
 * ```
 */
export async function fromResponse(response: ResponseLike): Promise<FaultlineError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, MAX_BODY);
  } catch {
    // an unreadable body: classified by its status alone
  }
  const cause = describeResponse(response);
  const problem = parseProblem(text);
  if (problem !== undefined) {
    try {
      const error = deserializeError({
        name: problem.name, code: problem.code, category: problem.category, message: problem.detail, retryable: problem.retryable,
        status: response.status, retryAfterMs: problem.retryAfterMs, requestId: problem.requestId, fields: problem.fields,
      });
      Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
      return error;
    } catch {
      // a body shaped like ours that does not validate: classified like any other response
    }
  }
  // Shaped as an HTTP client's error (the status, and the headers on `response`), so that
  // normalizeError applies the generic status table with the Retry-After and request id headers.
  return normalizeError(cause);
}

function describeResponse(response: ResponseLike): ResponseSummary {
  const { status, statusText, url } = response;
  const hasText = statusText !== undefined && statusText !== '';
  const summary = {
    name: 'HttpError', message: `HTTP ${status}${hasText ? ` ${statusText}` : ''}`, status,
    ...(hasText && { statusText }), ...(url !== undefined && url !== '' && { url }),
  };
  return Object.defineProperty(summary, 'response', { value: response, writable: true, configurable: true, enumerable: false }) as ResponseSummary;
}

interface Problem {
  readonly name: string;
  readonly code: string;
  readonly category: string;
  readonly detail: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: unknown;
  readonly requestId?: unknown;
  readonly fields?: unknown;
}

/** A problem object faultline wrote: one that carries a class name, a code, a category and retryable. */
function parseProblem(text: string): Problem | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const problem = body as Record<string, unknown>;
  const { name, code, category, detail, retryable } = problem;
  if (typeof name !== 'string' || typeof code !== 'string' || typeof category !== 'string' || !Object.hasOwn(ErrorCategory, category)) return undefined;
  if (typeof retryable !== 'boolean') return undefined;
  return { name, code, category, detail: typeof detail === 'string' ? detail : '', retryable, retryAfterMs: problem.retryAfterMs, requestId: problem.requestId, fields: problem.fields };
}
