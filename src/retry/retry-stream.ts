import { ModelApiError, ModelError, type FaultlineError } from '../index.js';
import { checkType, invalidOption } from '../foundation/option-checks.js';
import { isErrorObject } from '../foundation/error-object.js';
import { whenAborted } from '../foundation/abort-waiters.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { usageInEvent, usageOfCounts, withUsageReported, type UsageCounts } from '../foundation/provider-usage.js';
import { aborted, setField, startAttempts, type Attempts } from './attempts.js';
import { withoutRetry, type ErrorPolicy } from './error-policy.js';
import { checkRetryOptions, type RetryOptions } from './retry-options.js';

/** Options of {@link retryStream}: those of `retry`, and how to read the stream's chunks. */
export interface RetryStreamOptions<Chunk> extends RetryOptions {
  /**
   * The error an in-band chunk stands for, or undefined for an ordinary chunk. Default: a chunk of type
   * `error` and OpenAI's `response.failed` event, which the SDKs yield as data rather than throw.
   */
  readonly errorOf?: ((chunk: Chunk) => unknown) | undefined;
  /**
   * Whether a chunk is output a consumer shows, after which a failure cannot be replayed blindly. Default:
   * every chunk but the AI SDK's, Anthropic's and the Responses API's framing events, which are held back
   * until the first output and dropped when an attempt fails before it, so that each is seen once.
   */
  readonly isOutput?: ((chunk: Chunk) => boolean) | undefined;
  /**
   * Retry after output has reached the consumer too, for a caller that can resume or discard what it
   * showed. Default `false`: such a failure is thrown at once, with `outputStarted: true`.
   */
  readonly retryAfterOutput?: boolean | undefined;
}

/** What `open` is handed for each attempt. */
export interface StreamAttempt {
  readonly attempt: number;
  /** Aborts when the consumer stops early, when the attempt failed, or when the caller's signal aborts. */
  readonly signal: AbortSignal;
}

// The events that frame a stream without being output of their own.
const FRAMING = /* @__PURE__ */ new Set([
  'start', 'start-step', 'finish-step', 'text-start', 'text-end', 'reasoning-start', 'reasoning-end', 'stream-start', 'response-metadata', 'raw', 'custom',
  'message_start', 'content_block_start', 'content_block_stop', 'ping',
  'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added',
]);

const WHERE = 'retryStream';

/**
 * Streams the chunks of `open({ attempt, signal })`, retrying a failure that comes before any output
 * reached the consumer, under the rules, options and events of `retry`: a thrown error, an in-band error
 * chunk, or a provider's stream that ends before its end event. A failure after output is thrown at once
 * with `outputStarted: true`, since replaying would show the text twice. Each failed attempt's error
 * carries the `usage` its events reported. Breaking out early ends the underlying stream; a control
 * signal is rethrown as it is, and the caller's abort ends the stream with an AgentAbortedError
 * (docs/streaming.md).
 *
 * @example
 * ```ts
 * import { streamText } from 'ai';
 * import { retryStream } from 'faultline/retry';
 *
 * for await (const part of retryStream(({ signal }) => streamText({ model, prompt, abortSignal: signal }).fullStream)) {
 *   if (part.type === 'text-delta') process.stdout.write(part.text);
 * }
 * ```
 */
export function retryStream<Chunk>(
  open: (attempt: StreamAttempt) => AsyncIterable<Chunk> | PromiseLike<AsyncIterable<Chunk>>,
  options?: RetryStreamOptions<Chunk>,
): AsyncIterable<Chunk> {
  // Checked here, at the call, not when the consumer first pulls.
  checkRetryOptions(WHERE, options);
  // Required: checkType passes undefined, and a missing `open` would fail only once the stream is read, as a failure to retry.
  if (typeof open !== 'function') throw invalidOption(WHERE, 'open', open, 'a function');
  for (const name of ['errorOf', 'isOutput'] as const) checkType(WHERE, name, options?.[name], 'function');
  checkType(WHERE, 'retryAfterOutput', options?.retryAfterOutput, 'boolean');
  // A new run of the attempts for each loop over it: an async generator is its own iterator.
  return { [Symbol.asyncIterator]: () => chunks(open, options) };
}

async function* chunks<Chunk>(
  open: (attempt: StreamAttempt) => AsyncIterable<Chunk> | PromiseLike<AsyncIterable<Chunk>>,
  options: RetryStreamOptions<Chunk> | undefined,
): AsyncGenerator<Chunk, void, undefined> {
  const attempts = startAttempts(options);
  const errorOf = options?.errorOf ?? inBandError;
  const isOutput = options?.isOutput ?? notFraming;
  let outputStarted = false;
  for (let attempt = 1; ; attempt++) {
    attempts.checkAborted();
    const controller = new AbortController();
    const stopWaiting = whenAborted(attempts.signal, () => { controller.abort(attempts.signal.reason); });
    let iterator: AsyncIterator<Chunk> | undefined;
    // Every way out of the loop but the end, the consumer's stop, the caller's abort and a control signal is a failure.
    let failure: unknown;
    let abortedByCaller = false;
    // Framing events before the first output: shown with it, dropped if the attempt fails first.
    const held: Chunk[] = [];
    // The event the provider's stream still owes to have ended, once a chunk has shown whose it is.
    let endEvent: string | undefined;
    let counts: UsageCounts = {};
    try {
      iterator = (await open({ attempt, signal: controller.signal }))[Symbol.asyncIterator]();
      for (;;) {
        // The caller's abort ends the stream between chunks, whatever the stream does with its signal.
        abortedByCaller = attempts.signal.aborted;
        if (abortedByCaller) break;
        const next = await iterator.next();
        // An SDK's stream may end quietly when the signal it was given aborts while a chunk is awaited:
        // still the caller's abort, not a failure to retry or report.
        abortedByCaller = attempts.signal.aborted;
        if (abortedByCaller) break;
        if (next.done === true) {
          iterator = undefined;
          if (endEvent === undefined) {
            yield* held;
            return;
          }
          // Cut off: the connection dropped, or the SDK lost the error that ended it.
          failure = new ModelApiError(`The stream ended before its end event, ${endEvent}`, { retryable: true, details: { endEvent } });
          break;
        }
        const chunk = next.value;
        counts = withUsageReported(counts, usageInEvent(chunk));
        const inBand = errorOf(chunk);
        if (inBand !== undefined && inBand !== null) {
          failure = inBandFailure(inBand);
          break;
        }
        endEvent = endEventOwed(chunk, endEvent);
        if (!outputStarted && !isOutput(chunk)) {
          held.push(chunk);
          continue;
        }
        outputStarted = true;
        yield* held.splice(0);
        yield chunk;
      }
    } catch (thrown) {
      // A LangGraph interrupt, or the caller's abort as the stream threw it: on as it is, once the stream is closed.
      if (attempts.isControlSignal(thrown)) throw thrown;
      failure = thrown;
    } finally {
      stopWaiting();
      controller.abort();
      if (iterator !== undefined) await closeQuietly(iterator);
    }
    if (abortedByCaller) throw aborted(attempts.signal);
    // A streamed call is a model call: its failures are read as the model family reads them.
    const error = ModelError.from(failure);
    // What the failed attempt cost, as its events reported, unless the error says so itself.
    const usage = usageOfCounts(counts);
    if (usage !== undefined && readProperty(error, 'usage') === undefined) setField(error, 'usage', usage);
    await attempts.failed(error, attempt, outputStarted ? policyAfterOutput(attempts, error, options?.retryAfterOutput === true) : undefined);
  }
}

// A caller that can resume gets the error's policy as it was before any output; any other gets none,
// whatever its own classify says, since a replay would show the output twice.
function policyAfterOutput(attempts: Attempts, error: FaultlineError, retryAfterOutput: boolean): ErrorPolicy {
  const before = retryAfterOutput ? attempts.policyOf(error) : undefined;
  // Set on an error of another class too (a TransientError the stream's own code threw), so that
  // `classify`, `isRetryable` and an outer `retry` see it whatever the class.
  setField(error, 'outputStarted', true);
  return before ?? withoutRetry(attempts.policyOf(error));
}

// Plain data in band (the AI SDK's part.error is the provider's raw `{ type, message }`) is read as the error
// event it came in, so that a type no table knows is still a model API error that keeps it.
function inBandFailure(error: unknown): unknown {
  const type = readString(error, 'type');
  return typeof error === 'object' && error !== null && !isErrorObject(error) && type !== 'error' && type !== 'response.failed'
    ? { type: 'error', error }
    : error;
}

/**
 * Owed from the event that shows whose stream it is. @anthropic-ai/sdk 1.12's `messages.stream()` ends
 * quietly when an error event comes while the consumer is between chunks: only the missing end tells.
 */
function endEventOwed(chunk: unknown, owed: string | undefined): string | undefined {
  const type = readString(chunk, 'type');
  if (type === 'message_start') return 'message_stop';
  if (type === 'response.created') return 'response.completed';
  if (type === 'message_stop' || type === 'response.completed' || type === 'response.incomplete') return undefined;
  const choices = readString(chunk, 'object') === 'chat.completion.chunk' ? readProperty(chunk, 'choices') : undefined;
  // Each choice ends with its finish_reason; the usage chunk that may follow has no choice.
  if (Array.isArray(choices) && choices.length > 0) {
    return choices.some((choice: unknown) => typeof readProperty(choice, 'finish_reason') === 'string') ? undefined : 'finish_reason';
  }
  return owed;
}

async function closeQuietly<Chunk>(iterator: AsyncIterator<Chunk>): Promise<void> {
  try {
    await iterator.return?.();
  } catch {
    // a stream that fails as it closes: the failure that ended it, if any, is the one that counts
  }
}

function inBandError(chunk: unknown): unknown {
  const type = readString(chunk, 'type');
  if (type === 'response.failed') return chunk;
  return type === 'error' ? (readProperty(chunk, 'error') ?? chunk) : undefined;
}

function notFraming(chunk: unknown): boolean {
  const type = readString(chunk, 'type');
  if (type !== undefined) return !FRAMING.has(type);
  // A chat-completions chunk (no `type`) is output when a choice's delta carries text, a refusal or a
  // tool call: the first chunk, `{ role: 'assistant', content: '' }`, carries none.
  const choices = readProperty(chunk, 'choices');
  return !Array.isArray(choices) || choices.some((choice: unknown) => {
    const delta = readProperty(choice, 'delta');
    const content = readProperty(delta, 'content');
    const refusal = readProperty(delta, 'refusal');
    return (typeof content === 'string' && content !== '') || (typeof refusal === 'string' && refusal !== '')
      || readProperty(delta, 'tool_calls') !== undefined || readProperty(delta, 'function_call') !== undefined;
  });
}
