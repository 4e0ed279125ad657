/**
 * deserializeError on JSON nobody vouches for (issue #3, "Reading untrusted JSON back"): no
 * prototype pollution, bounded size and nesting, a ValidationError with fields for anything
 * that is not the contract, and never a `retryable: true` the input did not write.
 */
import { describe, expect, it } from 'vitest';
import {
  deserializeError, FaultlineError, ModelApiError, ModelRateLimitError, serializeError, ToolError, TransientError,
  ValidationError,
} from '../../src/index.js';
import { prototypeSnapshot, revokedProxy, throwingGetter, throwingProxy } from './hostile.js';

const HEAD = '"name":"ToolError","code":"TOOL_ERROR","category":"TOOL","message":"m","retryable":false';
const POISON = '{"polluted":"yes","retryable":true}';
const CATEGORY_MESSAGE = 'Expected one of MODEL, TOOL, AGENT, STORAGE, SECURITY, AUTH, VALIDATION, TRANSIENT, TIMEOUT, UNKNOWN';

/**
 * Checks a ValidationError's fields: each expected path with its exact message, and nothing
 * else but, where a nested value is wrong, the paths that lead to it.
 */
function expectFields(actual: Readonly<Record<string, string>> | undefined, expected: Readonly<Record<string, string>>): void {
  const fields = actual ?? {};
  for (const [path, message] of Object.entries(expected)) expect(fields[path], path).toBe(message);
  const paths = Object.keys(expected);
  for (const path of Object.keys(fields)) {
    if (Object.hasOwn(expected, path)) continue;
    expect(paths.some((wrong) => path === '' || wrong.startsWith(`${path}.`)), `unexpected issue at ${path}`).toBe(true);
  }
}

/** Calls deserializeError expecting a ValidationError, and returns it. */
function rejection(input: unknown, options?: Parameters<typeof deserializeError>[1]): ValidationError {
  let thrown: unknown;
  try {
    deserializeError(input, options);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  const error = thrown as ValidationError;
  expect(error.message.startsWith('Not a serialized faultline error')).toBe(true);
  return error;
}

function prototypeChain(value: object): (object | null)[] {
  const chain: (object | null)[] = [];
  for (let current: object | null = value; current !== null; ) {
    current = Object.getPrototypeOf(current) as object | null;
    chain.push(current);
  }
  return chain;
}

// ToolError sits below the class builtInClass declared it with, whose prototype holds its declaration.
const TOOL_CHAIN = [ToolError.prototype, Object.getPrototypeOf(ToolError.prototype) as object, FaultlineError.prototype, Error.prototype, Object.prototype, null];

describe('keys __proto__, constructor and prototype anywhere in the input', () => {
  const cases: readonly (readonly [string, string, (error: FaultlineError) => void])[] = [
    [
      'at the top level',
      `{${HEAD},"__proto__":${POISON},"prototype":${POISON}}`,
      (error) => {
        expect(Object.keys(error)).toEqual(['__proto__', 'prototype']);
        expect(Object.getOwnPropertyDescriptor(error, '__proto__')?.value).toEqual({ polluted: 'yes', retryable: true });
        expect(error.retryable).toBe(false);
      },
    ],
    [
      'in details',
      `{${HEAD},"details":{"__proto__":${POISON},"constructor":{"prototype":${POISON}},"prototype":"x"}}`,
      (error) => {
        const details = error.details ?? {};
        expect(Object.keys(details)).toEqual(['__proto__', 'constructor', 'prototype']);
        expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
        expect((details as { polluted?: unknown }).polluted).toBeUndefined();
      },
    ],
    [
      'deep in details, inside an array',
      `{${HEAD},"details":{"list":[{"__proto__":${POISON}}]}}`,
      (error) => {
        const item = (error.details?.list as readonly object[] | undefined)?.[0] ?? {};
        expect(Object.keys(item)).toEqual(['__proto__']);
        expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
      },
    ],
    [
      'in a faultline cause',
      `{${HEAD},"cause":{${HEAD},"__proto__":${POISON},"prototype":${POISON}}}`,
      (error) => {
        const cause = error.cause as FaultlineError;
        expect(cause).toBeInstanceOf(ToolError);
        expect(prototypeChain(cause)).toEqual(TOOL_CHAIN);
        expect(Object.keys(cause)).toEqual(['__proto__', 'prototype']);
        expect(cause.retryable).toBe(false);
      },
    ],
    [
      'as a constructor key in a cause, which makes the cause plain data rather than an error',
      `{${HEAD},"cause":{${HEAD},"constructor":{"prototype":${POISON}}}}`,
      (error) => {
        const cause = error.cause as object;
        expect(cause).not.toBeInstanceOf(Error);
        expect(Object.getPrototypeOf(cause)).toBe(Object.prototype);
        expect(Object.keys(cause)).toEqual(['name', 'code', 'category', 'message', 'retryable', 'constructor']);
      },
    ],
    [
      'in a cause that is plain JSON',
      `{${HEAD},"cause":{"__proto__":${POISON},"prototype":1}}`,
      (error) => {
        const cause = error.cause as object;
        expect(Object.getPrototypeOf(cause)).toBe(Object.prototype);
        expect(Object.keys(cause)).toEqual(['__proto__', 'prototype']);
      },
    ],
    [
      "in a ValidationError's fields",
      '{"name":"ValidationError","code":"VALIDATION_FAILED","category":"VALIDATION","message":"m","retryable":false,"fields":{"__proto__":"bad","constructor":"bad"}}',
      (error) => {
        expect(error).toBeInstanceOf(ValidationError);
        const fields = (error instanceof ValidationError ? error.fields : undefined) ?? {};
        expect(Object.keys(fields)).toEqual(['__proto__', 'constructor']);
        expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
      },
    ],
    [
      'in an entry of errors',
      `{${HEAD},"errors":[{${HEAD},"__proto__":${POISON}}]}`,
      (error) => {
        const [entry] = (error as FaultlineError & { errors: readonly FaultlineError[] }).errors;
        expect(entry).toBeInstanceOf(ToolError);
        expect(Object.keys(entry ?? {})).toEqual(['__proto__']);
      },
    ],
  ];

  it.each(cases)('%s, pollute no prototype and stay own plain keys', (_label, text, check) => {
    const before = prototypeSnapshot();
    const error = deserializeError(text);
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(error).toBeInstanceOf(FaultlineError);
    expect((error as { polluted?: unknown }).polluted).toBeUndefined();
    check(error);
    // Read back and written again, the keys are still there, as data.
    expect(serializeError(error)).toEqual(JSON.parse(text));
  });

  it('at the top level, leave the prototype chain exactly that of the class', () => {
    const error = deserializeError(`{${HEAD},"__proto__":${POISON},"prototype":${POISON}}`);
    expect(prototypeChain(error)).toEqual(TOOL_CHAIN);
  });

  it.each(['constructor', 'then', 'toJSON', 'toString', 'valueOf'])(
    'as a %s key of the error itself, are rejected: it would hide a method every error has, or make it a thenable',
    (key) => {
      const error = rejection(`{${HEAD},"${key}":"x"}`);
      expect(error.fields).toEqual({ [key]: 'Reserved: a method of every error, or what makes a thenable' });
    },
  );

  it('in truncated, are not a cut the contract knows: a ValidationError names the key', () => {
    const error = rejection(`{${HEAD},"truncated":{"__proto__":{"cause":"depth"}}}`);
    expect(error.fields).toEqual({
      'truncated.__proto__': "Expected { cause?: 'depth' | 'circular', errors?, message?, stack?: whole numbers, details?: true }",
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'FaultlineError'])(
    'as a name (%s), fall back to the family class and keep the name',
    (name) => {
      const error = deserializeError({ name, code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false });
      expect(error).toBeInstanceOf(ToolError);
      expect(prototypeChain(error)).toEqual(TOOL_CHAIN);
      expect(error.name).toBe(name);
    },
  );

  it.each(['__proto__', 'constructor', 'toString'])('as a category (%s), are an unknown category', (category) => {
    expect(rejection({ name: 'ToolError', code: 'TOOL_ERROR', category, message: 'm', retryable: false }).fields).toEqual({
      category: CATEGORY_MESSAGE,
    });
  });
});

describe('an oversized input', () => {
  const limitMessage = (limit: number): string => `Input is larger than the limit of ${limit} characters (the maxInputLength option)`;

  it('as JSON text over eight times maxInputLength is a ValidationError, before it is parsed, naming the option', () => {
    const text = `{${HEAD},"details":{"pad":"${'x'.repeat(1_000)}"}}`;
    const error = rejection(text, { maxInputLength: 100 });
    expect(error.fields).toEqual({ '': 'Input is larger than the limit of 800 characters of JSON text (maxInputLength × 8)' });
    expect(error.message).toBe("Not a serialized faultline error: input is larger than 800 characters of JSON text (raise deserializeError's maxInputLength option)");
  });

  it('as JSON text within eight times the limit, is measured once parsed, as an object is', () => {
    expect(rejection(`{${HEAD},"details":{"pad":"${'x'.repeat(300)}"}}`, { maxInputLength: 100 }).fields).toEqual({ 'details.pad': limitMessage(100) });
  });

  it('as an object whose strings add up past maxInputLength is a ValidationError', () => {
    const details = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`k${index}`, 'x'.repeat(600)]));
    const input = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, details };
    // Reported once, at the place where the count went past the limit.
    expect(Object.values(rejection(input, { maxInputLength: 1_000_000 }).fields ?? {})).toEqual([limitMessage(1_000_000)]);
  });

  it('is measured against the maxInputLength option, in characters of strings and keys: at the limit accepted, one past it refused', () => {
    // The head's keys and strings: name ToolError, code TOOL_ERROR, category TOOL, message m, retryable; then details and pad.
    const head = 'name'.length + 'ToolError'.length + 'code'.length + 'TOOL_ERROR'.length + 'category'.length + 'TOOL'.length
      + 'message'.length + 'm'.length + 'retryable'.length + 'details'.length + 'pad'.length;
    const input = (pad: number): unknown => ({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, details: { pad: 'x'.repeat(pad) } });
    expect(deserializeError(input(200 - head), { maxInputLength: 200 })).toBeInstanceOf(ToolError);
    expect(Object.values(rejection(input(201 - head), { maxInputLength: 200 }).fields ?? {})).toEqual([limitMessage(200)]);
  });
});

describe('too deep a nesting', () => {
  const DEPTH = 100_000;
  const NESTING_MESSAGE = 'Nesting is deeper than the limit of 256 (the maxNesting option)';

  /** The one nesting issue, at a path that `pattern` describes. */
  function expectNestingIssue(error: ValidationError, pattern: RegExp): void {
    const entries = Object.entries(error.fields ?? {});
    const nesting = entries.filter(([, message]) => message === NESTING_MESSAGE);
    expect(nesting).toHaveLength(1);
    expect(nesting[0]?.[0]).toMatch(pattern);
  }

  it('of 100,000 arrays in details, as JSON text, is a ValidationError without a stack overflow', () => {
    const text = `{${HEAD},"details":{"a":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}`;
    expectNestingIssue(rejection(text), /^details\.a(\.0)+$/);
  });

  it('of 100,000 arrays in details, as an object built iteratively, is a ValidationError', () => {
    let nested: unknown[] = [];
    for (let level = 0; level < DEPTH; level++) nested = [nested];
    const input = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, details: { a: nested } };
    expectNestingIssue(rejection(input), /^details\.a(\.0)+$/);
  });

  it('of 100,000 objects in details, as JSON text, is a ValidationError', () => {
    const text = `{${HEAD},"details":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}`;
    expectNestingIssue(rejection(text), /^details(\.a)+$/);
  });

  it('of 100,000 causes, as an object built iteratively, is a ValidationError', () => {
    let node: Record<string, unknown> = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false };
    for (let level = 0; level < DEPTH; level++) node = { ...node, cause: node };
    expectNestingIssue(rejection(node), /^(cause\.)+[a-z]+$/);
  });

  it('is measured against the maxNesting option: details count as level 2 of the node', () => {
    const node = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false };
    expect(deserializeError({ ...node, details: { a: {} } }, { maxNesting: 3 }).details).toEqual({ a: {} });
    expectFields(rejection({ ...node, details: { a: { b: {} } } }, { maxNesting: 3 }).fields, {
      'details.a.b': 'Nesting is deeper than the limit of 3 (the maxNesting option)',
    });
  });
});

describe('a wrong type or an unknown category', () => {
  const node = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false };
  const validation = { ...node, name: 'ValidationError', category: 'VALIDATION' };
  const cases: readonly (readonly [string, unknown, Record<string, string>])[] = [
    ['retryable as the string "true"', { ...node, retryable: 'true' }, { retryable: 'Expected a boolean' }],
    ['retryable null', { ...node, retryable: null }, { retryable: 'Expected a boolean' }],
    ['a lower-case category', { ...node, category: 'tool' }, { category: CATEGORY_MESSAGE }],
    ['an unknown category', { ...node, category: 'NETWORK' }, { category: CATEGORY_MESSAGE }],
    ['a number as name', { ...node, name: 42 }, { name: 'Expected a string' }],
    ['a negative status', { ...node, status: -1 }, { status: 'Expected a whole number, 0 or more' }],
    ['a fractional retryAfterMs', { ...node, retryAfterMs: 1.5 }, { retryAfterMs: 'Expected a whole number, 0 or more' }],
    ['a status as text', { ...node, status: '429' }, { status: 'Expected a whole number, 0 or more' }],
    ['details as an array', { ...node, details: [] }, { details: 'Expected an object of JSON values without null' }],
    ['a null inside details', { ...node, details: { a: null } }, { 'details.a': 'Expected a JSON value without null' }],
    ['a number among the recommendations', { ...node, recommendations: ['retry', 1] }, { 'recommendations.1': 'Expected a string' }],
    ['a number as toolName', { ...node, toolName: 5 }, { toolName: 'Expected a string' }],
    ['a number among fields', { ...validation, fields: { query: 1 } }, { 'fields.query': 'Expected a string' }],
    [
      'an unknown cut',
      { ...node, truncated: { cause: 'bogus' } },
      { 'truncated.cause': "Expected { cause?: 'depth' | 'circular', errors?, message?, stack?: whole numbers, details?: true }" },
    ],
    [
      'every head field wrong at once',
      { name: 1, code: null, category: 'tool', message: [], retryable: 'yes' },
      {
        name: 'Expected a string',
        code: 'Expected a string',
        category: CATEGORY_MESSAGE,
        message: 'Expected a string',
        retryable: 'Expected a boolean',
      },
    ],
    ['null', null, { '': 'Expected a serialized error object' }],
    ['an array', [], { '': 'Expected a serialized error object' }],
    ['the JSON text null', 'null', { '': 'Expected a serialized error object' }],
  ];

  it.each(cases)('%s is a ValidationError whose fields say what is wrong where', (_label, input, fields) => {
    const error = rejection(input);
    expectFields(error.fields, fields);
    expect(error.cause).toBe(input);
  });

  it('JSON text that does not parse is a ValidationError with the parser’s reason under the empty path', () => {
    const error = rejection('{"name":');
    expect(Object.keys(error.fields ?? {})).toEqual(['']);
    expect(error.fields?.['']).toMatch(/^Invalid JSON: /);
  });
});

describe('retryable', () => {
  it.each([
    ['TransientError', 'TRANSIENT', 'TRANSIENT'],
    ['ModelRateLimitError', 'MODEL_RATE_LIMITED', 'MODEL'],
    ['ToolTimeoutError', 'TOOL_TIMEOUT', 'TOOL'],
  ])('missing on a %s, whose class defaults to true, is a ValidationError, never a default', (name, code, category) => {
    expect(rejection({ name, code, category, message: 'm' }).fields).toEqual({ retryable: 'Required. Expected a boolean' });
  });

  it('written false on classes that default to true stays false', () => {
    const transient = deserializeError({ name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'm', retryable: false });
    expect(transient).toBeInstanceOf(TransientError);
    expect(transient.retryable).toBe(false);
    const limited = deserializeError({ name: 'ModelRateLimitError', code: 'MODEL_RATE_LIMITED', category: 'MODEL', message: 'm', retryable: false });
    expect(limited).toBeInstanceOf(ModelRateLimitError);
    expect(limited.retryable).toBe(false);
  });

  it('written false on a ModelApiError with a retryable status (503) stays false', () => {
    const error = deserializeError({ name: 'ModelApiError', code: 'MODEL_API_ERROR', category: 'MODEL', message: 'm', retryable: false, status: 503 });
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error.retryable).toBe(false);
    expect(serializeError(error).retryable).toBe(false);
  });

  it('written false under an unknown name of the TRANSIENT family stays false', () => {
    const error = deserializeError({ name: 'FlakyUpstreamError', code: 'FLAKY', category: 'TRANSIENT', message: 'm', retryable: false });
    expect(error).toBeInstanceOf(TransientError);
    expect(error.name).toBe('FlakyUpstreamError');
    expect(error.retryable).toBe(false);
  });

  it('missing on a cause leaves that cause plain JSON, not an error with a default', () => {
    const cause = { name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'c' };
    const error = deserializeError({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false, cause });
    expect(error.cause).not.toBeInstanceOf(Error);
    expect(error.cause).toEqual(cause);
    expect(Object.getPrototypeOf(error.cause)).toBe(Object.prototype);
  });
});

describe('an input object that JSON could not express', () => {
  const node = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'm', retryable: false };

  /** deserializeError either returns a faultline error or throws a ValidationError; anything else fails. */
  function outcome(input: unknown): 'error' | 'validation' {
    try {
      expect(deserializeError(input)).toBeInstanceOf(FaultlineError);
      return 'error';
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(ValidationError);
      return 'validation';
    }
  }

  it('an errors array with an own constructor key is read by index, not through Array species', () => {
    const errors = Object.assign([{ ...node, message: 'entry' }], { constructor: 'not a class' });
    const error = deserializeError({ ...node, errors }) as FaultlineError & { errors: readonly FaultlineError[] };
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toBeInstanceOf(ToolError);
    expect(error.errors[0]?.message).toBe('entry');
  });

  it.each([
    ['a revoked Proxy', (): unknown => revokedProxy()],
    ['a Proxy that throws on every trap', (): unknown => throwingProxy({ ...node })],
    ['a node whose message getter throws', (): unknown => throwingGetter({ ...node }, 'message')],
    ['details whose getter throws', (): unknown => ({ ...node, details: throwingGetter({ a: 1 }, 'b') })],
    ['a cause that is a revoked Proxy', (): unknown => ({ ...node, cause: revokedProxy() })],
  ])('%s gives a ValidationError, never another exception', (_label, make) => {
    expect(outcome(make())).toBe('validation');
  });
});
