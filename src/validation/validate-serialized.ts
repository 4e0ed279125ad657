import { ErrorCategory, isErrorCategory } from '../foundation/category.js';
import { CLASS_FIELD_TYPES } from '../contract/class-fields.js';
import { OPTIONAL_KEYS, TAIL_KEYS } from '../contract/key-order.js';
import { everyItem, fieldRule, fitsRule, hasRequired, isObject, isPlainObject, isTruncation, type FieldRule } from '../contract/node-shape.js';
import { JSON_EXPECTED, json } from './json-walk.js';
import { fail, tooLong, within, type Check, type InputLimits } from './validation-check.js';

const isString = (value: unknown): boolean => typeof value === 'string';

const REQUIRED: readonly (readonly [string, (value: unknown) => boolean, string])[] = [
  ['name', isString, 'Expected a string'],
  ['code', isString, 'Expected a string'],
  ['category', isErrorCategory, 'Expected one of '],
  ['message', isString, 'Expected a string'],
  ['retryable', (value) => typeof value === 'boolean', 'Expected a boolean'],
];

// The optional keys of the root node, which may hold `undefined` as zod's optional() allows. Built on
// first use: a module-level spread is a statement a bundler must keep.
let declaredKeys: ReadonlySet<string> | undefined;
const isDeclaredKey = (key: string): boolean => (declaredKeys ??= new Set([...OPTIONAL_KEYS, ...TAIL_KEYS, ...Object.keys(CLASS_FIELD_TYPES)])).has(key);

const CAUSE_EXPECTED = 'Expected a serialized error, a foreign error or a JSON value without null';

/**
 * Written by hand, so that the main entry loads no zod; it accepts exactly what `serializedErrorSchema`
 * accepts within the input limits, and a property test holds the two together. A cause is only checked as
 * JSON here: what it stands for is decided from its own keys when it is rebuilt.
 */
export function validateSerializedError(value: unknown, limits: InputLimits): Record<string, string> {
  const check: Check = { limits, issues: {}, issueCount: 0, size: 0, halted: false };
  if (isObject(value)) checkRoot(check, value as Record<string, unknown>);
  else fail(check, '', 'Expected a serialized error object');
  return check.issues;
}

const EXPECTED: Readonly<Record<FieldRule, string>> = {
  whole: 'Expected a whole number, 0 or more',
  string: 'Expected a string',
  boolean: 'Expected a boolean',
  strings: 'Expected an array of strings',
  record: 'Expected an object of JSON values without null',
  array: 'Expected an array',
  truncation: "Expected { cause?: 'depth' | 'circular', errors?, message?, stack?: whole numbers, details?: true }",
  stringRecord: 'Expected an object of strings',
  usage: 'Expected { inputTokens?, outputTokens?, totalTokens?, cachedInputTokens?, reasoningTokens? }: whole numbers, at least one, no other key',
  rateLimit: "Expected { dimension: 'requests' | 'tokens' | 'inputTokens' | 'outputTokens', limit?, remaining?, resetMs?: whole numbers }, no other key",
  reserved: 'Reserved: a method of every error, or what makes a thenable',
};

function fieldProblem(key: string, value: unknown): string | undefined {
  const rule = fieldRule(key);
  return rule === undefined || fitsRule(rule, value) ? undefined : EXPECTED[rule];
}

function preciseIssue(key: string, value: unknown, problem: string): [string, string] {
  if (key === 'recommendations' && Array.isArray(value)) {
    const index = value.findIndex((item) => typeof item !== 'string');
    return [`${key}.${index}`, 'Expected a string'];
  }
  if (key === 'truncated' && isPlainObject(value)) {
    const bad = Object.keys(value).find((name) => !isTruncation({ [name]: (value as Record<string, unknown>)[name] }));
    if (bad !== undefined) return [`${key}.${bad}`, problem];
  }
  if (problem === EXPECTED.stringRecord && isPlainObject(value)) {
    const bad = Object.keys(value).find((name) => typeof (value as Record<string, unknown>)[name] !== 'string');
    if (bad !== undefined) return [`${key}.${bad}`, 'Expected a string'];
  }
  return [key, problem];
}

function checkRoot(check: Check, node: Record<string, unknown>): void {
  if (!hasRequired(node)) {
    for (const [key, test, said] of REQUIRED) {
      const value = node[key];
      // The categories are listed here rather than in the table: a module-level template is a statement a bundler must keep.
      const expected = key === 'category' ? `${said}${Object.keys(ErrorCategory).join(', ')}` : said;
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
      if (!isDeclaredKey(key)) fail(check, key, JSON_EXPECTED);
      continue;
    }
    // Before the field's own check, which reads every item of an array.
    if (Array.isArray(value) && tooLong(check, value)) {
      fail(check, key);
      return;
    }
    const problem = fieldProblem(key, value);
    if (problem !== undefined) {
      fail(check, ...preciseIssue(key, value, problem));
      continue;
    }
    // The root's `truncated`, `usage` and `rateLimit` are declared optional key by key, so they may hold
    // undefined values; their rules have read every key.
    if (key === 'truncated' || key === 'usage' || key === 'rateLimit') continue;
    if (key === 'cause') json(check, value, key, 2, CAUSE_EXPECTED);
    else if (key === 'errors') everyItem(value as unknown[], (item, index) => json(check, item, `errors.${index}`, 3, CAUSE_EXPECTED));
    else json(check, value, key, 2);
  }
}
