import { ModelContentFilterError, ModelContextLengthError, type ModelContext } from '../errors/model.js';

// The finish and stop reasons that are failures, as each provider spells them. Any other reason (a
// normal stop: `stop`, `end_turn`, `tool_calls`, `tool_use`, `length`, `max_tokens`, ...) is none.
const FAILURE_OF_REASON: Readonly<Record<string, 'content-filter' | 'context-length'>> = {
  content_filter: 'content-filter', // OpenAI
  'content-filter': 'content-filter', // the Vercel AI SDK
  refusal: 'content-filter', // Anthropic
  SAFETY: 'content-filter', // Gemini, and the four below
  RECITATION: 'content-filter',
  PROHIBITED_CONTENT: 'content-filter',
  BLOCKLIST: 'content-filter',
  SPII: 'content-filter',
  model_context_window_exceeded: 'context-length', // Anthropic
};

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
  if (typeof reason !== 'string' || !Object.hasOwn(FAILURE_OF_REASON, reason)) return undefined;
  const options = { ...context, details: { ...context?.details, finishReason: reason } };
  return FAILURE_OF_REASON[reason] === 'content-filter' ? new ModelContentFilterError(options) : new ModelContextLengthError(options);
}
