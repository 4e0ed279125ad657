import { FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import type { ErrorDefaults } from '../base/defaults.js';
import { MODEL_FIELDS, TIMEOUT_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of every model error: the provider and model that failed. */
export interface ModelErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof MODEL_FIELDS> {}

/** Options of {@link ModelTimeoutError}. */
export interface ModelTimeoutErrorOptions extends ModelErrorOptions, FieldOptionsOf<typeof TIMEOUT_FIELDS> {}

/** What `ModelError.from` may add to the error it builds. */
export type ModelContext = Omit<ModelErrorOptions, 'cause'>;

// The instance fields are declared by MODEL_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface ModelError<Options extends ModelErrorOptions = ModelErrorOptions> extends FieldsOf<typeof MODEL_FIELDS> {}

/**
 * A call to a language model failed. The family base: `instanceof ModelError` matches every
 * model error.
 *
 * @example
 * ```ts
 * throw new ModelError('The completion was empty', { provider: 'openai', model: 'gpt-4o' });
 * ```
 */
export class ModelError<Options extends ModelErrorOptions = ModelErrorOptions> extends FaultlineError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'ModelError',
    code: 'MODEL_ERROR',
    category: 'MODEL',
    message: 'The model call failed',
    fields: MODEL_FIELDS,
  };

  /** The model id. */
  declare readonly model?: string;

  /**
   * Maps anything thrown by a model call into the model family: a timeout becomes
   * ModelTimeoutError, status 429 ModelRateLimitError, a network failure or another status
   * ModelApiError, anything else ModelError. A faultline error passes through unchanged.
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
  static from<E extends FaultlineError>(value: E, context?: ModelContext): E;
  static from(value: unknown, context?: ModelContext): ModelError;
  static from(value: unknown, context?: ModelContext): FaultlineError {
    return isFaultlineError(value) ? value : modelErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base.ts.
function modelErrorFor(value: unknown, recognition: Recognition, context: ModelContext | undefined): ModelError {
  const { kind, message } = recognition;
  const options = mappedOptions(value, recognition, context);
  const { status } = options;
  if (kind === 'timeout') return new ModelTimeoutError(message, options);
  if (status === 429) return new ModelRateLimitError(message, options);
  if (kind === 'network') return new ModelApiError(message, { ...options, retryable: true });
  if (status !== undefined) return new ModelApiError(message, options);
  return new ModelError(message, options);
}

/**
 * The provider rate-limited the request. Retryable; set `retryAfterMs` from the provider's
 * `Retry-After` headers.
 *
 * @example
 * ```ts
 * throw new ModelRateLimitError(undefined, { provider: 'openai', retryAfterMs: 2000, status: 429 });
 * ```
 */
export class ModelRateLimitError<Options extends ModelErrorOptions = ModelErrorOptions> extends ModelError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'ModelRateLimitError',
    code: 'MODEL_RATE_LIMITED',
    message: 'The model provider rate-limited the request',
    retryable: true,
  };
}

// The instance fields are declared by TIMEOUT_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface ModelTimeoutError<Options extends ModelTimeoutErrorOptions = ModelTimeoutErrorOptions> extends FieldsOf<typeof TIMEOUT_FIELDS> {}

/** The model call ran out of time. Retryable. */
export class ModelTimeoutError<Options extends ModelTimeoutErrorOptions = ModelTimeoutErrorOptions> extends ModelError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'ModelTimeoutError',
    code: 'MODEL_TIMEOUT',
    message: 'The model call timed out',
    retryable: true,
    fields: TIMEOUT_FIELDS,
  };
}

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
export class ModelApiError<Options extends ModelErrorOptions = ModelErrorOptions> extends ModelError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'ModelApiError',
    code: 'MODEL_API_ERROR',
    message: 'The model provider returned an error',
    retryable: (error) => isRetryableStatus(error.status),
  };
}

/** The statuses after which a repeated request may succeed: timeout, conflict, server errors. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status !== undefined && (status === 408 || status === 409 || status >= 500);
}

/** The input does not fit the model's context window. Not retryable as is: shorten it first. */
export class ModelContextLengthError<Options extends ModelErrorOptions = ModelErrorOptions> extends ModelError<Options> {
  static override readonly defaults: ErrorDefaults = {
    name: 'ModelContextLengthError',
    code: 'MODEL_CONTEXT_LENGTH_EXCEEDED',
    message: "The input exceeds the model's context length",
  };
}
