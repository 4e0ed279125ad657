// The codes live in foundation/, where the core's reading of an MCP client's error shares them.
export { JSON_RPC_CATEGORY_CODES, JSON_RPC_PROTOCOL_CODES } from '../foundation/json-rpc-codes.js';
