import { ModelContextLengthError, normalizeError } from '../index.js';
import { checkNumber, checkType, invalidOption } from '../foundation/option-checks.js';

/** A model a request may move to, with its context window in tokens. */
export interface FallbackModel {
  /** The model's id, as the caller names it: `'gpt-4.1'`. */
  readonly model: string;
  /** Its context window, in tokens: a whole number, 1 or more. */
  readonly contextTokens: number;
}

/**
 * The first of `models` whose context window holds the `requestedTokens` of a ModelContextLengthError
 * (`error` normalized first). `undefined` when none holds it, or the error is no context-length failure
 * or states no numbers. Throws a TypeError when `models` is not an array of `{ model, contextTokens }`.
 *
 * @example
 * ```ts
 * import { fallbackModelFor } from 'faultline/retry';
 *
 * const MODELS = [{ model: 'gpt-4o', contextTokens: 128_000 }, { model: 'gpt-4.1', contextTokens: 1_047_576 }];
 * try {
 *   await callModel();
 * } catch (error) {
 *   const bigger = fallbackModelFor(error, MODELS); // { model: 'gpt-4.1', ... } for a request of 130,000 tokens
 *   if (bigger === undefined) throw error;
 * }
 * ```
 */
export function fallbackModelFor<Model extends FallbackModel>(error: unknown, models: readonly Model[]): Model | undefined {
  const given: unknown = models;
  if (!Array.isArray(given)) throw invalidOption('fallbackModelFor', 'models', given, 'an array of { model, contextTokens }');
  for (const [index, choice] of given.entries()) {
    const { model, contextTokens } = Object(choice) as Partial<FallbackModel>;
    // A missing one is told as null: the checks skip an undefined option.
    checkType('fallbackModelFor', `models[${index}].model`, model ?? null, 'string');
    checkNumber('fallbackModelFor', `models[${index}].contextTokens`, contextTokens ?? null, { min: 1, whole: true });
  }
  const failed = normalizeError(error);
  const needed = failed instanceof ModelContextLengthError ? failed.requestedTokens : undefined;
  return needed === undefined ? undefined : models.find((choice) => choice.contextTokens >= needed);
}
