import type { ErrorCategory } from '../foundation/category.js';
import type { BaseFields } from '../contract/class-fields.js';

/**
 * The fields every faultline error has, as a computed default (`retryable: (error) => ...`) sees
 * them. FaultlineError implements it; it lives apart so that the defaults can name it without
 * importing the class that installs them.
 */
export interface ErrorFields extends BaseFields {
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly message: string;
  readonly retryable: boolean;
}
