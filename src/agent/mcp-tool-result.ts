import { deserializeError, isFaultlineError, normalizeError, serializeError, ToolExecutionError, type FaultlineError, type SerializedError } from '../index.js';
import { readProperty as read } from '../foundation/safe-read.js';

/**
 * A Model Context Protocol `CallToolResult` for a failed call, as `toMcpToolResult` makes it. A type
 * rather than an interface, so that it is assignable to the SDK's result type, whose index signature
 * an interface would not satisfy.
 */
export type McpErrorResult = {
  isError: true;
  // Mutable, as the SDK's own CallToolResult type is, so that a tool handler can return it as it is.
  content: { type: 'text'; text: string }[];
  /** The serialized error: read back by `fromMcpToolResult` into the same class. */
  structuredContent: SerializedError;
};

/**
 * A Model Context Protocol `CallToolResult` for a failed tool call: `isError: true`, a text block the
 * model can read (`Name [CODE]: message`), and the serialized error (redacted, no stack) as
 * `structuredContent`, from which the client rebuilds the same class.
 *
 * @example
 * ```ts
 * import { toMcpToolResult } from 'faultline/agent';
 * import { ToolNotFoundError } from 'faultline';
 *
 * toMcpToolResult(new ToolNotFoundError({ toolName: 'delete' })).content[0].text;
 * // 'ToolNotFoundError [TOOL_NOT_FOUND]: The requested tool is not registered'
 * ```
 */
export function toMcpToolResult(error: unknown): McpErrorResult {
  const value: FaultlineError = isFaultlineError(error) ? error : normalizeError(error);
  const json = serializeError(value);
  const text = json.message === '' ? `${json.name} [${json.code}]` : `${json.name} [${json.code}]: ${json.message}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: json };
}

/**
 * Reads an MCP `CallToolResult` back on the client side: a result whose `structuredContent` is a
 * serialized faultline error comes back as the same class with the same fields; any other error
 * result becomes a ToolExecutionError carrying its text; a result that is not an error gives
 * undefined. Never throws.
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
  const content = read(result, 'content');
  const texts = Array.isArray(content)
    ? content.slice(0, 100).map((block: unknown) => (read(block, 'type') === 'text' ? read(block, 'text') : undefined)).filter((text): text is string => typeof text === 'string')
    : [];
  return new ToolExecutionError(texts.length === 0 ? null : texts.join('\n'), { cause: result });
}
