import type { FaultlineError } from './faultline-error.js';
import { hasFaultlineBrand } from '../foundation/brand.js';

/**
 * Whether `value` is a faultline error, made by this copy of the package or any other
 * (ESM and CJS builds, two installed versions). A plain object that copies `name` or `code`
 * is not one.
 *
 * @example
 * ```ts
 * if (isFaultlineError(caught)) logger.warn(caught.code, caught.toJSON());
 * ```
 */
export function isFaultlineError(value: unknown): value is FaultlineError {
  return hasFaultlineBrand(value);
}
