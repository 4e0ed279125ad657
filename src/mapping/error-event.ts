import type { SerializedError } from '../contract/serialized-error.js';

/**
 * What an `onError` listener hears (faultline/retry's `retry`, faultline/agent's `safeTool`): how
 * severe the failure is, where in the loop it happened, and the error as the contract writes it
 * (redacted, bounded, safe to log).
 *
 * @example
 * ```ts
 * import type { ErrorEvent } from 'faultline';
 *
 * const onError = (event: ErrorEvent): void => {
 *   console.log(event.severity, event.phase, event.error.code);
 * };
 * ```
 */
export interface ErrorEvent {
  readonly severity: 'debug' | 'info' | 'warn' | 'error';
  readonly phase: 'model' | 'tool' | 'agent' | 'system';
  readonly error: SerializedError;
}
