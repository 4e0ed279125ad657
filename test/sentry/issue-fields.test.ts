/**
 * The fields Sentry groups and searches an error by (src/sentry/issue-fields.ts): each a string, named as
 * its tag, present only where the error has it, cut to the length of a tag Sentry keeps; and a model in the
 * fingerprint without the date or snapshot number of its version.
 */
import { describe, expect, it } from 'vitest';
import { ModelContextLengthError, ModelRateLimitError, serializeError, ToolError, ValidationError } from '../../src/index.js';
import { fingerprintOf, issueFields, tagsOf } from '../../src/sentry/issue-fields.js';

describe('issueFields', () => {
  it('writes each field the error has as a string, and none it lacks', () => {
    expect(issueFields(serializeError(new ModelRateLimitError({ provider: 'anthropic', model: 'claude-sonnet-4-20250514', status: 429, rateLimit: { dimension: 'outputTokens' } })))).toEqual({
      code: 'MODEL_RATE_LIMITED', category: 'MODEL', retryable: 'true', provider: 'anthropic', model: 'claude-sonnet-4-20250514', status: '429', rate_limit: 'outputTokens',
    });
    expect(issueFields(serializeError(new ValidationError('bad input')))).toEqual({ code: 'VALIDATION_FAILED', category: 'VALIDATION', retryable: 'false' });
  });

  it('cuts a value to the 200 characters of a tag Sentry keeps', () => {
    const fields = issueFields(serializeError(new ToolError('failed', { toolName: 't'.repeat(300) })));
    expect(fields.tool).toBe('t'.repeat(200));
  });

  it('names the tags faultline.<field>', () => {
    expect(tagsOf({ code: 'TOOL_ERROR', tool: 'search' })).toEqual({ 'faultline.code': 'TOOL_ERROR', 'faultline.tool': 'search' });
  });
});

describe('fingerprintOf', () => {
  it('takes the keys asked for, in their order, leaving out those the error lacks', () => {
    const fields = issueFields(serializeError(new ModelContextLengthError({ provider: 'openai' })));
    expect(fingerprintOf(fields, ['provider', 'tool', 'code', 'category'])).toEqual(['openai', 'MODEL_CONTEXT_LENGTH_EXCEEDED', 'MODEL']);
    expect(fingerprintOf(fields, [])).toEqual([]);
  });

  // Model ids as the providers name them: @ai-sdk/openai's OpenAIChatModelId, @ai-sdk/anthropic's
  // AnthropicMessagesModelId and @mistralai/mistralai's models (in node_modules); Claude on Vertex AI
  // (https://docs.anthropic.com/en/api/claude-on-vertex-ai) and on Bedrock
  // (https://docs.aws.amazon.com/bedrock/latest/userguide/models-supported.html); @google/genai's and Groq's
  // model ids as test/recognition/real-world/throw-through-sdk.ts calls them.
  it.each([
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['gpt-3.5-turbo-0125', 'gpt-3.5-turbo'],
    ['o3-mini-2025-01-31', 'o3-mini'],
    ['gpt-4o', 'gpt-4o'],
    ['claude-sonnet-4-20250514', 'claude-sonnet-4'],
    ['claude-haiku-4-5-20251001', 'claude-haiku-4-5'],
    ['claude-opus-4-5', 'claude-opus-4-5'],
    ['claude-3-5-haiku@20241022', 'claude-3-5-haiku'],
    ['anthropic.claude-3-5-sonnet-20240620-v1:0', 'anthropic.claude-3-5-sonnet-v1:0'],
    ['mistral-large-2407', 'mistral-large'],
    ['gemini-2.5-flash', 'gemini-2.5-flash'],
    ['llama-3.3-70b-versatile', 'llama-3.3-70b-versatile'],
  ])('groups the model %s as %s', (model, grouped) => {
    expect(fingerprintOf({ code: 'MODEL_RATE_LIMITED', model }, ['code', 'model'])).toEqual(['MODEL_RATE_LIMITED', grouped]);
  });
});
