import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError, AuthorizationError,
  ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError, ModelOutputError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError, SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';

/** Every built-in class with the HTTP status issue #9 gives it and the JSON-RPC code issue #18 moved off MCP's, written out. */
export const BUILT_INS: readonly (readonly [new (options?: object) => FaultlineError, number, number])[] = [
  [ModelError, 502, -31001], [ModelRateLimitError, 429, -31001], [ModelTimeoutError, 504, -31001], [ModelApiError, 502, -31001],
  [ModelContextLengthError, 502, -31001], [ModelQuotaExceededError, 502, -31001], [ModelContentFilterError, 502, -31001], [ModelOutputError, 502, -31001],
  [ToolError, 500, -31002], [ToolNotFoundError, 404, -32601], [ToolPermissionError, 403, -31002], [ToolExecutionError, 500, -31002],
  [ToolTimeoutError, 504, -31002], [AgentError, 500, -31003], [AgentMaxIterationsError, 500, -31003], [AgentStateError, 500, -31003],
  [AgentAbortedError, 500, -31003], [StorageError, 500, -31004], [SecurityError, 403, -31005], [AuthError, 500, -31006],
  [AuthenticationError, 401, -31006], [AuthorizationError, 403, -31006], [ValidationError, 400, -32602],
  [TransientError, 503, -31007], [TimeoutError, 504, -31008], [UnknownError, 500, -32603],
];
