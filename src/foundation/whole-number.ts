/**
 * The rule for every numeric field (`retryAfterMs`, `status`, `timeoutMs`, `maxIterations`):
 * a whole number, never negative. Building an error never throws, so anything else is dropped
 * (`undefined`) and a fraction is rounded to the nearest whole number.
 */
export function toWholeNonNegative(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const rounded = Math.round(value);
  return rounded <= Number.MAX_SAFE_INTEGER ? rounded + 0 : undefined; // `+ 0` turns -0 into 0
}
