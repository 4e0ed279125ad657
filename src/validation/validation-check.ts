import { defineField } from '../foundation/own-property.js';

// Past a limit the whole input is rejected, once.
export interface InputLimits {
  /** The most characters of strings and keys, all together, in the input. */
  readonly maxInputLength: number;
  /** The deepest nesting of objects and arrays. */
  readonly maxNesting: number;
}

const MAX_ISSUES = 20;

export interface Check {
  readonly limits: InputLimits;
  readonly issues: Record<string, string>;
  issueCount: number;
  size: number;
  halted: boolean;
  /** What walk() or exceeds() found wrong, until fail() records it. */
  problem?: string | undefined;
}

/** None if a limit was passed before: that one is recorded. */
export function fail(check: Check, path: string, message = check.problem): false {
  check.problem = undefined;
  if (message !== undefined && check.issueCount < MAX_ISSUES && !Object.hasOwn(check.issues, path)) {
    defineField(check.issues, path, message);
    check.issueCount++;
  }
  return false;
}

export function within(check: Check, path: string, nesting: number, characters: number): boolean {
  return !exceeds(check, nesting, characters) || fail(check, path);
}

export function exceeds(check: Check, nesting: number, characters: number): boolean {
  if (check.halted) return true;
  check.size += characters;
  const { maxNesting, maxInputLength } = check.limits;
  if (nesting > maxNesting) check.problem = `Nesting is deeper than the limit of ${maxNesting} (the maxNesting option)`;
  else if (check.size > maxInputLength) check.problem = tooLarge(maxInputLength);
  else return false;
  check.halted = true;
  return true;
}

/** Each item counts as one character. */
export function tooLong(check: Check, array: readonly unknown[]): boolean {
  if (array.length <= check.limits.maxInputLength - check.size) return false;
  check.problem = tooLarge(check.limits.maxInputLength);
  check.halted = true;
  return true;
}

function tooLarge(maxInputLength: number): string {
  return `Input is larger than the limit of ${maxInputLength} characters (the maxInputLength option)`;
}

export function found(check: Check, problem: string): '' {
  check.problem = problem;
  return '';
}
