import type { ErrorCategory } from '../index.js';

/** The JSON-RPC 2.0 codes of the protocol's own failures. */
export const JSON_RPC_PROTOCOL_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/**
 * The code each category of error gets, in the server range -32000 to -32099, where no protocol code
 * fits better: ValidationError is -32602 (invalid params), ToolNotFoundError -32601 (method not found)
 * and UnknownError -32603 (internal error). docs/jsonrpc.md has the table.
 */
export const JSON_RPC_CATEGORY_CODES: Readonly<Record<ErrorCategory, number>> = {
  MODEL: -32001,
  TOOL: -32002,
  AGENT: -32003,
  STORAGE: -32004,
  SECURITY: -32005,
  AUTH: -32006,
  VALIDATION: -32602,
  TRANSIENT: -32007,
  TIMEOUT: -32008,
  UNKNOWN: -32603,
};
