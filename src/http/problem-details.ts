import { isFaultlineError, normalizeError, serializeError, type ErrorCategory, type FaultlineError } from '../index.js';
import { toHttpStatus } from './http-status.js';

/**
 * An RFC 9457 problem object for an error, with faultline's fields as extension members: what
 * `toProblemDetails` gives and `fromResponse` reads back.
 */
export interface ProblemDetails {
  /** A URI that names the problem type: `typeBase` followed by the error's code. */
  readonly type: string;
  /** A short summary that is the same for every error of the code: the class's default message. */
  readonly title: string;
  /** The HTTP status, from `toHttpStatus`. */
  readonly status: number;
  /** This occurrence: the error's message, or a generic sentence for a 5xx unless `expose` is set. */
  readonly detail: string;
  /** A URI for this occurrence, when given. */
  readonly instance?: string;
  /** The class's name, so that a client rebuilds the same class. */
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly requestId?: string;
  /** What is wrong where, for a validation error. */
  readonly fields?: { readonly [path: string]: string };
}

/** Options of {@link toProblemDetails} and `toResponse`. */
export interface ProblemOptions {
  /** The start of every `type` URI; the code is appended. Default `urn:faultline:error:`. */
  readonly typeBase?: string | undefined;
  /** Show a 5xx error's own message as `detail`. Default `false`: a server leaks nothing by default. */
  readonly expose?: boolean | undefined;
  /** A URI for this occurrence of the problem. */
  readonly instance?: string | undefined;
}

/** The `detail` of a 5xx problem unless `expose` is set. */
export const GENERIC_DETAIL = 'The server could not complete the request.';
const DEFAULT_TYPE_BASE = 'urn:faultline:error:';

/**
 * An RFC 9457 problem object for any thrown value (normalized first). For a 5xx status the
 * `detail` is a generic sentence unless `expose: true`, so that a production server does not leak
 * an internal message. Text is redacted as the contract redacts it.
 *
 * @example
 * ```ts
 * import { toProblemDetails } from 'faultline/http';
 * import { ToolNotFoundError } from 'faultline';
 *
 * toProblemDetails(new ToolNotFoundError({ toolName: 'delete' }));
 * // { type: 'urn:faultline:error:TOOL_NOT_FOUND', title: 'The requested tool is not registered', status: 404,
 * //   detail: 'The requested tool is not registered', name: 'ToolNotFoundError', code: 'TOOL_NOT_FOUND', ... }
 * ```
 */
export function toProblemDetails(error: unknown, options?: ProblemOptions): ProblemDetails {
  const value: FaultlineError = isFaultlineError(error) ? error : normalizeError(error);
  // The serialized form: redacted and bounded, as everything faultline writes.
  const json = serializeError(value);
  const status = toHttpStatus(value);
  const problem: Record<string, unknown> = {
    type: `${options?.typeBase ?? DEFAULT_TYPE_BASE}${json.code}`,
    title: titleOf(value),
    status,
    detail: status >= 500 && options?.expose !== true ? GENERIC_DETAIL : json.message,
  };
  if (options?.instance !== undefined) problem.instance = options.instance;
  problem.name = json.name;
  problem.code = json.code;
  problem.category = json.category;
  problem.retryable = json.retryable;
  if (json.retryAfterMs !== undefined) problem.retryAfterMs = json.retryAfterMs;
  if (json.requestId !== undefined) problem.requestId = json.requestId;
  if (json.fields !== undefined) problem.fields = json.fields;
  return problem as unknown as ProblemDetails;
}

// The class's default message, read from its prototype: the same for every error of the class,
// whatever message one of them carries.
function titleOf(error: FaultlineError): string {
  const message: unknown = (Object.getPrototypeOf(error) as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : error.name;
}
