import { describe, expect, it } from 'vitest';
import { ModelApiError, ModelContextLengthError, ModelRateLimitError } from '../../src/index.js';
import { fallbackModelFor, type FallbackModel } from '../../src/retry/index.js';

const MODELS = [
  { model: 'gpt-4o-mini', contextTokens: 128_000 },
  { model: 'gpt-4.1', contextTokens: 1_047_576, provider: 'openai' },
  { model: 'gemini-2.5-pro', contextTokens: 2_097_152 },
] as const;

describe('fallbackModelFor', () => {
  it('gives the first model whose context holds the request, as given', () => {
    const error = new ModelContextLengthError({ requestedTokens: 130_000, maxContextTokens: 128_000 });
    expect(fallbackModelFor(error, MODELS)).toBe(MODELS[1]);
    expect(fallbackModelFor(new ModelContextLengthError({ requestedTokens: 128_000 }), MODELS)).toBe(MODELS[0]);
    expect(fallbackModelFor(new ModelContextLengthError({ requestedTokens: 1_234_567 }), MODELS)).toBe(MODELS[2]);
  });

  it('gives undefined when no model holds it', () => {
    expect(fallbackModelFor(new ModelContextLengthError({ requestedTokens: 3_000_000 }), MODELS)).toBeUndefined();
    const none: readonly FallbackModel[] = [];
    expect(fallbackModelFor(new ModelContextLengthError({ requestedTokens: 130_000 }), none)).toBeUndefined();
  });

  it('gives undefined when the error states no numbers, or is no context-length failure', () => {
    expect(fallbackModelFor(new ModelContextLengthError({ maxContextTokens: 128_000 }), MODELS)).toBeUndefined();
    expect(fallbackModelFor(new ModelRateLimitError(), MODELS)).toBeUndefined();
    expect(fallbackModelFor(new ModelApiError({ requestedTokens: 5 } as never), MODELS)).toBeUndefined();
    expect(fallbackModelFor('a string', MODELS)).toBeUndefined();
  });

  it('reads an SDK’s error as thrown, normalized first', () => {
    const thrown = Object.assign(new Error("400 This model's maximum context length is 128000 tokens. However, you requested 130000 tokens (120000 in the messages, 10000 in the completion)."), {
      status: 400, headers: {}, error: { type: 'invalid_request_error', code: 'context_length_exceeded' },
    });
    expect(fallbackModelFor(thrown, MODELS)).toBe(MODELS[1]);
  });

  const EXPECTED = 'a whole number, 1 or more';
  it.each([
    ['models that are not an array', 'gpt-4.1', 'fallbackModelFor: the option models must be an array of { model, contextTokens }; got "gpt-4.1"'],
    ['a model that is not an object', [null], 'fallbackModelFor: the option models[0].model must be a string; got null'],
    ['a model without its name', [{ contextTokens: 5 }], 'fallbackModelFor: the option models[0].model must be a string; got null'],
    ['a model named by a number', [{ model: 4, contextTokens: 5 }], 'fallbackModelFor: the option models[0].model must be a string; got 4'],
    ['a hole', new Array(1), 'fallbackModelFor: the option models[0].model must be a string; got null'],
    ['a model without its window', [{ model: 'a' }], `fallbackModelFor: the option models[0].contextTokens must be ${EXPECTED}; got null`],
    ['a window of 0', [{ model: 'a', contextTokens: 0 }], `fallbackModelFor: the option models[0].contextTokens must be ${EXPECTED}; got 0`],
    ['a fractional window', [MODELS[0], { model: 'a', contextTokens: 1.5 }], `fallbackModelFor: the option models[1].contextTokens must be ${EXPECTED}; got 1.5`],
    ['a window as text', [{ model: 'a', contextTokens: '128k' }], `fallbackModelFor: the option models[0].contextTokens must be ${EXPECTED}; got "128k"`],
    ['an infinite window', [{ model: 'a', contextTokens: Infinity }], `fallbackModelFor: the option models[0].contextTokens must be ${EXPECTED}; got Infinity`],
  ])('refuses %s with a TypeError, whatever the error', (_title, models, message) => {
    for (const error of [new ModelContextLengthError({ requestedTokens: 5 }), undefined]) {
      expect(() => fallbackModelFor(error, models as never)).toThrow(new TypeError(message));
    }
  });
});
