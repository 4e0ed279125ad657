import { ValidationError } from '../errors/validation.js';

// The input is always the ValidationError's `cause`.

// JSON text may take several characters for one of a string (`\u0001`, quotes, keys): text is measured,
// once parsed, as an object is, and only text past this many times the limit is refused before parsing.
const TEXT_PER_CHARACTER = 8;

export function parse(text: string, maxInputLength: number): unknown {
  if (text.length > maxInputLength * TEXT_PER_CHARACTER) {
    const limit = maxInputLength * TEXT_PER_CHARACTER;
    throw wholeInputError(
      `input is larger than ${limit} characters of JSON text (raise deserializeError's maxInputLength option)`,
      `Input is larger than the limit of ${limit} characters of JSON text (maxInputLength × ${TEXT_PER_CHARACTER})`,
      text,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = reasonOf(error);
    throw wholeInputError(`invalid JSON (${reason})`, `Invalid JSON: ${reason}`, text);
  }
}

export function unreadable(reason: string, input: unknown): ValidationError {
  return wholeInputError(`unreadable input (${reason})`, `Unreadable input: ${reason}`, input);
}

function wholeInputError(summary: string, issue: string, input: unknown): ValidationError {
  return new ValidationError(`Not a serialized faultline error: ${summary}`, { fields: { '': issue }, cause: input });
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'unreadable';
}

export function describe(issues: Record<string, string>): string {
  return Object.entries(issues)
    .slice(0, 3)
    .map(([path, message]) => (path === '' ? message : `${path}: ${message}`))
    .join('; ');
}
