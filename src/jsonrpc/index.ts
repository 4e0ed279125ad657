/**
 * faultline/jsonrpc: errors across JSON-RPC 2.0 (and so the Model Context Protocol's transport).
 * Re-exports only.
 */
export { JSON_RPC_CATEGORY_CODES, JSON_RPC_PROTOCOL_CODES } from './error-codes.js';
export {
  jsonRpcInvalidRequest, jsonRpcParseError, toJsonRpcError, type JsonRpcErrorOptions,
  type JsonRpcErrorObject, type JsonRpcErrorResponse, type JsonRpcId,
} from './to-json-rpc-error.js';
export { fromJsonRpcError } from './from-json-rpc-error.js';
