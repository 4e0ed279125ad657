import { ModelContentFilterError, ModelContextLengthError, type ModelContext } from '../errors/model.js';

// The finish and stop reasons a content policy gives, as each provider spells them: OpenAI's, the
// Vercel AI SDK's, Anthropic's, then Gemini's. Anthropic's `model_context_window_exceeded` is the one
// other failure; any other reason (a normal stop: `stop`, `end_turn`, `tool_calls`, `tool_use`,
// `length`, `max_tokens`, ...) is none.
const CONTENT_FILTER_REASONS = 'content_filter content-filter refusal SAFETY RECITATION PROHIBITED_CONTENT BLOCKLIST SPII';

/**
 * The error a finish or stop reason stands for, or undefined for a normal stop. A stream that ends
 * with `content_filter` (OpenAI), `refusal` (Anthropic), `SAFETY`, `RECITATION`, `PROHIBITED_CONTENT`,
 * `BLOCKLIST` or `SPII` (Gemini) or `content-filter` (the Vercel AI SDK) is a ModelContentFilterError;
 * `model_context_window_exceeded` a ModelContextLengthError; `stop`, `end_turn`, `tool_calls`,
 * `length`, `max_tokens` and any other reason give undefined. The reason is kept as
 * `details.finishReason`.
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
