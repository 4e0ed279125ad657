import type { ErrorEvent, FaultlineError } from '../index.js';
import { checkNumber, checkOneOf, checkType, invalidOption } from '../foundation/option-checks.js';
import type { ErrorPolicy } from './error-policy.js';

/** The clock `retry` waits on: injectable, so that tests never sleep for real. */
export interface RetryClock {
  now(): number;
  /** Waits `ms`, and rejects at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
}

/**
 * Options of {@link retry}, each with a default (docs/retry.md). An option that is not what its type says
 * (`maxAttempts: NaN`, which `Number(process.env.X)` gives when X is unset) is refused at the call.
 */
export interface RetryOptions {
  /** The most attempts in all, over the policy's own: a whole number, 1 or more. Default (and `Infinity`): the error's policy (`classify`). */
  readonly maxAttempts?: number | undefined;
  /** The first backoff step, in milliseconds. Default 500. */
  readonly baseDelayMs?: number | undefined;
  /** The longest backoff retry computes itself. Default 30,000; `Infinity` lets it grow to what a timer can wait (2³¹ − 1 ms). */
  readonly maxDelayMs?: number | undefined;
  /**
   * The longest delay a server may ask for before retry gives up instead of waiting. Default 60,000. A delay
   * of 2³¹ ms or more, more than a timer can wait, always gives up, the delay kept on the error.
   */
  readonly maxRetryAfterMs?: number | undefined;
  /** A budget for all attempts and waits together, in milliseconds. Default (and `Infinity`): none. */
  readonly totalTimeoutMs?: number | undefined;
  /** Aborts the waits (at once) and is handed to every attempt. */
  readonly signal?: AbortSignal | undefined;
  /** Called before each wait. A hook that throws or rejects never breaks the call. */
  readonly onRetry?: ((event: { readonly error: FaultlineError; readonly attempt: number; readonly delayMs: number }) => void) | undefined;
  /**
   * Called for every failed attempt, the last included, with the error serialized: the place for a cost
   * counter, since a model error carries its attempt's `usage`. A hook that throws or rejects never breaks the call.
   */
  readonly onError?: ((event: ErrorEvent) => void) | undefined;
  /** What the attempts call: `onError`'s phase. Default `system`. */
  readonly phase?: ErrorEvent['phase'] | undefined;
  /** The policy of an error. Default `classify`. */
  readonly classify?: ((error: FaultlineError) => ErrorPolicy) | undefined;
  readonly clock?: RetryClock | undefined;
  /** A number in [0, 1): the jitter. Default `Math.random`. */
  readonly random?: (() => number) | undefined;
}

const PHASES: readonly ErrorEvent['phase'][] = ['model', 'tool', 'agent', 'system'];

export function checkRetryOptions(where: string, options: RetryOptions | undefined): void {
  if (options === undefined) return;
  checkType(where, 'options', options, 'object');
  checkNumber(where, 'maxAttempts', options.maxAttempts, { min: 1, whole: true, infinite: true });
  checkNumber(where, 'baseDelayMs', options.baseDelayMs, { min: 0 });
  for (const name of ['maxDelayMs', 'maxRetryAfterMs', 'totalTimeoutMs'] as const) checkNumber(where, name, options[name], { min: 0, infinite: true });
  for (const name of ['onRetry', 'onError', 'classify', 'random'] as const) checkType(where, name, options[name], 'function');
  checkOneOf(where, 'phase', options.phase, PHASES);
  // Read through `?.`: null or a number is refused with the same words as an object without them.
  const { signal, clock } = options as { readonly signal?: { readonly aborted?: unknown } | null; readonly clock?: Partial<RetryClock> | null };
  if (signal !== undefined && typeof signal?.aborted !== 'boolean') throw invalidOption(where, 'signal', signal, 'an AbortSignal');
  if (clock !== undefined && (typeof clock?.now !== 'function' || typeof clock.sleep !== 'function')) {
    throw invalidOption(where, 'clock', clock, 'an object with now() and sleep()');
  }
}
