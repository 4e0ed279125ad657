import { ModelContentFilterError, ModelContextLengthError, type ModelContext } from '../errors/model.js';

// Each provider's content-policy stop reasons: OpenAI's, the AI SDK's, Anthropic's, then Gemini's.
const CONTENT_FILTER_REASONS = 'content_filter content-filter refusal SAFETY RECITATION PROHIBITED_CONTENT BLOCKLIST SPII';

/**
 * The error a finish or stop reason stands for, or undefined for a normal stop: a content-policy reason
 * (`content_filter`, `refusal`, `SAFETY`, ...) is a ModelContentFilterError, `model_context_window_exceeded`
 * a ModelContextLengthError. The reason is kept as `details.finishReason`.
 *
 * @example
 * ```ts
 * import { finishReasonError } from 'faultline';
 *
 * const error = finishReasonError(choice.finish_reason, { provider: 'openai', model: 'gpt-4o' });
 * if (error !== undefined) throw error; // ModelContentFilterError for 'content_filter'
 * ```
 */
export function finishReasonError(reason: unknown, context?: ModelContext): ModelContentFilterError | ModelContextLengthError | undefined {
  if (typeof reason !== 'string') return undefined;
  const Class = CONTENT_FILTER_REASONS.split(' ').includes(reason) ? ModelContentFilterError
    : reason === 'model_context_window_exceeded' ? ModelContextLengthError : undefined;
  // The context is read only for a failure: a normal stop, on every stream's end, copies nothing.
  return Class && new Class({ ...context, details: { ...context?.details, finishReason: reason } });
}
