import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { CONTEXT_LENGTH_FIELDS, MODEL_FIELDS, RATE_LIMIT_FIELDS, TIMEOUT_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { isSdkTimeout, providerFailure, readProviderError, type ProviderReading } from '../recognition/provider-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { frameworkOptions, providerFields, readFrameworkError, type FrameworkReading } from '../recognition/framework-error.js';
import { readContextTokens } from '../recognition/context-length.js';
import { withFailureNumbers } from '../recognition/failure-numbers.js';
import { readRateLimit } from '../recognition/rate-limit-headers.js';
import { parseRetryAfter } from '../recognition/retry-after.js';
import { usageOfEvent } from '../foundation/provider-usage.js';
import { AuthenticationError, AuthorizationError, type AuthError } from './auth.js';

/** Options of every model error: the provider and model that failed. */
export interface ModelErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof MODEL_FIELDS> {}

/** Options of {@link ModelRateLimitError}: which limit the request hit. */
export interface ModelRateLimitErrorOptions extends ModelErrorOptions, FieldOptionsOf<typeof RATE_LIMIT_FIELDS> {}

/** Options of {@link ModelContextLengthError}: the tokens the request needed, and the model's context window. */
export interface ModelContextLengthErrorOptions extends ModelErrorOptions, FieldOptionsOf<typeof CONTEXT_LENGTH_FIELDS> {}

/** Options of {@link ModelTimeoutError}. */
export interface ModelTimeoutErrorOptions extends ModelErrorOptions, FieldOptionsOf<typeof TIMEOUT_FIELDS> {}

/** What `ModelError.from` may add to the error it builds. */
export type ModelContext = Omit<ModelErrorOptions, 'cause'>;

// The instance fields are declared, with their TSDoc, by the tables of src/contract/class-fields.ts.
export interface ModelError extends FieldsOf<typeof MODEL_FIELDS> {}

/**
 * A call to a language model failed. The family base: `instanceof ModelError` matches every
 * model error.
 *
 * @example
 * ```ts
 * throw new ModelError('The completion was empty', { provider: 'openai', model: 'gpt-4o' });
 * ```
 */
export class ModelError extends /* @__PURE__ */ builtInClass(FaultlineError, 'ModelError', {
  code: 'MODEL_ERROR',
  category: 'MODEL',
  message: 'The model call failed',
  fields: MODEL_FIELDS,
}) {
  /**
   * Maps anything thrown by a model call into the family, by the rules of docs/mapping.md: a timeout is a
   * ModelTimeoutError, 429 a ModelRateLimitError, a network failure or another status a ModelApiError; a
   * framework's errors get their class (docs/frameworks.md). A faultline error passes through unchanged.
   *
   * @example
   * ```ts
   * try {
   *   await callModel();
   * } catch (error) {
   *   throw ModelError.from(error, { provider: 'openai', model: 'gpt-4o' });
   * }
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: ModelContext): E;
  static override from(value: unknown, context?: ModelContext): ModelError | AuthError;
  static override from(value: unknown, context?: ModelContext): FaultlineError {
    if (isFaultlineError(value)) return value;
    const framework = readFrameworkError(value);
    return framework === undefined ? modelErrorFor(value, recognize(value), readProviderError(value), context) : modelFrameworkError(value, framework, context);
  }
}

function modelFrameworkError(value: unknown, reading: FrameworkReading, context: ModelContext | undefined): ModelError | AuthError {
  if (reading.kind === 'wrapped') {
    const inner = ModelError.from(reading.wraps, context);
    return new (inner.constructor as typeof ModelError)(reading.message, frameworkOptions(value, reading, inner));
  }
  const Class = MODEL_CLASSES[reading.kind as ModelKind] as (typeof MODEL_CLASSES)[ModelKind] | undefined;
  return Class === undefined
    ? modelErrorFor(value, recognize(value), readProviderError(value), context)
    : new Class(reading.message, frameworkOptions(value, reading, withFailureNumbers(reading.kind, value, reading.message, providerFields(value, context))));
}

/** The model error for what a provider's SDK or an HTTP client threw, by the rules of docs/mapping.md. */
export function modelErrorFor(
  value: unknown,
  recognition: Recognition,
  provider: ProviderReading | undefined,
  context: ModelContext | undefined,
): ModelError | AuthError {
  const { kind } = recognition;
  // A raw stream event (`{ type: 'error', error: { type, message } }`) has no message of its own.
  const message = recognition.message ?? provider?.providerMessage;
  const options = {
    ...context,
    // The response's own status: a failure inside a stream whose response was a 200 has none.
    status: provider?.httpStatus ?? context?.status,
    requestId: context?.requestId ?? provider?.requestId,
    retryAfterMs: context?.retryAfterMs ?? parseRetryAfter(provider?.headers),
    // A stream's failure event given on its own (a Responses `response.failed`) carries what the call cost.
    usage: context?.usage ?? usageOfEvent(value),
    cause: value,
    // LangChain's retryable stamp decides for every class.
    ...(recognition.retryable !== undefined && { retryable: recognition.retryable }),
  };
  // LangChain's retryable stamp, else an SDK's own isRetryable or the provider's x-should-retry header, decides over the status.
  const said = recognition.retryable ?? provider?.retryable;
  const hinted = said === undefined ? options : { ...options, retryable: said };
  if (kind === 'timeout' || (options.status == null && isSdkTimeout(value))) return new ModelTimeoutError(message, hinted);
  // A status the caller gives in the context counts as the value's own, read with the error's message.
  const status = options.status ?? undefined;
  const text = provider?.text ?? (message ?? '').toLowerCase();
  const failure = provider !== undefined ? providerFailure(provider) : status === undefined ? undefined : providerFailure({ status, text });
  switch (failure) {
    case 'quota':
      return new ModelQuotaExceededError(message, options);
    case 'rate-limit': {
      // Without a Retry-After, the limit's own reset says how long to wait.
      const rateLimit = provider === undefined ? undefined : readRateLimit(provider.headers, provider.text);
      return new ModelRateLimitError(message, { ...hinted, rateLimit, retryAfterMs: hinted.retryAfterMs ?? rateLimit?.resetMs });
    }
    case 'overloaded':
      return new ModelApiError(message, { ...options, retryable: said ?? true });
    case 'content-filter':
      return new ModelContentFilterError(message, options);
    case 'timeout':
      return new ModelTimeoutError(message, hinted);
    case 'context-length':
      return new ModelContextLengthError(message, { ...options, ...provider?.contextTokens, ...readContextTokens(text) });
    case 'unauthenticated':
      return new AuthenticationError(message, options);
    case 'forbidden':
      return new AuthorizationError(message, options);
    case 'status':
      // With no status of its own (a stream's error event), the status the provider's word stands for decides.
      return new ModelApiError(message, provider === undefined || said !== undefined || provider.httpStatus !== undefined ? hinted : { ...hinted, retryable: isRetryableStatus(provider.status) });
    case 'unknown': {
      // A stream's error event that says nothing known: fail closed, keeping what the provider said.
      const saidBy = { ...(provider?.providerType !== undefined && { providerType: provider.providerType }), ...(provider?.providerCode !== undefined && { providerCode: provider.providerCode }) };
      return new ModelApiError(message, { ...options, retryable: said ?? false, details: { ...saidBy, ...context?.details } });
    }
  }
  // A failure that may pass on another try is retryable whatever the context says (docs/mapping.md).
  if (kind === 'network') return new ModelApiError(message, { ...options, retryable: said ?? true });
  return new ModelError(message, hinted);
}

export interface ModelRateLimitError extends FieldsOf<typeof RATE_LIMIT_FIELDS> {}

/**
 * The provider rate-limited the request. Retryable; set `retryAfterMs` from the provider's
 * `Retry-After` headers, and `rateLimit` from its rate-limit headers.
 *
 * @example
 * ```ts
 * throw new ModelRateLimitError(undefined, {
 *   provider: 'openai',
 *   retryAfterMs: 2000,
 *   status: 429,
 *   rateLimit: { dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2000 },
 * });
 * ```
 */
export class ModelRateLimitError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelRateLimitError', {
  code: 'MODEL_RATE_LIMITED',
  message: 'The model provider rate-limited the request',
  retryable: true,
  fields: RATE_LIMIT_FIELDS,
}) {}

export interface ModelTimeoutError extends FieldsOf<typeof TIMEOUT_FIELDS> {}

/** The model call ran out of time. Retryable. */
export class ModelTimeoutError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelTimeoutError', {
  code: 'MODEL_TIMEOUT',
  message: 'The model call timed out',
  retryable: true,
  fields: TIMEOUT_FIELDS,
}) {}

/**
 * The provider's API answered with an error. Retryable exactly when `status` is 408, 409 or
 * 500 and above, unless the options say otherwise.
 *
 * @example
 * ```ts
 * new ModelApiError('Bad gateway', { status: 502 }).retryable; // true
 * new ModelApiError('Bad request', { status: 400 }).retryable; // false
 * ```
 */
export class ModelApiError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelApiError', {
  code: 'MODEL_API_ERROR',
  message: 'The model provider returned an error',
  retryable: (error) => isRetryableStatus(error.status),
}) {}

/** The statuses after which a repeated request may succeed: timeout, conflict, server errors. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status !== undefined && (status === 408 || status === 409 || status >= 500);
}

/**
 * The account is out of quota, credits or budget: not retryable until someone pays or raises a limit (a
 * per-minute limit is ModelRateLimitError). `ModelError.from` tells the two apart by the provider's wording.
 *
 * @example
 * ```ts
 * throw new ModelQuotaExceededError({ provider: 'openai', status: 429 });
 * ```
 */
export class ModelQuotaExceededError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelQuotaExceededError', {
  code: 'MODEL_QUOTA_EXCEEDED',
  message: 'The account is out of quota, credits or budget for this provider',
  retryable: false,
}) {}

/**
 * The provider's content policy refused the request or its answer. Not retryable as is. Throw it
 * too where a finish reason says so (`content_filter`, `refusal`, a safety block).
 *
 * @example
 * ```ts
 * if (choice.finish_reason === 'content_filter') throw new ModelContentFilterError({ provider: 'openai', model: 'gpt-4o' });
 * ```
 */
export class ModelContentFilterError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelContentFilterError', {
  code: 'MODEL_CONTENT_FILTERED',
  message: "The provider's content policy refused the request",
  retryable: false,
}) {}

export interface ModelContextLengthError extends FieldsOf<typeof CONTEXT_LENGTH_FIELDS> {}

/**
 * The input does not fit the model's context window. Not retryable as is: shorten it first, or move
 * to a model with a larger window (`fallbackModelFor` in faultline/retry reads `requestedTokens`).
 *
 * @example
 * ```ts
 * const error = new ModelContextLengthError({ provider: 'openai', model: 'gpt-4o', requestedTokens: 130000, maxContextTokens: 128000 });
 * error.maxContextTokens; // 128000
 * ```
 */
export class ModelContextLengthError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelContextLengthError', {
  code: 'MODEL_CONTEXT_LENGTH_EXCEEDED',
  message: "The input exceeds the model's context length",
  fields: CONTEXT_LENGTH_FIELDS,
}) {}

/**
 * The model answered, but not with what was asked: no object or content, JSON that does not parse or fit
 * the schema, a tool call the framework cannot run. Retryable: generating again often succeeds.
 *
 * @example
 * ```ts
 * throw new ModelOutputError('The answer did not match the schema', { provider: 'openai', model: 'gpt-4o' });
 * ```
 */
export class ModelOutputError extends /* @__PURE__ */ builtInClass(ModelError, 'ModelOutputError', {
  code: 'MODEL_OUTPUT_INVALID',
  message: "The model's output was not what was asked for",
  retryable: true,
}) {}

type ModelKind = 'model-output' | 'content-filter' | 'context-length' | 'rate-limit' | 'model-api' | 'model-timeout' | 'unauthenticated';

// After the classes it names. A kind is never read from input, so a plain lookup is safe.
export const MODEL_CLASSES: Readonly<Record<ModelKind, new (message?: string | null, options?: ModelErrorOptions) => ModelError | AuthError>> = {
  'model-output': ModelOutputError, 'content-filter': ModelContentFilterError, 'context-length': ModelContextLengthError,
  'rate-limit': ModelRateLimitError, 'model-api': ModelApiError, 'model-timeout': ModelTimeoutError, unauthenticated: AuthenticationError,
};
