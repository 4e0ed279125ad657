import { isFaultlineError, normalizeError, type FaultlineError } from '../index.js';
import { carriedError } from './carried-error.js';
import { withEngineError } from '../durable/engine-error.js';

// The longest text read as JSON: an Inngest event is at most 512 KB.
const MAX_TEXT_LENGTH = 1_000_000;

/**
 * The faultline error of a failed Inngest step or run: what an `onFailure` handler gets, a `StepError`,
 * or what `toInngestError` made, as an error or as JSON. The carried error comes back as the same class
 * with the same fields, the value given as its `engineError`; anything else is normalized by what Inngest
 * kept of it. Never throws, and needs no `inngest` installed.
 *
 * @example
 * ```ts
 * import { Inngest } from 'inngest';
 * import { ModelQuotaExceededError } from 'faultline';
 * import { fromInngestError } from 'faultline/inngest';
 *
 * const inngest = new Inngest({ id: 'agents' });
 * inngest.createFunction(
 *   {
 *     id: 'answer',
 *     triggers: [{ event: 'app/question' }],
 *     onFailure: ({ error }) => {
 *       const failure = fromInngestError(error); // the ModelQuotaExceededError thrown in the step
 *       if (failure instanceof ModelQuotaExceededError) console.log('switch provider', failure.provider);
 *     },
 *   },
 *   async ({ step }) => step.run('call model', () => callModel()),
 * );
 * ```
 */
export function fromInngestError(value: unknown): FaultlineError {
  // A faultline error is already the answer, even one whose cause still carries the error it was rebuilt from.
  if (isFaultlineError(value)) return value;
  const carried = carriedError(parsedText(value));
  return carried === undefined ? normalizeError(value) : withEngineError(carried, value);
}

function parsedText(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
