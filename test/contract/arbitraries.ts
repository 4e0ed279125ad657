/**
 * fast-check arbitraries of the JSON contract, built from the contract's text (issue 2 and
 * src/contract/shape.ts) rather than from the validator or the schema they test: valid
 * serialized errors, and mutations that may break them.
 */
import fc from 'fast-check';
import type { SerializedError } from '../../src/index.js';
import { isSecretKey, redactText } from '../../src/redaction/redactor.js';

/** The ten categories, written out. */
export const CATEGORIES = [
  'MODEL', 'TOOL', 'AGENT', 'STORAGE', 'SECURITY', 'AUTH', 'VALIDATION', 'TRANSIENT', 'TIMEOUT', 'UNKNOWN',
] as const;

/** The 25 built-in concrete class names, written out. */
export const BUILT_IN_NAMES = [
  'ModelError', 'ModelRateLimitError', 'ModelTimeoutError', 'ModelApiError', 'ModelContextLengthError',
  'ModelQuotaExceededError', 'ModelContentFilterError',
  'ToolError', 'ToolNotFoundError', 'ToolPermissionError', 'ToolExecutionError', 'ToolTimeoutError',
  'AgentError', 'AgentMaxIterationsError', 'AgentStateError', 'AgentAbortedError',
  'StorageError', 'SecurityError', 'AuthError', 'AuthenticationError', 'AuthorizationError',
  'ValidationError', 'TransientError', 'TimeoutError', 'UnknownError',
] as const;

/** The built-in class fields and the type the contract gives each. */
const STRING_FIELDS = ['provider', 'model', 'toolName', 'agentId', 'currentState', 'targetState', 'store', 'policy'] as const;
const WHOLE_FIELDS = ['maxIterations', 'timeoutMs', 'requestedTokens', 'maxContextTokens'] as const;
/** `usage`'s keys and `rateLimit`'s dimensions, written out (issue #31). */
const USAGE_KEYS = ['cachedInputTokens', 'inputTokens', 'outputTokens', 'reasoningTokens', 'totalTokens'] as const;
const DIMENSIONS = ['requests', 'tokens', 'inputTokens', 'outputTokens'] as const;

/** Keys a user class's own field cannot have: the contract's keys and the built-in class fields. */
const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations',
  'details', 'cause', 'errors', 'stack', 'truncated', 'fields', 'outputStarted', 'usage', 'rateLimit', ...STRING_FIELDS, ...WHOLE_FIELDS,
  // Keys no node may carry as its own: the contract rejects them (RESERVED_KEYS in src/contract/shape.ts).
  'constructor', 'then', 'toJSON', 'toString', 'valueOf',
]);

/** What kind of valid serialized errors to generate. */
export interface ContractArbitraryOptions {
  /** Give nodes a `stack` now and then. A round trip with the default options leaves stacks out. */
  readonly stacks: boolean;
  /** Give objects an own `__proto__` key now and then. */
  readonly protoKeys: boolean;
  /** How deep causes nest, at most. */
  readonly maxCauseDepth: number;
  /** Names to draw from, besides the built-in ones and arbitrary strings. */
  readonly extraNames?: readonly string[];
  /** Allow `truncated: {}`, which the schema accepts and the serializer never writes. */
  readonly emptyTruncation?: boolean;
  /** Give nodes the shapes of issue #31, `usage` and `rateLimit` (on unless `false`). */
  readonly builtInShapes?: boolean;
}

/** Strings that redaction leaves alone, so that a serialized copy can be compared with them. */
const text: fc.Arbitrary<string> = fc
  .oneof(fc.string({ maxLength: 12 }), fc.string({ maxLength: 6, unit: 'binary' }), fc.constantFrom('', 'Rate limited', 'ü→😀'))
  .filter((value) => redactText(value) === value);

/** Whole numbers, 0 or more, up to the largest safe integer. */
const whole: fc.Arbitrary<number> = fc.oneof(fc.nat(100_000), fc.maxSafeNat());

/** Finite numbers; never -0, which JSON writes as 0. */
const finite: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
);

function keyArbitrary(protoKeys: boolean): fc.Arbitrary<string> {
  const plain = fc
    .oneof(fc.string({ maxLength: 8 }), fc.constantFrom('id', '0', '17', 'constructor', 'toString', 'toJSON', 'hasOwnProperty'))
    .filter((key) => key !== '__proto__' && !isSecretKey(key) && redactText(key) === key); // a key is redacted as text too (`pwd:0`)
  return protoKeys ? fc.oneof({ weight: 5, arbitrary: plain }, { weight: 1, arbitrary: fc.constant('__proto__') }) : plain;
}

/** Sets an own enumerable data property, so that `__proto__` stays a plain key. */
export function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function objectOf<T>(key: fc.Arbitrary<string>, value: fc.Arbitrary<T>, maxKeys: number): fc.Arbitrary<Record<string, T>> {
  return fc.uniqueArray(fc.tuple(key, value), { selector: ([entryKey]) => entryKey, maxLength: maxKeys }).map((entries) => {
    const out: Record<string, T> = {};
    for (const [entryKey, entryValue] of entries) define(out, entryKey, entryValue);
    return out;
  });
}

/** JSON values as the contract writes them: no null, no non-finite number. */
export function jsonArbitrary(protoKeys: boolean): fc.Arbitrary<unknown> {
  const key = keyArbitrary(protoKeys);
  const { json } = fc.letrec<{ json: unknown }>((tie) => ({
    json: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'json' },
      text,
      finite,
      fc.boolean(),
      fc.array(tie('json'), { maxLength: 3 }),
      objectOf(key, tie('json'), 3),
    ),
  }));
  return json;
}

function truncationArbitrary(allowEmpty: boolean): fc.Arbitrary<Record<string, unknown>> {
  const truncation = fc.record(
    {
      cause: fc.constantFrom('depth', 'circular'),
      errors: whole,
      message: whole,
      stack: whole,
      details: fc.constant(true),
    },
    { requiredKeys: [] },
  );
  // Built in the contract's key order: cause, errors, message, stack, details.
  const ordered = truncation.map((cut) => {
    const out: Record<string, unknown> = {};
    for (const key of ['cause', 'errors', 'message', 'stack', 'details'] as const) if (cut[key] !== undefined) out[key] = cut[key];
    return out;
  });
  return allowEmpty ? ordered : ordered.filter((cut) => Object.keys(cut).length > 0);
}

const HEAD = ['name', 'code', 'category', 'message', 'retryable'] as const;
const OPTIONAL = ['retryAfterMs', 'status', 'requestId', 'recommendations', 'details'] as const;
const TAIL = ['cause', 'errors', 'stack', 'truncated'] as const;
const FOREIGN = ['name', 'message', 'code', 'cause', 'errors', 'stack', 'truncated'] as const;

/**
 * Valid serialized errors, keys in the contract's order (class fields sorted), with nested
 * faultline causes, foreign causes, JSON causes, `errors`, details, class fields and cuts.
 */
export function serializedErrorArbitrary(options: ContractArbitraryOptions): fc.Arbitrary<SerializedError> {
  const key = keyArbitrary(options.protoKeys);
  const json = jsonArbitrary(options.protoKeys);
  const userKey = key.filter((candidate) => !RESERVED_KEYS.has(candidate));
  const names = fc.oneof(
    fc.constantFrom(...BUILT_IN_NAMES),
    fc.constantFrom('FaultlineError', 'SomeoneElsesError', ...(options.extraNames ?? [])),
    fc.string({ maxLength: 10 }),
  );
  const truncated = truncationArbitrary(options.emptyTruncation === true);
  const stack = options.stacks ? text.map((frames) => `Error: x\n    at ${frames}`) : fc.constant(undefined);

  const classFields = fc.record(
    {
      ...Object.fromEntries(STRING_FIELDS.map((field) => [field, text])),
      ...Object.fromEntries(WHOLE_FIELDS.map((field) => [field, whole])),
      fields: objectOf(key, text, 3),
      outputStarted: fc.boolean(),
      ...(options.builtInShapes !== false && {
        // Keys in canonical order, as the writer puts them.
        // At least one count: the contract holds no empty usage.
        usage: fc
          .record(Object.fromEntries(USAGE_KEYS.map((field) => [field, whole])), { requiredKeys: [] })
          .filter((usage) => Object.keys(usage).length > 0)
          .map(inKeyOrder),
        rateLimit: fc
          .record({ dimension: fc.constantFrom(...DIMENSIONS), limit: whole, remaining: whole, resetMs: whole }, { requiredKeys: ['dimension'] })
          .map(inKeyOrder),
      }),
    },
    { requiredKeys: [] },
  );

  const { faultline } = fc.letrec<{ cause: unknown; faultline: SerializedError; foreign: Record<string, unknown> }>((tie) => ({
    cause: fc.oneof({ maxDepth: options.maxCauseDepth, depthIdentifier: 'cause' }, json, tie('foreign'), tie('faultline')),
    faultline: fc
      .tuple(
        fc.record(
          {
            name: names,
            code: fc.string({ maxLength: 12 }),
            category: fc.constantFrom(...CATEGORIES),
            message: text,
            retryable: fc.boolean(),
            retryAfterMs: whole,
            status: whole,
            requestId: text,
            recommendations: fc.array(text, { maxLength: 3 }),
            details: objectOf(key, json, 4),
            cause: tie('cause'),
            errors: fc.array(tie('cause'), { maxLength: 2 }),
            stack,
            truncated,
          },
          { requiredKeys: ['name', 'code', 'category', 'message', 'retryable'] },
        ),
        classFields,
        objectOf(userKey, json, 2),
      )
      .map(([parts, known, user]) => {
        const out = {} as Record<string, unknown>;
        for (const field of [...HEAD, ...OPTIONAL]) if (parts[field] !== undefined) define(out, field, parts[field]);
        const own = { ...known } as Record<string, unknown>;
        for (const field of Object.keys(user)) define(own, field, user[field]);
        for (const field of Object.keys(own).sort()) if (own[field] !== undefined) define(out, field, own[field]);
        for (const field of TAIL) if (parts[field] !== undefined) define(out, field, parts[field]);
        return out as unknown as SerializedError;
      }),
    foreign: fc
      .record(
        {
          name: text,
          message: text,
          code: fc.string({ maxLength: 12 }),
          cause: tie('cause'),
          errors: fc.array(tie('cause'), { maxLength: 2 }),
          stack,
          truncated,
        },
        { requiredKeys: ['name', 'message'] },
      )
      .map((parts) => {
        const out: Record<string, unknown> = {};
        for (const field of FOREIGN) if (parts[field] !== undefined) out[field] = parts[field];
        return out;
      }),
  }));
  return faultline;
}

/** A copy of a record with its keys sorted, as the writer orders plain data. */
function inKeyOrder(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(record).sort()) out[field] = record[field];
  return out;
}

/** Whether `value` is an array or an object whose prototype is Object.prototype or null. */
function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A deep copy of arrays (holes kept) and plain objects (own `__proto__` keys and null prototypes kept). */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => clone(item)) as T;
  if (!isContainer(value)) return value;
  const out = Object.create(Object.getPrototypeOf(value) as object | null) as object;
  for (const key of Object.keys(value)) define(out, key, clone((value as Record<string, unknown>)[key]));
  return out as T;
}

/** One change to a valid serialized error, at a place chosen by `at` among its objects and arrays. */
export interface Mutation {
  readonly kind: 'remove' | 'replace' | 'extraKey' | 'category';
  readonly at: number;
  readonly key: string;
  readonly value: unknown;
}

/** Values of the wrong type, the wrong kind of number, or null. */
const BREAKING_VALUES: readonly unknown[] = [
  null, 'text', '', 0, 1, -1, 1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  2 ** 53, true, false, [], {}, [null], { a: null }, ['a', 1], { name: 'E', message: 'm' },
];

/** Values that exist only in a JavaScript object, never in parsed JSON. */
export const NON_JSON_VALUES: readonly unknown[] = [
  undefined, new Date(0), new (class Point { x = 1; })(), Object.create(null) as object, new Map(), [undefined],
  // A hole: an array of length 1 with no element.
  new Array<unknown>(1),
];

/** Mutations that replace with `values` and add keys from `keys`. */
export function mutationArbitrary(values: readonly unknown[], keys: readonly string[]): fc.Arbitrary<Mutation> {
  return fc.record({
    kind: fc.constantFrom('remove', 'replace', 'extraKey', 'category'),
    at: fc.nat(),
    key: fc.constantFrom(...keys),
    value: fc.constantFrom(...values),
  });
}

/** The keys a mutation may add: contract keys (so that types are checked) and strangers. */
export const MUTATION_KEYS: readonly string[] = [
  'extra', 'name', 'code', 'category', 'message', 'retryable', 'status', 'retryAfterMs', 'requestId',
  'recommendations', 'details', 'cause', 'errors', 'stack', 'truncated', 'toolName', 'timeoutMs', 'fields', 'depth',
  'usage', 'rateLimit', 'inputTokens', 'dimension', 'resetMs', 'requestedTokens',
];

/** Every plain object and array in `root`, root first. */
function containers(root: unknown): object[] {
  const found: object[] = [];
  const visit = (value: unknown): void => {
    if (!isContainer(value)) return;
    found.push(value);
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key]);
  };
  visit(root);
  return found;
}

/** Applies the mutations to a copy of `valid`. */
export function mutate(valid: unknown, mutations: readonly Mutation[]): unknown {
  const root = clone(valid);
  for (const mutation of mutations) {
    const all = containers(root);
    const target = all[mutation.at % all.length] as Record<string, unknown>;
    const keys = Object.keys(target);
    const existing = keys.length === 0 ? undefined : keys[Math.floor(mutation.at / all.length) % keys.length];
    switch (mutation.kind) {
      case 'remove':
        if (existing === undefined) break;
        if (Array.isArray(target)) target.splice(Number(existing), 1);
        else Reflect.deleteProperty(target, existing);
        break;
      case 'replace':
        // A copy: the values are shared between runs, and a later mutation may change this one.
        if (existing !== undefined) define(target, existing, clone(mutation.value));
        break;
      case 'extraKey':
        if (Array.isArray(target)) target.push(clone(mutation.value));
        else define(target, mutation.key, clone(mutation.value));
        break;
      case 'category': {
        const category = mutation.at % 2 === 0 ? 'BOGUS' : 'tool';
        if (Array.isArray(target)) target.push(category);
        else define(target, 'category', category);
        break;
      }
    }
  }
  return root;
}

/** Valid serialized errors, and valid ones broken by one to three mutations, half and half. */
export function contractInputArbitrary(options: ContractArbitraryOptions, values: readonly unknown[]): fc.Arbitrary<unknown> {
  const valid = serializedErrorArbitrary(options);
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.array(mutationArbitrary(values, MUTATION_KEYS), { minLength: 1, maxLength: 3 })).map(([value, mutations]) => mutate(value, mutations)),
  );
}

export { BREAKING_VALUES };
