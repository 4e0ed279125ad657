import { GENERIC_DETAIL, toHttpStatus } from '../http/index.js';
import { normalizeError, serializeError, ToolNotFoundError, type FaultlineError, type SerializedError } from '../index.js';
import { checkType } from '../foundation/option-checks.js';
import { JSON_RPC_CATEGORY_CODES, JSON_RPC_PROTOCOL_CODES } from './error-codes.js';

/** Options of {@link toJsonRpcError}. */
export interface JsonRpcErrorOptions {
  /**
   * Show an internal error's own message, details and cause to the caller. Default `false`: an error whose
   * `toHttpStatus` is 5xx goes out with a generic message, as a problem detail does.
   */
  readonly expose?: boolean | undefined;
}

/** A request id as JSON-RPC 2.0 allows it: a string, a number, or null where it is not known. */
export type JsonRpcId = string | number | null;

/** A JSON-RPC 2.0 error response. */
export interface JsonRpcErrorResponse<Data = SerializedError> {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly error: JsonRpcErrorObject<Data>;
}

/** The `error` member of a JSON-RPC 2.0 response. */
export interface JsonRpcErrorObject<Data = SerializedError> {
  readonly code: number;
  readonly message: string;
  readonly data?: Data;
}

/**
 * A JSON-RPC 2.0 error response for any thrown value (normalized first): the code by the table of
 * docs/jsonrpc.md, and the serialized error (redacted) as `data`, from which `fromJsonRpcError` rebuilds the
 * same class. A 5xx error goes out with a generic message and no details or cause unless `expose: true`;
 * its class, code, retryability and delay still go out, so that the caller can decide what to do.
 *
 * @example
 * ```ts
 * import { toJsonRpcError } from 'faultline/jsonrpc';
 * import { ToolNotFoundError } from 'faultline';
 *
 * toJsonRpcError(new ToolNotFoundError({ toolName: 'delete' }), 7);
 * // { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'The requested tool is not registered', data: { name: 'ToolNotFoundError', ... } } }
 * ```
 */
export function toJsonRpcError(error: unknown, id: JsonRpcId | undefined, options?: JsonRpcErrorOptions): JsonRpcErrorResponse {
  if (options !== undefined) {
    checkType('toJsonRpcError', 'options', options, 'object');
    checkType('toJsonRpcError', 'expose', options.expose, 'boolean');
  }
  const value: FaultlineError = normalizeError(error);
  const json = serializeError(value);
  const data = options?.expose !== true && toHttpStatus(value) >= 500 ? withoutInternals(json) : json;
  const code = value instanceof ToolNotFoundError ? JSON_RPC_PROTOCOL_CODES.methodNotFound : JSON_RPC_CATEGORY_CODES[data.category];
  return { jsonrpc: '2.0', id: requestId(id), error: { code, message: data.message, data } };
}

// As a problem detail of a 5xx: the generic message, and what reads back into the same class.
function withoutInternals(json: SerializedError): SerializedError {
  const { name, code, category, retryable, retryAfterMs, requestId: request } = json;
  return {
    name, code, category, message: GENERIC_DETAIL, retryable,
    ...(retryAfterMs !== undefined && { retryAfterMs }), ...(request !== undefined && { requestId: request }),
  };
}

/**
 * The error response for a request that is not valid JSON: code -32700, id null.
 *
 * @example
 * ```ts
 * import { jsonRpcParseError } from 'faultline/jsonrpc';
 *
 * jsonRpcParseError(); // { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
 * ```
 */
export function jsonRpcParseError(): JsonRpcErrorResponse<never> {
  return { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_PROTOCOL_CODES.parseError, message: 'Parse error' } };
}

/**
 * The error response for JSON that is not a valid request object: code -32600, with the request's id
 * when it could be read, else null.
 *
 * @example
 * ```ts
 * import { jsonRpcInvalidRequest } from 'faultline/jsonrpc';
 *
 * jsonRpcInvalidRequest(); // { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }
 * ```
 */
export function jsonRpcInvalidRequest(id?: JsonRpcId): JsonRpcErrorResponse<never> {
  return { jsonrpc: '2.0', id: requestId(id), error: { code: JSON_RPC_PROTOCOL_CODES.invalidRequest, message: 'Invalid Request' } };
}

// The specification allows a string, a number or null; anything else is an id not known.
function requestId(id: unknown): JsonRpcId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
