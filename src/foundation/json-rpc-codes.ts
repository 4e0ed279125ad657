import type { ErrorCategory } from './category.js';

// One reading of what a code stands for, asked by fromJsonRpcError and by normalizeError's reading of an
// MCP error, so that a code means the same wherever it arrives. docs/jsonrpc.md has the tables and sources.

/** The JSON-RPC 2.0 codes of the protocol's own failures. */
export const JSON_RPC_PROTOCOL_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/**
 * Where no protocol code fits better, faultline's own block, -31000 to -31099: outside the range JSON-RPC
 * reserves, all of whose server range MCP claims. docs/jsonrpc.md has the table and MCP's codes.
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

/** Each reader turns it into a class: faultline/jsonrpc by a table of its own, normalizeError by the framework kind of that name. */
export type JsonRpcMeaning =
  | 'model' | 'tool' | 'agent' | 'storage' | 'security' | 'auth' | 'validation' | 'transient' | 'timeout' | 'unknown' | 'tool-not-found';

export interface JsonRpcCodeReading {
  readonly meaning: JsonRpcMeaning;
  /** The tool an MCP server says it does not have (-32602 "Tool get_weather not found"). */
  readonly toolName?: string;
}

// -32001 to -32008 are read as faultline 0.2 wrote its categories, for payloads of 0.2. Without faultline's
// data, MCP's meaning wins where it has one (-32001 request timeout, -32002 resource not found).
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

/** For an error with no faultline data: -32602 naming a missing tool is tool-not-found, -32000 "Connection closed" transient. */
export function readJsonRpcCode(code: number, message: string | undefined): JsonRpcCodeReading {
  const text = message ?? '';
  if (code === JSON_RPC_PROTOCOL_CODES.invalidParams) {
    const tool = TOOL_NOT_FOUND.exec(text)?.[1];
    if (tool !== undefined) return { meaning: 'tool-not-found', toolName: tool };
  }
  if (code === -32000 && CONNECTION_CLOSED.test(text)) return { meaning: 'transient' };
  return { meaning: meaningTable().get(code) ?? 'unknown' };
}
