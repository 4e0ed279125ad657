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
 * Turns any thrown value into a faultline error. A faultline error (of any copy) comes back as
 * the same object; anything else becomes the best-fitting class with the value as `cause`: a
 * ZodError ValidationError, an agent framework's error (the Vercel AI SDK, the OpenAI Agents SDK,
 * LangChain and LangGraph, MCP clients: docs/frameworks.md) the class its table gives, an error shaped
 * like an LLM SDK's (OpenAI- or Anthropic-style API errors, the Vercel AI SDK's APICallError) the model
 * error `ModelError.from` would give, timeouts
 * TimeoutError, aborts AgentAbortedError, network failures TransientError, any other error with an
 * HTTP status the class of the generic status table (docs/mapping.md), the rest UnknownError. Never
 * throws, whatever it is given.
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
