/**
 * What a failed model call cost, as the provider or framework reported it before the failure:
 * whole numbers of tokens, each one absent when nobody reported it (never a guessed zero).
 *
 * @example
 * ```ts
 * import { ModelApiError, type TokenUsage } from 'faultline';
 * const usage: TokenUsage = { inputTokens: 1200, outputTokens: 85 };
 * new ModelApiError('Overloaded', { provider: 'anthropic', usage }).usage?.inputTokens; // 1200
 * ```
 */
export interface TokenUsage {
  /** Tokens of the request's input, cached ones included. */
  readonly inputTokens?: number | undefined;
  /** Tokens the model generated before the failure, reasoning included. */
  readonly outputTokens?: number | undefined;
  /** Input and output together, as the provider counted them. */
  readonly totalTokens?: number | undefined;
  /** Of the input tokens, those read from the provider's prompt cache. */
  readonly cachedInputTokens?: number | undefined;
  /** Of the output tokens, those spent on reasoning. */
  readonly reasoningTokens?: number | undefined;
}

/** The keys of {@link TokenUsage}, in canonical order: the validator and the schema read this list. */
export const TOKEN_USAGE_KEYS = ['cachedInputTokens', 'inputTokens', 'outputTokens', 'reasoningTokens', 'totalTokens'] as const;
