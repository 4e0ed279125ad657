import { ErrorCategory, isErrorCategory } from '../foundation/category.js';
import { CLASS_FIELD_TYPES } from '../contract/class-fields.js';
import { OPTIONAL_KEYS, TAIL_KEYS } from '../contract/node-keys.js';
import { everyItem, hasRequired, isObject, isPlainObject, nodeFieldProblem, truncationProblem } from '../contract/node-shape.js';

/** Limits on untrusted input, checked as it is read. */
export interface InputLimits {
  /** The most characters of strings and keys, all together, in the input. */
  readonly maxInputLength: number;
  /** The deepest nesting of objects and arrays. */
  readonly maxNesting: number;
}

const CATEGORY_LIST = Object.keys(ErrorCategory).join(', ');
const isString = (value: unknown): boolean => typeof value === 'string';
// The required fields of a node: key, test, and what the test expects.
const REQUIRED: readonly (readonly [string, (value: unknown) => boolean, string])[] = [
  ['name', isString, 'Expected a string'],
  ['code', isString, 'Expected a string'],
  ['category', isErrorCategory, `Expected one of ${CATEGORY_LIST}`],
  ['message', isString, 'Expected a string'],
  ['retryable', (value) => typeof value === 'boolean', 'Expected a boolean'],
];
// The optional keys of the root node, which may hold `undefined` as zod's optional() allows.
const DECLARED_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([...OPTIONAL_KEYS, ...TAIL_KEYS, ...Object.keys(CLASS_FIELD_TYPES)]);
const MAX_ISSUES = 20;
const JSON_EXPECTED = 'Expected a JSON value without null';
const CAUSE_EXPECTED = 'Expected a serialized error, a foreign error or a JSON value without null';

/**
 * The contract's validator, written by hand so that the main entry loads no zod. It accepts
 * exactly what `serializedErrorSchema` (faultline/schema) accepts, within the input limits; a
 * property test holds the two together. Returns the issues by path: none when the input is valid.
 *
 * It reads the input once. Every cause is a JSON value, whatever it stands for, so a cause is
 * only checked as JSON here; whether it is a faultline node, a foreign error or plain data is
 * decided from its own keys when it is rebuilt ({@link hasNodeHead}, {@link isForeignNode}).
 */
export function validateSerializedError(value: unknown, limits: InputLimits): Record<string, string> {
  const check: Check = { limits, issues: {}, issueCount: 0, size: 0, halted: false };
  if (isObject(value)) checkRoot(check, value as Record<string, unknown>);
  else fail(check, '', 'Expected a serialized error object');
  return check.issues;
}

/** Where inside a field its problem lies, for the fields whose items have types of their own. */
function preciseIssue(key: string, value: unknown, problem: string): [string, string] {
  if (key === 'recommendations' && Array.isArray(value)) {
    const index = value.findIndex((item) => typeof item !== 'string');
    return [`${key}.${index}`, 'Expected a string'];
  }
  if (key === 'truncated' && isPlainObject(value)) {
    const bad = Object.keys(value).find((name) => truncationProblem({ [name]: (value as Record<string, unknown>)[name] }) !== undefined);
    if (bad !== undefined) return [`${key}.${bad}`, problem];
  }
  if (problem === 'Expected an object of strings' && isPlainObject(value)) {
    const bad = Object.keys(value).find((name) => typeof (value as Record<string, unknown>)[name] !== 'string');
    if (bad !== undefined) return [`${key}.${bad}`, 'Expected a string'];
  }
  return [key, problem];
}

/** One validation under way: the issues so far, and what the limits have counted. */
interface Check {
  readonly limits: InputLimits;
  readonly issues: Record<string, string>;
  issueCount: number;
  size: number;
  halted: boolean;
  /** What walk() or exceeds() found wrong, until fail() records it. */
  problem?: string | undefined;
}

/** Records an issue: `message`, or what walk() or exceeds() found. None if a limit was passed before: that one is recorded. */
function fail(check: Check, path: string, message = check.problem): false {
  check.problem = undefined;
  if (message !== undefined && check.issueCount < MAX_ISSUES && !Object.hasOwn(check.issues, path)) {
    Object.defineProperty(check.issues, path, { value: message, enumerable: true, writable: true, configurable: true });
    check.issueCount++;
  }
  return false;
}

function checkRoot(check: Check, node: Record<string, unknown>): void {
  if (!hasRequired(node)) {
    for (const [key, test, expected] of REQUIRED) {
      const value = node[key];
      if (!test(value)) fail(check, key, value === undefined ? `Required. ${expected}` : expected);
    }
  }
  for (const key of Object.keys(node)) {
    if (!within(check, key, 1, key.length)) return;
    const value = node[key];
    switch (key) {
      case 'name':
      case 'code':
      case 'category':
      case 'message':
      case 'retryable':
        // Checked above; here their text only counts towards the size limit.
        if (typeof value === 'string' && !within(check, key, 1, value.length)) return;
        continue;
    }
    if (value === undefined) {
      if (!DECLARED_KEYS.has(key)) fail(check, key, JSON_EXPECTED);
      continue;
    }
    // Before the field's own check, which reads every item of an array.
    if (Array.isArray(value) && tooLong(check, value)) {
      fail(check, key);
      return;
    }
    const problem = nodeFieldProblem(key, value);
    if (problem !== undefined) {
      fail(check, ...preciseIssue(key, value, problem));
      continue;
    }
    // The root's `truncated` is declared optional key by key, so it may hold undefined values.
    if (key === 'truncated') continue;
    if (key === 'cause') json(check, value, key, 2, CAUSE_EXPECTED);
    else if (key === 'errors') everyItem(value as unknown[], (item, index) => json(check, item, `errors.${index}`, 3, CAUSE_EXPECTED));
    else json(check, value, key, 2);
  }
}

/**
 * A JSON value with no `null`, no `undefined`, no non-finite number and only plain objects.
 * The path of a problem is put together only once there is one: building `path.key` for every
 * value read was a large share of the time it takes to validate a valid input.
 */
function json(check: Check, value: unknown, path: string, nesting: number, expected = JSON_EXPECTED): boolean {
  const below = walk(check, value, nesting, expected);
  return below === undefined || fail(check, path + below);
}

/** Walks `value` for json(): undefined if it is fine, else where below it the problem lies (`.a.0`). */
function walk(check: Check, value: unknown, nesting: number, expected: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return exceeds(check, nesting, value.length) ? '' : undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : found(check, 'Expected a finite number');
    case 'boolean':
      return undefined;
  }
  if (exceeds(check, nesting, 0)) return '';
  if (Array.isArray(value)) {
    if (tooLong(check, value)) return '';
    for (let index = 0; index < value.length; index++) {
      // Each item counts as one character, so that an array (or a Proxy) of empty items claiming
      // a huge length is cut by the input limit, not walked to its end.
      if (exceeds(check, nesting, 1)) return '';
      const below = walk(check, value[index], nesting + 1, JSON_EXPECTED);
      if (below !== undefined) return `.${index}${below}`;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return found(check, expected);
  for (const key of Object.keys(value)) {
    if (exceeds(check, nesting, key.length)) return '';
    const below = walk(check, (value as Record<string, unknown>)[key], nesting + 1, JSON_EXPECTED);
    if (below !== undefined) return `.${key}${below}`;
  }
  return undefined;
}

/** Whether an array claims more items than the input limit has characters left: each item counts as one. */
function tooLong(check: Check, array: readonly unknown[]): boolean {
  if (array.length <= check.limits.maxInputLength - check.size) return false;
  check.problem = `Input is larger than the limit of ${check.limits.maxInputLength} characters`;
  check.halted = true;
  return true;
}

function found(check: Check, problem: string): '' {
  check.problem = problem;
  return '';
}

/** Counts input size and nesting at a value whose path is known. */
function within(check: Check, path: string, nesting: number, characters: number): boolean {
  return !exceeds(check, nesting, characters) || fail(check, path);
}

/** Whether the input is past a limit; past either, the whole input is rejected, once. */
function exceeds(check: Check, nesting: number, characters: number): boolean {
  if (check.halted) return true;
  check.size += characters;
  const { maxNesting, maxInputLength } = check.limits;
  if (nesting > maxNesting) check.problem = `Nesting is deeper than the limit of ${maxNesting}`;
  else if (check.size > maxInputLength) check.problem = `Input is larger than the limit of ${maxInputLength} characters`;
  else return false;
  check.halted = true;
  return true;
}
