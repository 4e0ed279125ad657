import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError, AuthorizationError,
  ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError, SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';

/** Every built-in class with the HTTP status and the JSON-RPC code issue #9 gives it, written out. */
export const BUILT_INS: readonly (readonly [new (options?: object) => FaultlineError, number, number])[] = [
  [ModelError, 502, -32001], [ModelRateLimitError, 429, -32001], [ModelTimeoutError, 504, -32001], [ModelApiError, 502, -32001],
  [ModelContextLengthError, 502, -32001], [ModelQuotaExceededError, 502, -32001], [ModelContentFilterError, 502, -32001],
  [ToolError, 500, -32002], [ToolNotFoundError, 404, -32601], [ToolPermissionError, 403, -32002], [ToolExecutionError, 500, -32002],
  [ToolTimeoutError, 504, -32002], [AgentError, 500, -32003], [AgentMaxIterationsError, 500, -32003], [AgentStateError, 500, -32003],
  [AgentAbortedError, 500, -32003], [StorageError, 500, -32004], [SecurityError, 403, -32005], [AuthError, 500, -32006],
  [AuthenticationError, 401, -32006], [AuthorizationError, 403, -32006], [ValidationError, 400, -32602],
  [TransientError, 503, -32007], [TimeoutError, 504, -32008], [UnknownError, 500, -32603],
];
