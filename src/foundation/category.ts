/**
 * The family an error belongs to. A union type and a frozen constant object of the same name,
 * so code can write `ErrorCategory.TOOL` or `'TOOL'` and no TypeScript `enum` is needed.
 *
 * @example
 * ```ts
 * if (error.category === ErrorCategory.TRANSIENT) scheduleRetry();
 * ```
 */
export const ErrorCategory = /* @__PURE__ */ Object.freeze({
  MODEL: 'MODEL',
  TOOL: 'TOOL',
  AGENT: 'AGENT',
  STORAGE: 'STORAGE',
  SECURITY: 'SECURITY',
  AUTH: 'AUTH',
  VALIDATION: 'VALIDATION',
  TRANSIENT: 'TRANSIENT',
  TIMEOUT: 'TIMEOUT',
  UNKNOWN: 'UNKNOWN',
} as const);

/** One of the ten error families. */
export type ErrorCategory = (typeof ErrorCategory)[keyof typeof ErrorCategory];

export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === 'string' && Object.hasOwn(ErrorCategory, value);
}
