import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, ModelApiError, ModelQuotaExceededError, ModelRateLimitError, TransientError,
} from '../../src/index.js';
import { collect } from './collect.js';
import { classify, retryStream, type RetryClock, type RetryStreamOptions, type StreamAttempt } from '../../src/retry/index.js';

function fakeClock(): RetryClock & { readonly sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: (ms) => { sleeps.push(ms); now += ms; return Promise.resolve(); } };
}

type Step<Chunk> = Chunk | { readonly throw: unknown };

/** A scripted stream per attempt: its chunks, or a throw at a step; records what the consumer made it do. */
function scripted<Chunk>(...attempts: Step<Chunk>[][]) {
  const log = { opened: [] as number[], returned: 0, signals: [] as AbortSignal[] };
  const open = ({ attempt, signal }: StreamAttempt): AsyncIterable<Chunk> => {
    log.opened.push(attempt);
    log.signals.push(signal);
    const steps = attempts[attempt - 1] ?? [];
    let index = 0;
    return {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          const step = steps[index++];
          if (step === undefined) return Promise.resolve({ done: true as const, value: undefined });
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the scripted stream rejects with what the case throws
          if (typeof step === 'object' && step !== null && 'throw' in step) return Promise.reject(step.throw);
          return Promise.resolve({ done: false as const, value: step });
        },
        return: () => {
          log.returned++;
          return Promise.resolve({ done: true as const, value: undefined });
        },
      }),
    };
  };
  return { open, log };
}


const overloaded = (): Error => Object.assign(new Error('Overloaded'), { status: undefined, headers: new Headers(), error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });

describe('retryStream', () => {
  it('streams every chunk of a stream that succeeds, opening it once with the attempt and a signal', async () => {
    const { open, log } = scripted(['a', 'b', 'c']);
    expect(await collect(retryStream(open))).toEqual({ chunks: ['a', 'b', 'c'] });
    expect([log.opened, log.signals[0] instanceof AbortSignal]).toEqual([[1], true]);
  });

  it('retries a failure before any output under retry’s rules, and the consumer sees each chunk once', async () => {
    const clock = fakeClock();
    const retries: number[] = [];
    const { open, log } = scripted<string>([{ throw: new ModelRateLimitError({ retryAfterMs: 2000 }) }], ['a', 'b']);
    expect(await collect(retryStream(open, { clock, random: () => 0, onRetry: ({ delayMs }) => retries.push(delayMs) }))).toEqual({ chunks: ['a', 'b'] });
    expect([log.opened, clock.sleeps, retries]).toEqual([[1, 2], [2000], [2000]]);
  });

  it('holds framing events back until the first output, and drops them when the attempt fails before it', async () => {
    const { open, log } = scripted<{ type: string; text?: string }>(
      [{ type: 'start' }, { type: 'start-step' }, { throw: overloaded() }],
      [{ type: 'start' }, { type: 'start-step' }, { type: 'text-delta', text: 'Hi' }, { type: 'finish' }],
    );
    const { chunks } = await collect(retryStream(open, { clock: fakeClock() }));
    expect([chunks.map((chunk) => chunk.type), log.opened]).toEqual([['start', 'start-step', 'text-delta', 'finish'], [1, 2]]);
  });

  it('takes the AI SDK’s in-band error parts as failures', async () => {
    const { open, log } = scripted<{ type: string; error?: unknown; text?: string }>(
      [{ type: 'start' }, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      [{ type: 'text-delta', text: 'Hi' }],
    );
    const { chunks } = await collect(retryStream(open, { clock: fakeClock() }));
    expect([chunks, log.opened]).toEqual([[{ type: 'text-delta', text: 'Hi' }], [1, 2]]);
  });

  it('takes any other shape of error chunk through errorOf', async () => {
    const { open, log } = scripted<{ failure?: string; token?: string }>([{ failure: 'server_error' }], [{ token: 'x' }]);
    const stream = retryStream(open, { clock: fakeClock(), errorOf: (chunk) => (chunk.failure === undefined ? undefined : { type: 'error', code: chunk.failure, message: 'failed' }) });
    expect([(await collect(stream)).chunks, log.opened]).toEqual([[{ token: 'x' }], [1, 2]]);
  });

  it('throws a failure after output at once, as a model error with outputStarted: true, without a replay', async () => {
    const events: unknown[] = [];
    const { open, log } = scripted<string>(['Hello', { throw: overloaded() }], ['never']);
    const { chunks, error } = await collect(retryStream(open, { clock: fakeClock(), onError: (event) => events.push(event.error.name) }));
    expect([chunks, log.opened, error?.constructor, error?.retryable, (error as { outputStarted?: boolean } | undefined)?.outputStarted]).toEqual([
      ['Hello'], [1], ModelApiError, true, true,
    ]);
    expect([error?.details, events]).toEqual([{ attempts: 1 }, ['ModelApiError']]);
  });

  it('never replays output, even when the caller’s own classify would retry', async () => {
    const { open, log } = scripted<string>(['Hello', { throw: new TransientError() }], ['again']);
    const alwaysRetry = (): ReturnType<typeof classify> => ({ ...classify(new TransientError()), retry: { maxAttempts: 9, backoff: 'none' } });
    const { error } = await collect(retryStream(open, { clock: fakeClock(), classify: alwaysRetry }));
    // Not a model error: outputStarted is set on it all the same, so that classify and an outer retry see it.
    expect([log.opened, error?.details, (error as { outputStarted?: boolean } | undefined)?.outputStarted]).toEqual([[1], { attempts: 1 }, true]);
    expect(classify(error).retry.maxAttempts).toBe(0);
  });

  it('retries after output too with retryAfterOutput, for a caller that can resume or discard it', async () => {
    const { open, log } = scripted<string>(['Hel', { throw: overloaded() }], ['Hello']);
    expect((await collect(retryStream(open, { clock: fakeClock(), retryAfterOutput: true }))).chunks).toEqual(['Hel', 'Hello']);
    expect(log.opened).toEqual([1, 2]);
  });

  it('asks the caller’s classify once per failure after output: before the mark with retryAfterOutput, after it without', async () => {
    for (const retryAfterOutput of [true, false]) {
      const asked: (boolean | undefined)[] = [];
      const counting = (error: unknown): ReturnType<typeof classify> => {
        asked.push((error as { outputStarted?: boolean }).outputStarted);
        return classify(error);
      };
      const { open } = scripted<string>(['Hel', { throw: overloaded() }], ['Hello']);
      await collect(retryStream(open, { clock: fakeClock(), retryAfterOutput, classify: counting }));
      expect(asked).toEqual(retryAfterOutput ? [undefined] : [true]);
    }
  });

  it('gives up at once on what is not retryable', async () => {
    const { open, log } = scripted<string>([{ throw: new ModelQuotaExceededError() }], ['never']);
    const { error } = await collect(retryStream(open, { clock: fakeClock() }));
    expect([error?.constructor, log.opened]).toEqual([ModelQuotaExceededError, [1]]);
  });

  it('ends the underlying stream when the consumer breaks out early: return() is called and the signal aborts', async () => {
    const { open, log } = scripted(['a', 'b', 'c']);
    for await (const chunk of retryStream(open)) if (chunk === 'a') break;
    expect([log.returned, log.signals[0]?.aborted, log.opened]).toEqual([1, true, [1]]);
  });

  it('ends with an AgentAbortedError when the caller’s signal aborts, closing the stream', async () => {
    const controller = new AbortController();
    const { open, log } = scripted(['a', 'b']);
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const chunk of retryStream(open, { signal: controller.signal, clock: fakeClock() })) {
        seen.push(chunk);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect([seen, log.signals[0]?.aborted, log.returned]).toEqual([['a'], true, 1]);
    expect(caught).toBeInstanceOf(AgentAbortedError);
  });

  it.each<[string, Partial<RetryStreamOptions<string>>, string]>([
    ['errorOf', { errorOf: 'x' as never }, 'retryStream: the option errorOf must be a function; got "x"'],
    ['isOutput', { isOutput: 1 as never }, 'retryStream: the option isOutput must be a function; got 1'],
    ['retryAfterOutput', { retryAfterOutput: 'yes' as never }, 'retryStream: the option retryAfterOutput must be a boolean; got "yes"'],
    ['maxAttempts', { maxAttempts: Number.NaN }, 'retryStream: the option maxAttempts must be a whole number, 1 or more (or Infinity); got NaN'],
  ])('refuses an invalid %s at the call', (_, options, message) => {
    expect(() => retryStream(scripted(['a']).open, options)).toThrow(new TypeError(message));
  });

  it.each([undefined, 'https://api.example.com/stream'])('refuses an open that is not a function (%s) at the call, before any attempt', (open) => {
    expect(() => retryStream(open as never)).toThrow(new TypeError(`retryStream: the option open must be a function; got ${open === undefined ? 'undefined' : `"${open}"`}`));
  });
});

describe('retryStream and a provider’s end event', () => {
  const chat = (finish: string | null, content = 'x', choices = 1): object => ({
    object: 'chat.completion.chunk', choices: Array.from({ length: choices }, (_, index) => ({ index, delta: { content }, finish_reason: index === 0 ? finish : null })),
  });
  const usage = { object: 'chat.completion.chunk', choices: [], usage: { total_tokens: 3 } };

  it.each<[string, unknown[], string | undefined]>([
    ['Anthropic, ended by message_stop', [{ type: 'message_start' }, { type: 'content_block_delta' }, { type: 'message_stop' }], undefined],
    ['Anthropic, cut before message_stop', [{ type: 'message_start' }, { type: 'content_block_delta' }, { type: 'message_delta' }], 'message_stop'],
    ['the Responses API, ended by response.completed', [{ type: 'response.created' }, { type: 'response.output_text.delta' }, { type: 'response.completed' }], undefined],
    ['the Responses API, ended by response.incomplete (its token limit)', [{ type: 'response.created' }, { type: 'response.output_text.delta' }, { type: 'response.incomplete' }], undefined],
    ['the Responses API, cut before response.completed', [{ type: 'response.created' }, { type: 'response.output_text.delta' }], 'response.completed'],
    ['a chat completion, ended by a finish_reason', [chat(null), chat('stop', '')], undefined],
    ['a chat completion, with its usage chunk after the finish_reason', [chat(null), chat('stop', ''), usage], undefined],
    ['a chat completion, cut before a finish_reason', [chat(null), chat(null)], 'finish_reason'],
    ['a chat completion of two choices, cut after the first finished', [chat(null, 'x', 2), chat('stop', '', 1), { object: 'chat.completion.chunk', choices: [{ index: 1, delta: { content: 'y' }, finish_reason: null }] }], 'finish_reason'],
    ['chunks of no stream faultline knows', ['a', { type: 'text-delta' }, { choices: [{ delta: { content: 'x' }, finish_reason: null }] }], undefined],
  ])('%s', async (_, chunks, endEvent) => {
    const { error } = await collect(retryStream(scripted(chunks).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect(error === undefined ? undefined : [error.constructor, error.retryable, (error as { outputStarted?: boolean }).outputStarted, error.details])
      .toEqual(endEvent === undefined ? undefined : [ModelApiError, true, true, { endEvent, attempts: 1 }]);
  });

  it('retries a stream cut before any output, and the consumer sees each chunk once', async () => {
    const { open, log } = scripted<unknown>([{ type: 'message_start' }, { type: 'ping' }], [{ type: 'message_start' }, { type: 'content_block_delta' }, { type: 'message_stop' }]);
    const { chunks, error } = await collect(retryStream(open, { clock: fakeClock() }));
    expect([error, chunks, log.opened]).toEqual([undefined, [{ type: 'message_start' }, { type: 'content_block_delta' }, { type: 'message_stop' }], [1, 2]]);
  });
});

describe('classify, after output', () => {
  it('gives no retry to an error with outputStarted: true, keeping fallback as its class gives', () => {
    const error = new ModelApiError({ status: 503, outputStarted: true });
    Object.defineProperty(error, 'outputStarted', { value: true, enumerable: true });
    expect(classify(error)).toMatchObject({ retry: { maxAttempts: 0, backoff: 'none' }, fallback: true });
    expect(classify(new ModelApiError({ status: 503 })).retry.maxAttempts).toBe(3);
  });
});

describe('retryStream and the caller’s abort', () => {
  it('ends with an AgentAbortedError when the stream ends quietly after the caller’s signal aborted, as the SDKs’ streams do', async () => {
    const controller = new AbortController();
    const quiet: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => {
        let sent = 0;
        return { next: () => Promise.resolve(sent++ === 0 ? { done: false as const, value: 'a' } : { done: true as const, value: undefined }) };
      },
    };
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const chunk of retryStream(() => quiet, { signal: controller.signal, clock: fakeClock() })) {
        seen.push(chunk);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect([seen, caught instanceof AgentAbortedError]).toEqual([['a'], true]);
  });

  it('tells onError nothing and counts no attempt when the signal aborts while the stream is read, and the stream then ends quietly', async () => {
    const controller = new AbortController();
    const quiet: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        // The caller aborts while retryStream waits for this chunk; the SDK's stream then ends.
        next: () => {
          controller.abort();
          return Promise.resolve({ done: true as const, value: undefined });
        },
      }),
    };
    const told: unknown[] = [];
    const caught = await collect(retryStream(() => quiet, { signal: controller.signal, clock: fakeClock(), onError: (event) => told.push(event) }));
    expect(caught.error).toBeInstanceOf(AgentAbortedError);
    expect([told, caught.error?.details]).toEqual([[], undefined]);
  });
});

describe('retryStream and what a failed attempt cost', () => {
  const usageOf = (error: unknown): unknown => (error as { usage?: unknown } | undefined)?.usage;
  const start = (input: number): object => ({ type: 'message_start', message: { usage: { input_tokens: input, output_tokens: 1 } } });

  it('gives each failed attempt’s error the usage that attempt’s events reported, as onError, onRetry and the caller get it', async () => {
    const retried: unknown[] = [];
    const told: unknown[] = [];
    const { open } = scripted<unknown>(
      [start(10), { throw: overloaded() }],
      [start(20), { type: 'message_delta', usage: { output_tokens: 4 } }, { throw: overloaded() }],
    );
    const { error } = await collect(retryStream(open, {
      clock: fakeClock(), maxAttempts: 2, onRetry: ({ error: failed }) => retried.push(usageOf(failed)), onError: ({ error: failed }) => told.push(failed.usage),
    }));
    expect([retried, told, usageOf(error)]).toEqual([[{ inputTokens: 10, outputTokens: 1 }], [{ inputTokens: 10, outputTokens: 1 }, { inputTokens: 20, outputTokens: 4 }], { inputTokens: 20, outputTokens: 4 }]);
  });

  it('reads usage from the in-band error event itself: the Responses API’s response.failed', async () => {
    const failed = { type: 'response.failed', response: { status: 'failed', error: { code: 'server_error', message: 'boom' }, usage: { input_tokens: 9, output_tokens: 2, total_tokens: 11, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } } };
    const { error } = await collect(retryStream(scripted<unknown>([{ type: 'response.created', response: { usage: null } }, failed]).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect([error?.constructor, usageOf(error)]).toEqual([ModelApiError, { inputTokens: 9, outputTokens: 2, totalTokens: 11, cachedInputTokens: 0, reasoningTokens: 0 }]);
  });

  it('gives usage to a failure after output, and to a stream cut before its end event', async () => {
    const after = await collect(retryStream(scripted<unknown>([start(5), { type: 'content_block_delta' }, { throw: overloaded() }]).open, { clock: fakeClock() }));
    const cut = await collect(retryStream(scripted<unknown>([start(6), { type: 'content_block_delta' }]).open, { clock: fakeClock() }));
    expect([usageOf(after.error), (after.error as { outputStarted?: boolean }).outputStarted]).toEqual([{ inputTokens: 5, outputTokens: 1 }, true]);
    expect([cut.error?.details, usageOf(cut.error)]).toEqual([{ endEvent: 'message_stop', attempts: 1 }, { inputTokens: 6, outputTokens: 1 }]);
  });

  it('gives no usage key at all to a failure whose events reported none, never a zero', async () => {
    const { error } = await collect(retryStream(scripted<unknown>([{ type: 'message_start', message: {} }, { throw: overloaded() }]).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect([error?.constructor, error !== undefined && 'usage' in error]).toEqual([ModelApiError, false]);
  });

  it('keeps the usage an error says itself over what the events reported', async () => {
    const own = new ModelApiError('boom', { status: 503, usage: { inputTokens: 1 } });
    const { error } = await collect(retryStream(scripted<unknown>([start(50), { throw: own }]).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect([error, usageOf(error)]).toEqual([own, { inputTokens: 1 }]);
  });

  it('gives usage to a faultline error of another class that the stream threw', async () => {
    const { error } = await collect(retryStream(scripted<unknown>([start(7), { throw: new TransientError('socket hang up') }]).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect([error?.constructor, usageOf(error)]).toEqual([TransientError, { inputTokens: 7, outputTokens: 1 }]);
  });

  it('leaves a frozen error as it is', async () => {
    const frozen = Object.freeze(new ModelApiError('boom', { status: 400 }));
    const { error } = await collect(retryStream(scripted<unknown>([start(7), { throw: frozen }]).open, { clock: fakeClock(), maxAttempts: 1 }));
    expect([error, error !== undefined && 'usage' in error]).toEqual([frozen, false]);
  });
});
