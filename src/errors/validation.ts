import { builtInClass, FaultlineError } from '../base/faultline-error.js';
import type { FaultlineErrorOptions } from '../base/options.js';
import { VALIDATION_FIELDS, type FieldOptionsOf, type FieldsOf } from '../contract/class-fields.js';
import { isFaultlineError } from '../base/is-faultline-error.js';
import { recognize, type Recognition } from '../recognition/recognize.js';
import { zodIssueFields } from '../recognition/zod-issues.js';
import { mappedOptions } from '../recognition/mapped-options.js';

/** Options of {@link ValidationError}. */
export interface ValidationErrorOptions extends FaultlineErrorOptions, FieldOptionsOf<typeof VALIDATION_FIELDS> {}

/** What `ValidationError.from` may add to the error it builds. */
export type ValidationContext = Omit<ValidationErrorOptions, 'cause'>;

// The instance fields are declared by VALIDATION_FIELDS (src/contract/class-fields.ts), with their TSDoc.
export interface ValidationError extends FieldsOf<typeof VALIDATION_FIELDS> {}

/**
 * Input did not have the expected shape: a tool's arguments, a model's structured output, a
 * config file. `fields` says what is wrong where.
 *
 * @example
 * ```ts
 * throw new ValidationError('Invalid tool arguments', { fields: { query: 'Required' } });
 * ```
 */
export class ValidationError extends /* @__PURE__ */ builtInClass(FaultlineError, 'ValidationError', {
  code: 'VALIDATION_FAILED',
  category: 'VALIDATION',
  message: 'Validation failed',
  fields: VALIDATION_FIELDS,
}) {
  /**
   * Turns a ZodError (of any zod version or copy, recognized by its shape) into a ValidationError whose
   * `fields` map each issue's dotted path to its message. The ZodError stays reachable as `cause`.
   *
   * @example
   * ```ts
   * const result = schema.safeParse(input);
   * if (!result.success) throw ValidationError.fromZodError(result.error);
   * ```
   */
  static fromZodError(zodError: unknown, context?: ValidationContext): ValidationError {
    return validationErrorFor(zodError, { ...recognize(zodError), message: undefined }, context);
  }

  /**
   * Maps any value into a ValidationError, with `fields` when it is a ZodError. A faultline
   * error passes through unchanged.
   *
   * @example
   * ```ts
   * const error = ValidationError.from(new Error('bad input'));
   * ```
   */
  static override from<E extends FaultlineError>(value: E, context?: ValidationContext): E;
  static override from(value: unknown, context?: ValidationContext): ValidationError;
  static override from(value: unknown, context?: ValidationContext): FaultlineError {
    return isFaultlineError(value) ? value : validationErrorFor(value, recognize(value), context);
  }
}

// Outside the class body on purpose: see isAbstractBase in base/faultline-error.ts. `fields` are given
// when the caller has read them already.
export function validationErrorFor(
  value: unknown,
  recognition: Recognition,
  context: ValidationContext | undefined,
  fields = recognition.issues === undefined ? undefined : zodIssueFields(value),
): ValidationError {
  const options = mappedOptions(value, recognition, context);
  return fields === undefined ? new ValidationError(recognition.message, options) : new ValidationError(summarize(fields), { ...options, fields });
}

function summarize(fields: Readonly<Record<string, string>>): string {
  const entries = Object.entries(fields);
  if (entries.length === 0) return 'Validation failed';
  return `Validation failed: ${entries.map(([path, message]) => (path === '' ? message : `${path}: ${message}`)).join('; ')}`;
}
