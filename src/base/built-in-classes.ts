// faultline's own classes, as the name checks need to know them: the names, so that a class of yours
// that takes one is refused at its own first construction, even before the built-in was ever built
// (test/base/class-identity.test.ts holds the list equal to the classes), and a mark on each built-in's
// `defaults`, so that the built-in itself is never refused. The mark is not enumerable: a class of
// yours that spreads a built-in's defaults into its own does not copy it.

/** The declared name of the abstract base and of every built-in class. */
export const BUILT_IN_NAMES =
  'FaultlineError ModelError ModelRateLimitError ModelTimeoutError ModelApiError ModelContextLengthError ModelQuotaExceededError ' +
  'ModelContentFilterError ModelOutputError ToolError ToolNotFoundError ToolPermissionError ToolExecutionError ToolTimeoutError ' +
  'AgentError AgentMaxIterationsError AgentStateError AgentAbortedError StorageError SecurityError AuthError AuthenticationError ' +
  'AuthorizationError ValidationError TransientError TimeoutError UnknownError';

const BUILT_IN: unique symbol = Symbol('faultline.builtIn');

/** A built-in class's `defaults`, marked as faultline's own. */
export function builtInDefaults<Defaults extends object>(defaults: Defaults): Defaults {
  return Object.defineProperty(defaults, BUILT_IN, { value: true });
}

/** Whether a class is one of faultline's own: its own `defaults` carry the mark. */
export function isBuiltIn(cls: { readonly defaults?: object | undefined }): boolean {
  return Object.hasOwn(cls, 'defaults') && typeof cls.defaults === 'object' && Object.hasOwn(cls.defaults, BUILT_IN);
}
