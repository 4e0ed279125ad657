import type { FaultlineError } from '../base/faultline-error.js';
import { AgentAbortedError } from '../errors/agent.js';
import { TimeoutError } from '../errors/timeout.js';
import { TransientError } from '../errors/transient.js';
import { UnknownError } from '../errors/unknown.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { validationErrorFor } from '../errors/validation.js';
import { recognize } from '../recognition/recognize.js';
import { zodIssueFields } from '../recognition/zod-issues.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/**
 * Turns any thrown value into a faultline error. A faultline error (of any copy) comes back as
 * the same object; anything else becomes the best-fitting class with the value as `cause`:
 * timeouts TimeoutError, aborts AgentAbortedError, network failures TransientError, a ZodError
 * ValidationError, the rest UnknownError. Never throws, whatever it is given.
 *
 * @example
 * ```ts
 * try {
 *   await fetch(url);
 * } catch (thrown) {
 *   const error = normalizeError(thrown);
 *   if (error.retryable) await retry();
 * }
 * ```
 */
export function normalizeError(value: unknown): FaultlineError {
  // The error is built here, not in a helper: every frame between the caller and the constructor
  // is one more frame the engine captures into its stack trace (the bulk of what building an error
  // costs), and one more line of faultline above the caller's own in that trace.
  if (isFaultlineError(value)) return value;
  const recognition = recognize(value);
  const fields = recognition.issues === undefined ? undefined : zodIssueFields(value);
  if (fields !== undefined) return validationErrorFor(value, recognition, undefined, fields);
  const { kind, message } = recognition;
  const options = mappedOptions(value, recognition, undefined);
  switch (kind) {
    case 'timeout':
      return new TimeoutError(message, options);
    case 'aborted':
      return new AgentAbortedError(message, options);
    case 'network':
      return new TransientError(message, options);
    default:
      return new UnknownError(message, options);
  }
}
