import { deserializeError, ErrorCategory, normalizeError, type FaultlineError } from '../index.js';
import { checkNumber, checkType, invalidOption } from '../foundation/option-checks.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { readBoundedBody } from './bounded-body.js';
import { defineHidden } from '../foundation/own-property.js';
import { fieldText } from '../foundation/field-text.js';

/** What `fromResponse` reads of a response: a fetch `Response` has all of it. */
export interface ResponseLike {
  readonly status: number;
  readonly statusText?: string;
  readonly url?: string;
  readonly headers: unknown;
  /** The body as a web stream: read chunk by chunk, and cancelled past `maxBodyBytes`. */
  readonly body?: unknown;
  /** The body as text, read when there is no `body` stream. */
  text(): Promise<string>;
}

/** Options of {@link fromResponse}: a body is read to classify the error, never kept whole or waited for forever. */
export interface FromResponseOptions {
  /** The most bytes of the body read; past it the body is cancelled and what was read classifies the error. Default 100,000. */
  readonly maxBodyBytes?: number | undefined;
  /** The longest wait for the body, in milliseconds. Default 10,000; `Infinity` for none (then give a `signal`). */
  readonly timeoutMs?: number | undefined;
  /** Stops reading the body: the error is classified by what was read by then. */
  readonly signal?: AbortSignal | undefined;
}

/** The defaults of {@link FromResponseOptions}. */
export const FROM_RESPONSE_DEFAULTS = { maxBodyBytes: 100_000, timeoutMs: 10_000 } as const;

// A reason phrase is a few words: a hostile one must not become a message of megabytes.
const MAX_TEXT = { statusText: 200, url: 2048 } as const;

/**
 * The `cause` of the error `fromResponse` returns: what a log needs of the response, where a `Response`
 * itself would be written as `{}`. The response is `response`, not enumerable, so that none of it is written.
 */
export interface ResponseSummary {
  readonly name: 'HttpError';
  /** `HTTP 502 Bad Gateway`. */
  readonly message: string;
  readonly status: number;
  readonly statusText?: string;
  readonly url?: string;
  readonly response: ResponseLike;
  /** The body, parsed, where it is JSON: not enumerable, as `response`. */
  readonly body?: unknown;
}

/**
 * The faultline error a failed HTTP response stands for. A problem body that `toResponse` made comes back as
 * the same class with the same fields; any other response is read as `normalizeError` reads a thrown value
 * (docs/http.md), with its `Retry-After`, request id and a 4xx body's own words as the message, redacted. It
 * reads at most `maxBodyBytes` within `timeoutMs`, then cancels the rest, so that a server that streams a
 * 502 forever cannot hang it. Never throws on a body it cannot read; an invalid option is a TypeError.
 *
 * @example
 * ```ts
 * import { fromResponse } from 'faultline/http';
 *
 * const response = await fetch('https://api.example.com/run');
 * if (!response.ok) throw await fromResponse(response);
 * ```
 */
export async function fromResponse(response: ResponseLike, options?: FromResponseOptions): Promise<FaultlineError> {
  checkOptions(options);
  const text = await readBoundedBody(response, {
    maxBytes: options?.maxBodyBytes ?? FROM_RESPONSE_DEFAULTS.maxBodyBytes,
    timeoutMs: options?.timeoutMs ?? FROM_RESPONSE_DEFAULTS.timeoutMs,
    signal: options?.signal,
  });
  const cause = describeResponse(response);
  const body = parseJson(text);
  const problem = parseProblem(body);
  if (problem !== undefined) {
    try {
      const error = deserializeError({
        name: problem.name, code: problem.code, category: problem.category, message: problem.detail, retryable: problem.retryable,
        status: readProperty(response, 'status'), retryAfterMs: problem.retryAfterMs, requestId: problem.requestId, fields: problem.fields,
      });
      defineHidden(error, 'cause', cause);
      return error;
    } catch {
      // a body shaped like ours that does not validate: classified like any other response
    }
  }
  // Shaped as an HTTP client's error, so that normalizeError reads it as any thrown value.
  if (typeof body === 'object' && body !== null) defineHidden(cause, 'body', body);
  const message = typeof cause.status === 'number' && cause.status >= 400 && cause.status < 500 ? messageOf(body, text) : undefined;
  if (message === undefined) return normalizeError(cause);
  const said = { name: cause.name, message, status: cause.status };
  defineHidden(said, 'response', response);
  if (typeof body === 'object' && body !== null) defineHidden(said, 'body', body);
  const error = normalizeError(said);
  defineHidden(error, 'cause', cause);
  return error;
}

const MAX_TEXT_MESSAGE = 1000;

/** A 5xx's body is left out: a server's own failure may show its internals (a stack, a host), not words for the caller. */
function messageOf(body: unknown, text: string): string | undefined {
  if (body === undefined) {
    const trimmed = text.trim();
    return trimmed !== '' && trimmed.length <= MAX_TEXT_MESSAGE && !trimmed.startsWith('<') ? trimmed : undefined;
  }
  for (const said of [readProperty(body, 'detail'), readProperty(readProperty(body, 'error'), 'message'), readProperty(body, 'error'), readProperty(body, 'message')]) {
    if (typeof said === 'string' && said.trim() !== '') return said;
  }
  return undefined;
}

const WHERE = 'fromResponse';

function checkOptions(options: FromResponseOptions | undefined): void {
  if (options === undefined) return;
  checkType(WHERE, 'options', options, 'object');
  checkNumber(WHERE, 'maxBodyBytes', options.maxBodyBytes, { min: 0, whole: true });
  checkNumber(WHERE, 'timeoutMs', options.timeoutMs, { min: 0, infinite: true });
  checkType(WHERE, 'signal', options.signal, 'object');
  if (options.signal !== undefined && typeof options.signal.aborted !== 'boolean') throw invalidOption(WHERE, 'signal', options.signal, 'an AbortSignal');
}

function describeResponse(response: ResponseLike): ResponseSummary {
  const status = readProperty(response, 'status');
  const statusText = readString(response, 'statusText')?.slice(0, MAX_TEXT.statusText) ?? '';
  const url = readString(response, 'url')?.slice(0, MAX_TEXT.url) ?? '';
  const summary = {
    name: 'HttpError', message: `HTTP ${typeof status === 'number' ? status : '(no status)'}${statusText === '' ? '' : ` ${statusText}`}`, status,
    ...(statusText !== '' && { statusText }), ...(url !== '' && { url }),
  };
  defineHidden(summary, 'response', response);
  return summary as ResponseSummary;
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One that carries a class name, a code, a category and retryable: written by faultline. */
function parseProblem(body: unknown): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const problem = body as Record<string, unknown>;
  const { name, code, category, detail, retryable, requestId } = problem;
  if (typeof name !== 'string' || typeof code !== 'string' || typeof category !== 'string' || !Object.hasOwn(ErrorCategory, category)) return undefined;
  if (typeof retryable !== 'boolean') return undefined;
  return {
    name, code, category, detail: typeof detail === 'string' ? detail : '', retryable, retryAfterMs: problem.retryAfterMs,
    // Cut to a field's length as it is read: the writer would keep no more of it.
    requestId: typeof requestId === 'string' ? fieldText(requestId) : requestId, fields: problem.fields,
  };
}
