import { deserializeError, serializeError, ToolError, ToolExecutionError, type FaultlineError, type SerializedError } from '../index.js';
import { errorOfFailure, toToolResult, type ToolFailure, type ToolResultOptions } from './tool-result.js';
import { readProperty as read } from '../foundation/safe-read.js';

/** A type rather than an interface, so that it is assignable to the SDK's result type and its index signature. */
export type McpErrorResult = {
  isError: true;
  // Mutable, as the SDK's own CallToolResult type is, so that a tool handler can return it as it is.
  content: { type: 'text'; text: string }[];
  /** The serialized error: read back by `fromMcpToolResult` into the same class. */
  structuredContent: SerializedError;
};

/**
 * A Model Context Protocol `CallToolResult` for a failed call: `isError: true`, a text block the model can
 * read with its recommendations, and the serialized error (redacted, no stack) as `structuredContent`, from
 * which the client rebuilds the same class. Takes any thrown value, or a failure of `safeTool` as it is.
 *
 * @example
 * ```ts
 * import { safeTool, toMcpToolResult } from 'faultline/agent';
 * import { z } from 'zod';
 *
 * const search = safeTool({ name: 'search', input: z.object({ query: z.string() }), run: async ({ query }) => [query] });
 * const result = await search({ query: 'cats' });
 * const mcpResult = result.ok ? { content: [{ type: 'text' as const, text: JSON.stringify(result.value) }] } : toMcpToolResult(result);
 * ```
 */
export function toMcpToolResult(failure: unknown, options?: ToolResultOptions): McpErrorResult {
  const result = isToolFailure(failure) ? failure : toToolResult(failure, options);
  // A failure toToolResult made knows its error; a copy of one (parsed JSON) keeps its code and text.
  const error = errorOfFailure(result)
    ?? new ToolError(result.error, { code: result.code, retryable: result.retryable, recommendations: result.recommendations });
  const json = serializeError(error);
  const head = json.message === '' ? `${json.name} [${json.code}]` : `${json.name} [${json.code}]: ${json.message}`;
  const text = result.recommendations.length === 0 ? head : `${head}\nWhat to do next: ${result.recommendations.join(' ')}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: json };
}

/** Read by shape and guarded: it may be a copy, or hostile. */
function isToolFailure(value: unknown): value is ToolFailure {
  if (read(value, 'ok') !== false) return false;
  try {
    const recommendations = read(value, 'recommendations');
    return typeof read(value, 'error') === 'string' && typeof read(value, 'code') === 'string' && typeof read(value, 'retryable') === 'boolean'
      && Array.isArray(recommendations) && recommendations.every((item) => typeof item === 'string');
  } catch {
    return false; // a Proxy where the array should be: not a failure toToolResult wrote
  }
}

/**
 * Reads an MCP `CallToolResult` back on the client side: a serialized faultline error comes back as the
 * same class; any other error result as a ToolExecutionError carrying its text; a success as undefined.
 * Never throws.
 *
 * @example
 * ```ts
 * import { fromMcpToolResult } from 'faultline/agent';
 *
 * const error = fromMcpToolResult({ isError: true, content: [{ type: 'text', text: 'disk full' }] });
 * error?.message; // 'disk full'
 * ```
 */
export function fromMcpToolResult(result: unknown): FaultlineError | undefined {
  if (read(result, 'isError') !== true) return undefined;
  const structured = read(result, 'structuredContent');
  if (typeof structured === 'object' && structured !== null) {
    try {
      return deserializeError(structured);
    } catch {
      // structured content of its own: read the text
    }
  }
  const text = textOf(read(result, 'content'));
  return new ToolExecutionError(text === '' ? null : text, { cause: result });
}

// The contract's default maxMessageLength, so that a hundred 10 MB blocks do not become a gigabyte message.
const MAX_TEXT = 10_000;

// Read guarded: a Proxy where the array should be, or a block whose getters throw, gives what could be read.
function textOf(content: unknown): string {
  let text = '';
  try {
    if (!Array.isArray(content)) return text;
    const length = Math.min(content.length, 100);
    for (let index = 0; index < length && text.length < MAX_TEXT; index++) {
      const block: unknown = read(content, index);
      const part = read(block, 'type') === 'text' ? read(block, 'text') : undefined;
      if (typeof part === 'string') text += (text === '' ? '' : '\n') + part.slice(0, MAX_TEXT - text.length);
    }
  } catch {
    // a revoked Proxy as the content: the text read so far
  }
  return text.slice(0, MAX_TEXT);
}
