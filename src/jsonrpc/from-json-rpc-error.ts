import {
  AgentError, AuthError, deserializeError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, ToolNotFoundError,
  TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../index.js';
import { readJsonRpcCode, type JsonRpcMeaning } from '../foundation/json-rpc-codes.js';
import { readProperty as read } from '../foundation/safe-read.js';

type ErrorClass = new (message?: string | null, options?: { readonly cause?: unknown; readonly toolName?: string; readonly details?: { readonly [key: string]: number } }) => FaultlineError;

let classByMeaning: Readonly<Record<JsonRpcMeaning, ErrorClass>> | undefined;
const classOf = (meaning: JsonRpcMeaning): ErrorClass => (classByMeaning ??= {
  model: ModelError, tool: ToolError, agent: AgentError, storage: StorageError, security: SecurityError, auth: AuthError,
  validation: ValidationError, transient: TransientError, timeout: TimeoutError, unknown: UnknownError, 'tool-not-found': ToolNotFoundError,
})[meaning];

/**
 * The faultline error a JSON-RPC 2.0 error stands for, from a whole response or its `error` member. A
 * `data` that is a serialized faultline error comes back as the same class, whatever the code; otherwise
 * the code decides, by the table of docs/jsonrpc.md, with the message, the code as `details.jsonRpcCode`
 * and the input as `cause`. Never throws.
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
  const text = typeof message === 'string' ? message : undefined;
  const reading = typeof code === 'number' && Number.isInteger(code) ? readJsonRpcCode(code, text) : undefined;
  const Class = classOf(reading?.meaning ?? 'unknown');
  return new Class(text ?? null, {
    cause: input,
    ...(reading?.toolName !== undefined && { toolName: reading.toolName }),
    ...(typeof code === 'number' && Number.isInteger(code) && { details: { jsonRpcCode: code } }),
  });
}
