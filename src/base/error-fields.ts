import type { ErrorCategory } from '../foundation/category.js';
import type { ErrorDetails } from '../foundation/json.js';

/**
 * The fields every faultline error has, as a computed default (`retryable: (error) => ...`) sees
 * them. FaultlineError implements it; it lives apart so that the defaults can name it without
 * importing the class that installs them.
 */
export interface ErrorFields {
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly message: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly status?: number;
  readonly requestId?: string;
  readonly recommendations?: readonly string[];
  readonly details?: ErrorDetails;
}
