import { normalizeError, serializeError, type ErrorCategory, type FaultlineError, type SerializedError } from '../index.js';
import { checkType } from '../foundation/option-checks.js';
import { readProperty } from '../foundation/safe-read.js';
import { toHttpStatus } from './http-status.js';

/** An RFC 9457 problem object with faultline's fields as extension members, which `fromResponse` reads back. */
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
  /** Show an internal (5xx) error's own message as `detail`. Default `false`: a server leaks nothing by default. */
  readonly expose?: boolean | undefined;
  /** A URI for this occurrence of the problem. */
  readonly instance?: string | undefined;
}

/** The `detail` of a 5xx problem unless `expose` is set. */
export const GENERIC_DETAIL = 'The server could not complete the request.';
const DEFAULT_TYPE_BASE = 'urn:faultline:error:';

/**
 * An RFC 9457 problem object for any thrown value (normalized first), redacted. For a 5xx the `detail` is a
 * generic sentence unless `expose: true`, so that a production server does not leak an internal message.
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
  checkProblemOptions('toProblemDetails', options);
  const value: FaultlineError = normalizeError(error);
  const json = serializeError(value);
  const status = toHttpStatus(value);
  const problem: Record<string, unknown> = {
    type: `${options?.typeBase ?? DEFAULT_TYPE_BASE}${json.code}`,
    title: titleOf(value, json),
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

export function checkProblemOptions(where: string, options: ProblemOptions | undefined): void {
  if (options === undefined) return;
  checkType(where, 'options', options, 'object');
  checkType(where, 'typeBase', options.typeBase, 'string');
  checkType(where, 'expose', options.expose, 'boolean');
  checkType(where, 'instance', options.instance, 'string');
}

// The class's default message, the same for every error of the class; read guarded, bounded as a message is.
function titleOf(error: FaultlineError, json: SerializedError): string {
  let message: unknown;
  try {
    message = readProperty(Object.getPrototypeOf(error), 'message');
  } catch {
    message = undefined; // a Proxy in the prototype chain
  }
  return typeof message === 'string' && message !== '' ? message.slice(0, 10_000) : json.name;
}
