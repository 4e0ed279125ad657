import type { ErrorCategory } from './category.js';

// The JSON-RPC codes faultline writes and reads, and the one table that says what a code stands for
// when the error carries no faultline data. faultline/jsonrpc's fromJsonRpcError and normalizeError's
// reading of an MCP client's error (recognition/mcp-error.ts) both ask readJsonRpcCode, so that a code
// means the same wherever it arrives. docs/jsonrpc.md has the tables and their sources.

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
 * What a JSON-RPC code stands for: the family of a category code, or one of the leaf meanings. Each
 * reader turns it into its class (faultline/jsonrpc by a table of its own, normalizeError by the
 * framework kind of the same name).
 */
export type JsonRpcMeaning =
  | 'model' | 'tool' | 'agent' | 'storage' | 'security' | 'auth' | 'validation' | 'transient' | 'timeout' | 'unknown' | 'tool-not-found';

/** What {@link readJsonRpcCode} found: the meaning, and what the error says beside its code. */
export interface JsonRpcCodeReading {
  readonly meaning: JsonRpcMeaning;
  /** The tool an MCP server says it does not have (-32602 "Tool get_weather not found"). */
  readonly toolName?: string;
}

// A code of faultline 0.2 (-32001 to -32008) is read by its data when it has faultline's, as any code
// is. Without it, the code is more likely MCP's than a 0.2 peer's (which always writes data): MCP's
// meaning wins where it has one (-32001 request timeout, -32002 resource not found); -32003 to -32008,
// which MCP gives none, keep 0.2's (AGENT to TIMEOUT, in the order of JSON_RPC_CATEGORY_CODES).
let meanings: ReadonlyMap<number, JsonRpcMeaning> | undefined;
const meaningTable = (): ReadonlyMap<number, JsonRpcMeaning> => (meanings ??= new Map<number, JsonRpcMeaning>([
  [-32700, 'validation'], [-32600, 'validation'], [-32602, 'validation'], [-32601, 'tool-not-found'], [-32603, 'unknown'],
  [-31001, 'model'], [-31002, 'tool'], [-31003, 'agent'], [-31004, 'storage'], [-31005, 'security'], [-31006, 'auth'],
  [-31007, 'transient'], [-31008, 'timeout'],
  [-32001, 'timeout'], [-32002, 'validation'],
  [-32003, 'agent'], [-32004, 'storage'], [-32005, 'security'], [-32006, 'auth'], [-32007, 'transient'], [-32008, 'timeout'],
]));

// MCP servers answer a call to a tool they do not have with invalid params, naming the tool.
const TOOL_NOT_FOUND = /\btool (\S+) not found/i;
// -32000 is any server's error to JSON-RPC, and the transports' own in MCP ("Bad Request: ..."): only
// the MCP SDK's own, raised when the connection closed under a pending request, is one that may pass.
const CONNECTION_CLOSED = /(?:^|: )Connection closed$/;

/**
 * What a JSON-RPC error's code stands for, read with its message: the table above, -32602 naming a
 * missing tool a ToolNotFoundError, -32000 "Connection closed" (the MCP SDK's own) transient, any
 * other code unknown. For an error that carries no faultline data.
 *
 * @example
 * ```ts
 * readJsonRpcCode(-32007, 'It failed').meaning; // 'transient' (faultline 0.2's code)
 * readJsonRpcCode(-32602, 'Tool get_weather not found'); // { meaning: 'tool-not-found', toolName: 'get_weather' }
 * ```
 */
export function readJsonRpcCode(code: number, message: string | undefined): JsonRpcCodeReading {
  const text = message ?? '';
  if (code === JSON_RPC_PROTOCOL_CODES.invalidParams) {
    const tool = TOOL_NOT_FOUND.exec(text)?.[1];
    if (tool !== undefined) return { meaning: 'tool-not-found', toolName: tool };
  }
  if (code === -32000 && CONNECTION_CLOSED.test(text)) return { meaning: 'transient' };
  return { meaning: meaningTable().get(code) ?? 'unknown' };
}
