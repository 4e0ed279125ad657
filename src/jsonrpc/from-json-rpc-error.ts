import {
  AgentError, AuthError, deserializeError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, ToolNotFoundError,
  TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../index.js';
import { CATEGORY_CODES_0_2, JSON_RPC_CATEGORY_CODES, JSON_RPC_PROTOCOL_CODES, MCP_CODES } from './error-codes.js';
import { readProperty as read } from '../foundation/safe-read.js';

type ErrorClass = new (message?: string | null, options?: { readonly cause?: unknown; readonly details?: { readonly [key: string]: number } }) => FaultlineError;

// The class each code stands for, when the error's data is not faultline's. Built on first use.
let classByCode: ReadonlyMap<number, ErrorClass> | undefined;

// A code of faultline 0.2 (-32001 to -32008) is read by its data when it has faultline's, as any code is.
// Without it, the code is more likely MCP's than a 0.2 peer's (which always writes data): MCP's meaning
// wins where it has one (-32001, -32002); -32003 to -32008, which MCP gives none, keep 0.2's.
const classTable = (): ReadonlyMap<number, ErrorClass> => (classByCode ??= new Map<number, ErrorClass>([
  [JSON_RPC_PROTOCOL_CODES.parseError, ValidationError],
  [JSON_RPC_PROTOCOL_CODES.invalidRequest, ValidationError],
  [JSON_RPC_PROTOCOL_CODES.invalidParams, ValidationError],
  [JSON_RPC_PROTOCOL_CODES.methodNotFound, ToolNotFoundError],
  [JSON_RPC_PROTOCOL_CODES.internalError, UnknownError],
  [JSON_RPC_CATEGORY_CODES.MODEL, ModelError],
  [JSON_RPC_CATEGORY_CODES.TOOL, ToolError],
  [JSON_RPC_CATEGORY_CODES.AGENT, AgentError],
  [JSON_RPC_CATEGORY_CODES.STORAGE, StorageError],
  [JSON_RPC_CATEGORY_CODES.SECURITY, SecurityError],
  [JSON_RPC_CATEGORY_CODES.AUTH, AuthError],
  [JSON_RPC_CATEGORY_CODES.TRANSIENT, TransientError],
  [JSON_RPC_CATEGORY_CODES.TIMEOUT, TimeoutError],
  [MCP_CODES.requestTimeout, TimeoutError],
  [MCP_CODES.resourceNotFound, ValidationError],
  [CATEGORY_CODES_0_2.AGENT, AgentError],
  [CATEGORY_CODES_0_2.STORAGE, StorageError],
  [CATEGORY_CODES_0_2.SECURITY, SecurityError],
  [CATEGORY_CODES_0_2.AUTH, AuthError],
  [CATEGORY_CODES_0_2.TRANSIENT, TransientError],
  [CATEGORY_CODES_0_2.TIMEOUT, TimeoutError],
]));

/**
 * The faultline error a JSON-RPC 2.0 error stands for. Takes a whole response or its `error`
 * member. An error whose `data` is a serialized faultline error (as `toJsonRpcError` writes it) comes
 * back as the same class with the same fields, whatever the code (0.2's included); otherwise the code
 * decides (-32602, -32600 and -32700 ValidationError, -32601 ToolNotFoundError, the category codes their
 * family; MCP's -32001, a request timeout, TimeoutError and its -32002, resource not found,
 * ValidationError; 0.2's -32003 to -32008 their family; anything else UnknownError), with the message
 * and the code kept (`details.jsonRpcCode`) and the input as `cause`. Never throws.
 *
 * @example
 * ```ts
 * import { fromJsonRpcError } from 'faultline/jsonrpc';
 *
 * const error = fromJsonRpcError({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
 * error.code; // 'TOOL_NOT_FOUND'
 * ```
 */
export function fromJsonRpcError(input: unknown): FaultlineError {
  const member = read(input, 'error');
  const error = typeof member === 'object' && member !== null ? member : input;
  const data = read(error, 'data');
  if (typeof data === 'object' && data !== null) {
    try {
      return deserializeError(data);
    } catch {
      // data that is not faultline's: the code decides
    }
  }
  const code = read(error, 'code');
  const message = read(error, 'message');
  const Class = (typeof code === 'number' ? classTable().get(code) : undefined) ?? UnknownError;
  const details = typeof code === 'number' && Number.isInteger(code) ? { jsonRpcCode: code } : undefined;
  return new Class(typeof message === 'string' ? message : null, { cause: input, ...(details !== undefined && { details }) });
}
