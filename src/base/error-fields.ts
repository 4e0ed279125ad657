import type { ErrorCategory } from '../foundation/category.js';
import type { BaseFields } from '../contract/class-fields.js';

/** The fields every error has, as a computed default sees them: apart, so the defaults need not import the class. */
export interface ErrorFields extends BaseFields {
  readonly name: string;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly message: string;
  readonly retryable: boolean;
}
