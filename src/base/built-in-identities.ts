// The identity (`Name<ParentName:CODE`) of faultline's abstract base and of every built-in class, so
// that a class of yours that takes a built-in's name is refused at its own first construction, even
// before the built-in was ever built. test/base/class-identity.test.ts holds this list equal to the
// classes' own identities.
export const BUILT_IN_IDENTITIES =
  'FaultlineError<:FAULTLINE_ERROR ' +
  'ModelError<FaultlineError:MODEL_ERROR ModelRateLimitError<ModelError:MODEL_RATE_LIMITED ModelTimeoutError<ModelError:MODEL_TIMEOUT ' +
  'ModelApiError<ModelError:MODEL_API_ERROR ModelContextLengthError<ModelError:MODEL_CONTEXT_LENGTH_EXCEEDED ' +
  'ModelQuotaExceededError<ModelError:MODEL_QUOTA_EXCEEDED ModelContentFilterError<ModelError:MODEL_CONTENT_FILTERED ' +
  'ModelOutputError<ModelError:MODEL_OUTPUT_INVALID ' +
  'ToolError<FaultlineError:TOOL_ERROR ToolNotFoundError<ToolError:TOOL_NOT_FOUND ToolPermissionError<ToolError:TOOL_PERMISSION_DENIED ' +
  'ToolExecutionError<ToolError:TOOL_EXECUTION_ERROR ToolTimeoutError<ToolError:TOOL_TIMEOUT ' +
  'AgentError<FaultlineError:AGENT_ERROR AgentMaxIterationsError<AgentError:AGENT_MAX_ITERATIONS ' +
  'AgentStateError<AgentError:AGENT_INVALID_STATE_TRANSITION AgentAbortedError<AgentError:AGENT_ABORTED ' +
  'StorageError<FaultlineError:STORAGE_ERROR SecurityError<FaultlineError:SECURITY_VIOLATION AuthError<FaultlineError:AUTH_ERROR ' +
  'AuthenticationError<AuthError:AUTH_UNAUTHENTICATED AuthorizationError<AuthError:AUTH_FORBIDDEN ' +
  'ValidationError<FaultlineError:VALIDATION_FAILED TransientError<FaultlineError:TRANSIENT TimeoutError<FaultlineError:TIMEOUT ' +
  'UnknownError<FaultlineError:UNKNOWN_ERROR';
