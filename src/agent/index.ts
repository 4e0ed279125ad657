/**
 * faultline/agent: errors in the agent loop. Tool results a model can act on (`toToolResult`,
 * `safeTool`), the Model Context Protocol's tool results both ways, and OpenTelemetry attributes,
 * spans and counters. Re-exports only.
 */
export { toToolResult, type ToolErrorType, type ToolFailure, type ToolResult, type ToolResultOptions } from './tool-result.js';
export { safeTool, type InputSchema, type ReportedFailure, type SafeToolCallOptions, type SafeToolDefinition } from './safe-tool.js';
export { fromMcpToolResult, toMcpToolResult, type McpErrorResult } from './mcp-tool-result.js';
export { errorCounter, recordError, toSpanAttributes, type ErrorAttributes, type MeterLike, type SpanLike } from './telemetry.js';
