/**
 * fast-check arbitraries of hostile input for the hardening properties: arbitrary values of
 * every kind JavaScript has, and generated errors (built-in, foreign and faultline) with random
 * fields, cause chains, cycles, throwing getters and Proxies.
 *
 * Errors are generated as plain recipes and built by `buildError`, so that every run (and every
 * shrink) gets fresh objects to freeze, wrap, revoke and tie into cycles.
 */
import vm from 'node:vm';
import fc from 'fast-check';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError,
  AuthorizationError, ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';
import { defineOwn, revokedProxy, throwingGetter, throwingPrimitive, throwingProxy } from './hostile.js';

/** A user class, as issue #2 shows them: a leaf of a family with its own field. */
class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED', fields: { amount: 'json' } }) {}

type FaultlineClass = new (message?: string, options?: object) => FaultlineError;

/** Every concrete class an application may throw: the 25 built-ins and a user class. */
const FAULTLINE_CLASSES: readonly FaultlineClass[] = [
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError,
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  StorageError, SecurityError, AuthError, AuthenticationError, AuthorizationError,
  ValidationError, TransientError, TimeoutError, UnknownError, ModelQuotaExceededError, ModelContentFilterError, PaymentDeclinedError,
] as readonly FaultlineClass[];

// Error constructors of another realm, made once: a new vm context per run would cost more than the run.
const otherRealm = vm.runInNewContext('({ Error, TypeError, AggregateError })') as {
  Error: ErrorConstructor;
  TypeError: TypeErrorConstructor;
  AggregateError: AggregateErrorConstructor;
};

/** Secrets and markers mixed into generated text, so that redaction is part of every property. */
const FRAGMENTS = [
  'password=hunter2', 'Authorization: Bearer EXAMPLEtoken1234', 'postgres://app:EXAMPLEpass@db.internal/app',
  `sk-ant-api03-${'EXAMPLE'.repeat(4)}`, 'token: abc', 'api_key="EXAMPLEKEY"', 'AKIAIOSFODNN7EXAMPLE',
  '[REDACTED]', '[Circular]', '[Truncated]', '[Unreadable]', 'null', '', '\uD800', 'ü→😀',
];

/** Short text of any UTF-16 code units, lone surrogates included, now and then with a secret in it. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12, unit: 'binary' }) },
  { weight: 2, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })).map((parts) => parts.join(' ')) },
);

/** Keys, with the ones that reach prototypes, name secrets or mean something to a serializer. */
export const key: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 6 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '__proto__', 'constructor', 'prototype', 'toJSON', 'then', 'length', '0', 'password', 'apiKey', 'token',
      'name', 'message', 'cause', 'errors', 'stack', 'code', 'truncated', 'details', 'retryable', 'status',
    ),
  },
);

/** The kinds of hostile value {@link hostileValue} builds: the core's hardening corpus. */
export const HOSTILE_KINDS = [
  'revokedProxy', 'throwingProxy', 'throwingGetter', 'throwingToJSON', 'selfToJSON', 'throwingToPrimitive',
  'invalidDate', 'protoKeys', 'nullPrototype', 'freshEveryRead', 'throwingArray', 'selfCycle', 'frozenCycle',
] as const;

/** One hostile value, built fresh. */
export function hostileValue(kind: (typeof HOSTILE_KINDS)[number]): unknown {
  switch (kind) {
    case 'revokedProxy':
      return revokedProxy();
    case 'throwingProxy':
      return throwingProxy();
    case 'throwingGetter':
      return throwingGetter({ ok: 1 }, 'secret');
    case 'throwingToJSON':
      return {
        toJSON(): never {
          throw new Error('toJSON');
        },
      };
    case 'selfToJSON': {
      const value = { id: 1, toJSON: (): unknown => value };
      return value;
    }
    case 'throwingToPrimitive':
      return throwingPrimitive();
    case 'invalidDate':
      return new Date(Number.NaN);
    case 'protoKeys':
      return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1}');
    case 'nullPrototype':
      return Object.assign(Object.create(null) as object, { message: 'bare', code: 'E_BARE' });
    case 'freshEveryRead': {
      // A getter that returns a new object each time: endless depth without a cycle.
      const make = (): object => ({
        get deeper(): object {
          return make();
        },
      });
      return make();
    }
    case 'throwingArray':
      return throwingGetter([1, 2, 3], 1);
    case 'selfCycle': {
      const value: Record<string, unknown> = { a: 1 };
      value.self = value;
      value.list = [value];
      return value;
    }
    case 'frozenCycle': {
      const value: Record<string, unknown> = { b: 2 };
      value.self = value;
      return Object.freeze(value);
    }
  }
}

/**
 * Stands in a generated value for a hostile one. fast-check inspects every value it generates
 * (it looks for a clone method), which a revoked Proxy does not survive; so values are generated
 * with tokens and {@link materialize} swaps in fresh hostile objects inside the property.
 */
export class HostileToken {
  constructor(readonly kind: (typeof HOSTILE_KINDS)[number]) {}
  toString(): string {
    return `<${this.kind}>`;
  }
}

/**
 * A function with the given name, made fresh. Written here rather than taken from `fc.func`:
 * the serializer calls a `toJSON` it finds, and fc.func's call recording then makes fast-check
 * clone values while shrinking, which hostile values do not survive.
 */
function namedFunction(name: string): () => number {
  const fn = (): number => 1;
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}

const hostile: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE_KINDS).map((kind) => new HostileToken(kind));

/**
 * A copy of a generated value with every token replaced by a fresh hostile object. Keeps what
 * fast-check made: prototypes (null ones too), holes of sparse arrays, Maps and Sets; anything
 * else (dates, boxed values, typed arrays, functions) is kept as it is.
 */
export function materialize(value: unknown): unknown {
  if (value instanceof HostileToken) return hostileValue(value.kind);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (const index of Object.keys(value)) defineOwn(copy, index, materialize((value as unknown[])[Number(index)]));
    return copy;
  }
  if (value instanceof Map) return new Map(Array.from(value, ([entryKey, entry]) => [materialize(entryKey), materialize(entry)]));
  if (value instanceof Set) return new Set(Array.from(value, materialize));
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== null && prototype !== Object.prototype) return value;
  const copy = Object.create(prototype) as object;
  for (const entryKey of Object.keys(value)) defineOwn(copy, entryKey, materialize((value as Record<string, unknown>)[entryKey]));
  return copy;
}

/** The leaves of arbitrary values: every primitive, symbols, functions and hostile objects. */
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double(),
  text,
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.string({ maxLength: 4 }).map((description) => Symbol(description)),
  fc.constantFrom('lookup', '', 'toJSON', 'then').map(namedFunction),
  fc.date({ noInvalidDate: false }),
  hostile,
);

/** Every kind of value fc.anything can make, with strings of any UTF-16 code units. */
export const EVERY_KIND = {
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  stringUnit: 'binary',
} as const;

/** Any value: nested objects, arrays, Maps, Sets, boxed values, typed arrays, sparse arrays, null prototypes. */
export const anyValue: fc.Arbitrary<unknown> = fc.anything({ maxDepth: 3, maxKeys: 4, key, values: [leaf], ...EVERY_KIND });

/** Where a generated error's cause (or an AggregateError entry) comes from. */
export type CauseRecipe =
  | { readonly type: 'none' }
  | { readonly type: 'value'; readonly value: unknown }
  | { readonly type: 'self' }
  | { readonly type: 'root' }
  | { readonly type: 'error'; readonly recipe: ErrorRecipe };

const FOREIGN_KINDS = ['Error', 'TypeError', 'RangeError', 'AggregateError', 'DOMException', 'otherRealm', 'errorLike', 'zodLike'] as const;

const TWISTS = [
  'none', 'none', 'none', 'frozen', 'sealed', 'throwingGetters', 'proxy', 'selectiveProxy', 'throwingProxy', 'revokedProxy',
  'nullPrototype',
] as const;

/** A generated error, as data: built by {@link buildError}. */
export interface ErrorRecipe {
  /** An index into the faultline classes, or a foreign kind. */
  readonly kind: number | (typeof FOREIGN_KINDS)[number];
  readonly message: unknown;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly cause: CauseRecipe;
  readonly errors: readonly CauseRecipe[];
  readonly twist: (typeof TWISTS)[number];
  /** The keys a `throwingGetters` or `selectiveProxy` twist makes throw. */
  readonly hostileKeys: readonly string[];
}

const numberish = fc.oneof(fc.integer({ min: -5, max: 700 }), fc.double(), fc.constantFrom(429, 503, 401, 403, 2 ** 60), anyValue);

/** The fields of an error, right and wrong: every option of issue #2, any value, any key. */
const fields: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.record(
      {
        code: fc.oneof(fc.constantFrom('ECONNRESET', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'E_CUSTOM', 'RATE_LIMITED'), text, anyValue),
        retryable: fc.oneof(fc.boolean(), anyValue),
        retryAfterMs: numberish,
        status: numberish,
        statusCode: numberish,
        requestId: fc.oneof(text, anyValue),
        recommendations: fc.oneof(fc.array(fc.oneof(text, anyValue), { maxLength: 3 }), anyValue),
        details: anyValue,
        toolName: fc.oneof(text, anyValue),
        provider: text,
        timeoutMs: numberish,
        maxIterations: numberish,
        fields: fc.oneof(fc.dictionary(key, text, { maxKeys: 3 }), anyValue),
        amount: numberish,
        usage: fc.oneof(
          fc.record({ inputTokens: numberish, outputTokens: numberish, cachedInputTokens: numberish, promptTokens: numberish }, { requiredKeys: [] }),
          anyValue,
        ),
        rateLimit: fc.oneof(
          fc.record({ dimension: fc.oneof(fc.constantFrom('requests', 'tokens', 'inputTokens', 'outputTokens', 'daily'), anyValue), remaining: numberish, resetMs: numberish }, { requiredKeys: [] }),
          anyValue,
        ),
        requestedTokens: numberish,
        maxContextTokens: numberish,
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(key, anyValue, { maxKeys: 2 }),
  )
  .map(([known, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(extra)) defineOwn(out, name, value);
    for (const [name, value] of Object.entries(known)) defineOwn(out, name, value);
    return out;
  });

const kind: fc.Arbitrary<ErrorRecipe['kind']> = fc.oneof(fc.nat(FAULTLINE_CLASSES.length - 1), fc.constantFrom(...FOREIGN_KINDS));

/** Generated errors, as recipes: random class, message, fields, cause chains, cycles, getters and Proxies. */
export const errorRecipe: fc.Arbitrary<ErrorRecipe> = fc.letrec<{ recipe: ErrorRecipe; cause: CauseRecipe }>((tie) => ({
  cause: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'error' },
    fc.constant<CauseRecipe>({ type: 'none' }),
    anyValue.map((value): CauseRecipe => ({ type: 'value', value })),
    fc.constant<CauseRecipe>({ type: 'self' }),
    fc.constant<CauseRecipe>({ type: 'root' }),
    tie('recipe').map((recipe): CauseRecipe => ({ type: 'error', recipe })),
  ),
  recipe: fc.record({
    kind,
    message: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: anyValue }),
    fields,
    cause: tie('cause'),
    errors: fc.array(tie('cause'), { maxLength: 3 }),
    twist: fc.constantFrom(...TWISTS),
    hostileKeys: fc.subarray(['message', 'name', 'code', 'cause', 'errors', 'details', 'stack', 'retryable', 'status', 'toJSON', 'issues']),
  }),
})).recipe;

/** Builds a recipe into fresh objects: causes linked, cycles tied, twists applied. */
export function buildError(recipe: ErrorRecipe): unknown {
  const links: (() => void)[] = [];
  const seals: (() => void)[] = [];
  const build = (current: ErrorRecipe): unknown => {
    const causeOf = (cause: CauseRecipe): { value?: unknown; later?: 'self' | 'root' } => {
      if (cause.type === 'value') return { value: materialize(cause.value) };
      if (cause.type === 'error') return { value: build(cause.recipe) };
      if (cause.type === 'self' || cause.type === 'root') return { later: cause.type };
      return {};
    };
    const cause = causeOf(current.cause);
    const entries = current.errors.map(causeOf);
    const raw = construct(current, cause, entries.filter((entry) => entry.later === undefined).map((entry) => entry.value));
    const value = twist(raw, current, seals);
    const target = (later: 'self' | 'root'): unknown => (later === 'self' ? value : root);
    if (cause.later !== undefined) {
      const later = cause.later;
      links.push(() => {
        tryTo(() => Object.defineProperty(raw, 'cause', { value: target(later), configurable: true, writable: true }));
      });
    }
    for (const entry of entries) {
      const later = entry.later;
      if (later === undefined) continue;
      links.push(() => {
        tryTo(() => (raw as { errors?: unknown[] }).errors?.push(target(later)));
      });
    }
    return value;
  };
  // Read by the links below, after the whole tree is built.
  const root = build(recipe);
  for (const link of links) link();
  for (const seal of seals) seal();
  return root;
}

function tryTo(action: () => unknown): void {
  try {
    action();
  } catch {
    // A hostile field (a getter, a frozen array) may refuse: then the value stays as it is.
  }
}

function construct(recipe: ErrorRecipe, cause: { value?: unknown }, errors: unknown[]): object {
  const options = 'value' in cause ? { cause: cause.value } : undefined;
  const message = materialize(recipe.message) as string;
  const fields = materialize(recipe.fields) as Record<string, unknown>;
  if (typeof recipe.kind === 'number') {
    const Class = FAULTLINE_CLASSES[recipe.kind] ?? UnknownError;
    const error = new Class(message, { ...fields, ...options, ...(errors.length > 0 ? { errors } : {}) });
    return error;
  }
  // Foreign constructors convert the message with String(), which a hostile message survives
  // only as an own property set afterwards.
  const safeMessage = typeof message === 'string' ? message : 'generated';
  let error: object;
  switch (recipe.kind) {
    case 'Error':
      error = new Error(safeMessage, options);
      break;
    case 'TypeError':
      error = new TypeError(safeMessage, options);
      break;
    case 'RangeError':
      error = new RangeError(safeMessage, options);
      break;
    case 'AggregateError':
      error = new AggregateError(errors, safeMessage, options);
      break;
    case 'DOMException':
      error = new DOMException(safeMessage, errors.length % 2 === 0 ? 'TimeoutError' : 'AbortError');
      if (options !== undefined) defineOwn(error, 'cause', options.cause);
      break;
    case 'otherRealm':
      error = errors.length > 0 ? new otherRealm.AggregateError(errors, safeMessage, options) : new otherRealm.TypeError(safeMessage, options);
      break;
    case 'errorLike':
      error = { name: 'Error', message, ...options };
      break;
    case 'zodLike':
      error = {
        name: 'ZodError',
        message,
        issues: [
          { path: ['user', 0, Symbol('s')], message: safeMessage },
          { path: [throwingPrimitive()], message: 'bad' },
          { path: [], message: 'root' },
        ],
        ...options,
      };
      break;
  }
  if (message !== safeMessage) tryTo(() => Object.defineProperty(error, 'message', { value: message, configurable: true, writable: true }));
  for (const [name, value] of Object.entries(fields)) tryTo(() => defineOwn(error, name, value));
  return error;
}

function twist(raw: object, recipe: ErrorRecipe, seals: (() => void)[]): unknown {
  switch (recipe.twist) {
    case 'none':
      return raw;
    case 'frozen':
      seals.push(() => Object.freeze(raw));
      return raw;
    case 'sealed':
      seals.push(() => Object.seal(raw));
      return raw;
    case 'throwingGetters':
      for (const name of recipe.hostileKeys) tryTo(() => throwingGetter(raw, name));
      return raw;
    case 'proxy':
      return new Proxy(raw, {});
    case 'selectiveProxy': {
      const hostileKeys: ReadonlySet<PropertyKey> = new Set(recipe.hostileKeys);
      return new Proxy(raw, {
        get(target, property, receiver): unknown {
          if (hostileKeys.has(property)) throw new Error(`get ${String(property)}`);
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    }
    case 'throwingProxy':
      return throwingProxy(raw);
    case 'revokedProxy':
      return revokedProxy();
    case 'nullPrototype':
      tryTo(() => Object.setPrototypeOf(raw, null));
      return raw;
  }
}

/**
 * A value to throw, as generated: `build()` makes it, fresh each time, hostile parts included.
 * Printed as its recipe when a property fails.
 */
export class Thrown {
  constructor(private readonly recipe: { readonly value: unknown } | { readonly error: ErrorRecipe }) {}

  build(): unknown {
    return 'error' in this.recipe ? buildError(this.recipe.error) : materialize(this.recipe.value);
  }

  [fc.toStringMethod](): string {
    return fc.stringify(this.recipe);
  }
}

/** Anything a catch block may see: arbitrary values and generated errors, half and half. */
export const anyThrown: fc.Arbitrary<Thrown> = fc.oneof(
  anyValue.map((value) => new Thrown({ value })),
  errorRecipe.map((error) => new Thrown({ error })),
);
