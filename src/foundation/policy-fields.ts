import { readProperty } from './safe-read.js';
import { toWholeNonNegative } from './whole-number.js';

// Read from any value (another copy's error, one read back from a peer, a field mutated or made a throwing
// getter): what is not what the type says reads as absent, so that a retry fails closed.

/** Timers keep delays in a signed 32-bit integer, and a longer one fires after 1 ms. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** `retryable`: true only for the boolean `true`. A string `"yes"`, a throwing getter, a revoked Proxy: false. */
export function retryableOf(error: unknown): boolean {
  return readProperty(error, 'retryable') === true;
}

export function retryAfterMsOf(error: unknown): number | undefined {
  return toWholeNonNegative(readProperty(error, 'retryAfterMs'));
}

/** Past what a timer can wait it is `Infinity`, not dropped: the server asked for more than anyone can wait, not for nothing. */
export function serverDelayOf(error: unknown): number | undefined {
  const value = readProperty(error, 'retryAfterMs');
  return typeof value === 'number' && value > MAX_TIMER_DELAY_MS ? Infinity : toWholeNonNegative(value);
}

/**
 * Not a stream that had shown output (`outputStarted`), which is never replayed (docs/streaming.md): the one
 * rule faultline/retry's `isRetryable` and every durable-engine adapter decide by.
 */
export function mayRunAgain(error: unknown): boolean {
  return retryableOf(error) && readProperty(error, 'outputStarted') !== true;
}
