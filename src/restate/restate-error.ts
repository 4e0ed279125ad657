import { toHttpStatus } from '../http/index.js';
import { deserializeError, normalizeError, serializeError, type FaultlineError, type SerializedError } from '../index.js';
import { mayRunAgain } from '../foundation/policy-fields.js';
import { readProperty as at } from '../foundation/safe-read.js';
import { withEngineError } from '../durable/engine-error.js';
import { restateSdk } from './load-sdk.js';
import type { RestateRetryableError, RestateTerminalError } from './sdk.js';
import { isInstanceOf } from '../foundation/guarded-instance.js';

export const METADATA_KEY = 'faultline';

/** An error that writes more is serialized again under tighter limits, cut and marked, so that a journal entry stays small. */
export const MAX_METADATA_LENGTH = 8192;

const FITTING_LIMITS = [
  { maxMessageLength: 2000, maxDetailsSize: 2048, maxDepth: 4, maxErrors: 10 },
  { maxMessageLength: 500, maxDetailsSize: 256, maxDepth: 2, maxErrors: 2 },
  { maxMessageLength: 200, maxDetailsSize: 0, maxDepth: 1, maxErrors: 0 },
] as const;

/**
 * What Restate should do with any thrown value (normalized first): a non-retryable error becomes a
 * `TerminalError` whose `errorCode` is `toHttpStatus` and whose metadata carries the serialized error
 * (redacted, bounded); a retryable one a `RetryableError` whose `retryAfter` is `retryAfterMs`. Both are
 * the application's own SDK classes; without the SDK installed, it throws an Error that names the package.
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { toRestateError } from 'faultline/restate';
 *
 * const answer = await ctx.run('call model', async () => {
 *   try {
 *     return await callModel();
 *   } catch (error) {
 *     throw toRestateError(error); // a quota error is terminal; a 429 retries after its Retry-After
 *   }
 * });
 * ```
 */
export function toRestateError(error: unknown): RestateTerminalError | RestateRetryableError {
  const { RetryableError, TerminalError } = restateSdk();
  // Already what Restate reads: as it is (a step's RetryableError reaches the handler's hook too).
  if (isInstanceOf(error, TerminalError) || isInstanceOf(error, RetryableError)) return error;
  const value: FaultlineError = normalizeError(error);
  const json = serializeError(value);
  if (mayRunAgain(value)) {
    // A delay of 0 sets none: Restate's own retry policy applies.
    const delay = json.retryAfterMs;
    return new RetryableError(json.message, { cause: value, ...(delay !== undefined && delay > 0 && { retryAfter: delay }) });
  }
  return new TerminalError(json.message, { errorCode: toHttpStatus(value), metadata: { [METADATA_KEY]: fittingJson(value, json) } });
}


function fittingJson(error: FaultlineError, json: SerializedError): string {
  let text = JSON.stringify(json);
  for (const limits of FITTING_LIMITS) {
    if (text.length <= MAX_METADATA_LENGTH) return text;
    text = JSON.stringify(serializeError(error, limits));
  }
  if (text.length <= MAX_METADATA_LENGTH) return text;
  // Past every limit (a name or a code of thousands of characters): the head alone, each part cut.
  const { name, code, category, message, retryable } = json;
  return JSON.stringify({
    name: name.slice(0, 200), code: code.slice(0, 200), category, message: message.slice(0, 200), retryable, truncated: { message: message.length, details: true },
  });
}

/**
 * For a Restate service's `asTerminalError` option: a non-retryable error becomes the TerminalError of
 * {@link toRestateError}; a retryable one stays an error Restate retries, after the delay it asks for.
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { asTerminalError } from 'faultline/restate';
 *
 * const agent = restate.service({ name: 'agent', handlers: { run: async (ctx, input) => input }, options: { asTerminalError } });
 * ```
 */
export function asTerminalError(error: unknown): RestateTerminalError | undefined {
  const mapped = toRestateError(error);
  return mapped instanceof restateSdk().TerminalError ? mapped : undefined;
}

/**
 * The faultline error a caller sees of a failed Restate call: a `TerminalError`, an `HttpCallError` of the
 * typed client, or the raw ingress body. The metadata's serialized error comes back as the same class, the
 * value given as its `engineError`; anything else is classified by its status and the body's message
 * (docs/restate.md). Never throws, and needs no SDK installed.
 *
 * @example
 * ```ts
 * import { fromRestateError } from 'faultline/restate';
 *
 * try {
 *   await client.serviceClient(agent).run(input);
 * } catch (error) {
 *   const failure = fromRestateError(error); // the ModelQuotaExceededError thrown in the step
 * }
 * ```
 */
export function fromRestateError(value: unknown): FaultlineError {
  const carried = carriedError(value);
  if (carried !== undefined) return carried;
  // The status may be on the value (an HttpCallError's `status`) or in the body only (its text).
  const body = bodyOf(value);
  const status = statusAt(value) ?? statusAt(body);
  // The body's message first: an HttpCallError's own is `Request failed: <status>` and the whole body.
  const message = textAt(body, 'message') ?? textAt(value, 'message');
  return normalizeError({ name: 'RestateError', message: message ?? 'The Restate call failed', status, cause: value });
}

function carriedError(value: unknown): FaultlineError | undefined {
  for (const holder of [value, bodyOf(value)]) {
    const metadata = at(holder, 'metadata');
    const text = textAt(metadata, METADATA_KEY);
    if (text === undefined) continue;
    try {
      return withEngineError(deserializeError(text), value);
    } catch {
      // metadata that is not faultline's
    }
  }
  return undefined;
}

function bodyOf(value: unknown): unknown {
  const text = typeof value === 'string' ? value : textAt(value, 'responseText');
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.slice(0, 1_000_000)) as unknown;
  } catch {
    return undefined;
  }
}

/** `code` (a TerminalError, an ingress body), `status` (HttpCallError), `errorCode`. */
function statusAt(value: unknown): number | undefined {
  return numberAt(value, 'code') ?? numberAt(value, 'status') ?? numberAt(value, 'errorCode');
}

function textAt(value: unknown, key: string): string | undefined {
  const found = at(value, key);
  return typeof found === 'string' ? found : undefined;
}

function numberAt(value: unknown, key: string): number | undefined {
  const found = at(value, key);
  return typeof found === 'number' && Number.isInteger(found) && found >= 100 && found <= 599 ? found : undefined;
}
