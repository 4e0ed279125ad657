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
import { isSdkTimeout, readProviderError } from '../recognition/provider-error.js';
import { modelErrorFor } from '../errors/model.js';
import { statusError } from './status-error.js';
import { readFrameworkError } from '../recognition/framework-error.js';
import { frameworkError } from './framework-error.js';

/**
 * Turns any thrown value into a faultline error; a faultline error of any copy comes back as the same
 * object. Anything else becomes the best-fitting class with the value as `cause`: a ZodError a
 * ValidationError, a framework's or an LLM SDK's error its class (docs/frameworks.md, docs/mapping.md),
 * timeouts TimeoutError, aborts AgentAbortedError, network failures TransientError, another HTTP status
 * the generic status table's class, the rest UnknownError. Never throws, whatever it is given.
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
  // Built here, not in a helper: every frame between the caller and the constructor is one more the
  // engine captures into the stack trace, and one more line of faultline above the caller's own.
  if (isFaultlineError(value)) return value;
  const framework = readFrameworkError(value);
  if (framework !== undefined) return frameworkError(value, framework, normalizeError);
  const recognition = recognize(value);
  const fields = recognition.issues === undefined ? undefined : zodIssueFields(value);
  if (fields !== undefined) return validationErrorFor(value, recognition, undefined, fields);
  const provider = readProviderError(value);
  if (provider?.sign !== undefined) return modelErrorFor(value, recognition, provider, undefined);
  const { kind, message } = recognition;
  const options = mappedOptions(value, recognition, undefined);
  switch (kind) {
    case 'timeout':
      return new TimeoutError(message, options);
    case 'unknown':
      // An SDK's own timeout says so only in its class name or its message.
      if (provider === undefined && isSdkTimeout(value)) return new TimeoutError(message, options);
      return provider === undefined ? new UnknownError(message, options) : statusError(value, recognition, provider);
    case 'aborted':
      return new AgentAbortedError(message, options);
    case 'network':
      return new TransientError(message, options);
  }
}
