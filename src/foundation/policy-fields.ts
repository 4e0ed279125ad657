import { readProperty } from './safe-read.js';
import { toWholeNonNegative } from './whole-number.js';

/*
 * The two fields a retry decision reads, read the way the constructor keeps them, from any value: an
 * error made by another copy, one read back from a remote peer, or one whose field was mutated to a
 * string or made a getter that throws. What is not what the type says reads as absent: fail closed.
 */

/**
 * The longest delay a timer can wait: Node, browsers and workers keep timeouts in a signed 32-bit
 * integer, and a longer one fires after 1 ms. A delay past it is one no process should wait in memory.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** `retryable`: true only for the boolean `true`. A string `"yes"`, a throwing getter, a revoked Proxy: false. */
export function retryableOf(error: unknown): boolean {
  return readProperty(error, 'retryable') === true;
}

/**
 * `retryAfterMs`: a whole number of milliseconds, 0 or more, as the constructor keeps it (a fraction
 * rounded); anything else (a string, NaN, a negative, `1e308`, a throwing getter) is undefined.
 */
export function retryAfterMsOf(error: unknown): number | undefined {
  return toWholeNonNegative(readProperty(error, 'retryAfterMs'));
}

/**
 * `retryAfterMs` as a wait reads it: `retryAfterMsOf`, except that a number past what a timer can wait
 * is `Infinity`, a delay nobody can wait, where the whole-number rule drops it (`1e308`, `Infinity`):
 * the server asked for more than anyone can wait, not for nothing.
 */
export function serverDelayOf(error: unknown): number | undefined {
  const value = readProperty(error, 'retryAfterMs');
  return typeof value === 'number' && value > MAX_TIMER_DELAY_MS ? Infinity : toWholeNonNegative(value);
}

/**
 * Whether whoever runs the call may run it again: `retryable`, and not a stream that had shown output
 * (`outputStarted`), which is never replayed (docs/streaming.md), whatever the provider said. The one rule
 * faultline/retry's `isRetryable` and every durable-engine adapter decide by.
 */
export function mayRunAgain(error: unknown): boolean {
  return retryableOf(error) && readProperty(error, 'outputStarted') !== true;
}
