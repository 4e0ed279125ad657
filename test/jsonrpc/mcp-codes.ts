/**
 * Every JSON-RPC code the Model Context Protocol defines, written out from its sources (docs/jsonrpc.md
 * has the same table): the specification's schema and pages (modelcontextprotocol/modelcontextprotocol,
 * schema/<revision>/schema.ts and docs/specification/<revision>/basic/index.mdx), the TypeScript SDK 1.x
 * installed here (`ErrorCode` in @modelcontextprotocol/sdk/dist/esm/types.d.ts) and the SDK 2.x
 * (modelcontextprotocol/typescript-sdk, packages/core-internal/src/types/enums.ts `ProtocolErrorCode`,
 * and the codes its transports write).
 */
export const MCP_CODES: readonly { readonly code: number; readonly meaning: string }[] = [
  { code: -32700, meaning: 'parse error (JSON-RPC)' },
  { code: -32600, meaning: 'invalid request (JSON-RPC)' },
  { code: -32601, meaning: 'method not found (JSON-RPC)' },
  { code: -32602, meaning: 'invalid params (JSON-RPC); resource not found since 2026-07-28' },
  { code: -32603, meaning: 'internal error (JSON-RPC)' },
  { code: -32000, meaning: 'connection closed (SDK 1.x ErrorCode.ConnectionClosed); the transports’ own errors (SDK 1.x and 2.x)' },
  { code: -32001, meaning: 'request timeout (SDK 1.x ErrorCode.RequestTimeout); "Session not found" (both SDKs’ Streamable HTTP)' },
  { code: -32002, meaning: 'resource not found (specification up to 2025-11-25; SDK 2.x ProtocolErrorCode.ResourceNotFound, read only)' },
  { code: -32020, meaning: 'header mismatch (specification 2026-07-28)' },
  { code: -32021, meaning: 'missing required client capability (specification 2026-07-28, SDK 2.x)' },
  { code: -32022, meaning: 'unsupported protocol version (specification 2026-07-28, SDK 2.x)' },
  { code: -32042, meaning: 'URL elicitation required (specification 2025-11-25, SDK 1.x and 2.x)' },
];

/** The range MCP claims of JSON-RPC's server range: -32000 to -32019 its SDKs' own, -32020 to -32099 its specification's. */
export const MCP_SERVER_RANGE = { from: -32099, to: -32000 } as const;

/** The five codes JSON-RPC 2.0 itself defines, which MCP uses with the same meaning. */
export const JSON_RPC_CODES: readonly number[] = [-32700, -32600, -32601, -32602, -32603];
