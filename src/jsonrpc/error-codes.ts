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
 * The code each category of error gets, where no protocol code fits better: ValidationError is -32602
 * (invalid params), ToolNotFoundError -32601 (method not found) and UnknownError -32603 (internal
 * error). The others are faultline's own block, -31000 to -31099, outside the range JSON-RPC reserves
 * (-32768 to -32000): the Model Context Protocol claims all of its server range (-32000 to -32019 for
 * the codes its SDKs already use, -32001 a request timeout among them; -32020 to -32099 for its
 * specification), and both it and JSON-RPC leave the rest of the integers to applications.
 * docs/jsonrpc.md has the table and MCP's codes, with their sources.
 */
export const JSON_RPC_CATEGORY_CODES: Readonly<Record<ErrorCategory, number>> = {
  MODEL: -31001,
  TOOL: -31002,
  AGENT: -31003,
  STORAGE: -31004,
  SECURITY: -31005,
  AUTH: -31006,
  VALIDATION: -32602,
  TRANSIENT: -31007,
  TIMEOUT: -31008,
  UNKNOWN: -32603,
};

/**
 * What faultline 0.2 wrote for the categories, in MCP's part of the server range; still read (without
 * faultline `data`) where MCP gives the code no meaning of its own: -32003 to -32008.
 */
export const CATEGORY_CODES_0_2 = {
  MODEL: -32001, TOOL: -32002, AGENT: -32003, STORAGE: -32004, SECURITY: -32005, AUTH: -32006, TRANSIENT: -32007, TIMEOUT: -32008,
} as const;

/** The codes the Model Context Protocol gives a meaning of its own in the server range, that the reader keeps. */
export const MCP_CODES = {
  /** The TypeScript SDK's `ErrorCode.RequestTimeout` (1.x; its HTTP transport's "Session not found" too). */
  requestTimeout: -32001,
  /** Resource not found, in the specification up to 2025-11-25 (replaced by -32602, still to be accepted). */
  resourceNotFound: -32002,
} as const;
