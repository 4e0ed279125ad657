/**
 * The provider's rate limit a request ran into, read from its rate-limit headers: which limit, its size,
 * what was left, and when it resets.
 *
 * @example
 * ```ts
 * import { ModelRateLimitError, type RateLimit } from 'faultline';
 * const rateLimit: RateLimit = { dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 6000 };
 * new ModelRateLimitError({ provider: 'openai', rateLimit }).rateLimit?.dimension; // 'tokens'
 * ```
 */
export interface RateLimit {
  /** The limit that was hit: requests, tokens, or (Anthropic) input or output tokens, per its window. */
  readonly dimension: RateLimitDimension;
  /** The most the window allows. */
  readonly limit?: number | undefined;
  /** What was left of it when the provider answered. */
  readonly remaining?: number | undefined;
  /** Whole milliseconds from the answer until the limit is back to full, rounded up. */
  readonly resetMs?: number | undefined;
}

/** What a rate limit counts. */
export type RateLimitDimension = 'requests' | 'tokens' | 'inputTokens' | 'outputTokens';

/** Every {@link RateLimitDimension}: the validator and the schema read this list. */
export const RATE_LIMIT_DIMENSIONS: readonly RateLimitDimension[] = ['requests', 'tokens', 'inputTokens', 'outputTokens'];

/** The optional whole-number keys of {@link RateLimit}, in canonical order. */
export const RATE_LIMIT_NUMBERS = ['limit', 'remaining', 'resetMs'] as const;
