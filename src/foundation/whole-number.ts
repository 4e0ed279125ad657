/** The rule for every numeric field. Building an error never throws, so that anything else is dropped and a fraction rounded. */
export function toWholeNonNegative(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const rounded = Math.round(value);
  return rounded <= Number.MAX_SAFE_INTEGER ? rounded + 0 : undefined; // `+ 0` turns -0 into 0
}
