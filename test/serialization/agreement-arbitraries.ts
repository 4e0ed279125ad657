/**
 * The generated inputs of writer-agreement.test.ts: options of every kind, errors built from
 * recipes (wide details, class fields, recommendations, causes, errors lists, cycles, Proxies), and
 * Proxies, revoked Proxies, throwing getters, typed arrays, Maps and Sets in the places a value is
 * written. Each is generated as data and built fresh on every run, as the hardening arbitraries are.
 */
import fc from 'fast-check';
import {
  AgentError, AgentStateError, AuthenticationError, ModelRateLimitError, StorageError, ToolError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError, type FaultlineError, type SerializeOptions,
} from '../../src/index.js';
import { EVERY_KIND, HOSTILE_KINDS, HostileToken, key, materialize, text } from '../hardening/arbitraries.js';
import { defineOwn } from '../hardening/hostile.js';

/** A limit as a caller may give one: small whole numbers, and values the writer replaces by its default. */
function limit(max: number): fc.Arbitrary<number> {
  return fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max }) }, { weight: 1, arbitrary: fc.constantFrom(-1, Number.NaN, 2.5, Number.POSITIVE_INFINITY) });
}

/** Options of every kind, mostly small enough to cut. */
export const options: fc.Arbitrary<SerializeOptions | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        maxDepth: limit(5),
        maxMessageLength: limit(60),
        maxErrors: limit(4),
        maxDetailsSize: limit(300),
        redact: fc.oneof(fc.boolean(), fc.constant({ keys: ['ssn', /^x-/i], patterns: [/EXAMPLE\w*/] })),
        stack: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  },
);

const hostile = fc.constantFrom(...HOSTILE_KINDS).map((kind) => new HostileToken(kind));

/** Text of every length around the limits: short, a few hundred characters, past 1,024. */
const longText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.tuple(text, fc.integer({ min: 1, max: 40 })).map(([part, times]) => `${part}x`.repeat(times)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '😀', 'token=abc ', '[REDACTED]'), fc.integer({ min: 1000, max: 1100 })).map(([part, length]) => part.repeat(length).slice(0, length)) },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: longText },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  { weight: 1, arbitrary: hostile },
);

/** Wider values than the hardening's: longer arrays, more keys, deeper, so that the budget and maxDepth cut them. */
const wideValue: fc.Arbitrary<unknown> = fc.anything({ maxDepth: 3, maxKeys: 8, size: 'small', key, values: [leaf], ...EVERY_KIND });

const CLASSES = [ToolError, AgentError, AgentStateError, AuthenticationError, ModelRateLimitError, StorageError, ToolTimeoutError, TransientError, UnknownError, ValidationError] as const;

class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
  code: 'PAYMENT_DECLINED',
  fields: { amount: 'whole', currency: 'string', card: 'json' },
}) {}

/** A generated error as data, built by {@link build} into fresh objects on every run. */
export interface Recipe {
  readonly kind: number | 'user' | 'Error' | 'TypeError' | 'AggregateError' | 'data';
  readonly message: string;
  readonly details: unknown;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly recommendations: readonly string[] | undefined;
  readonly cause: Recipe | 'root' | 'self' | { readonly value: unknown } | undefined;
  readonly errors: readonly (Recipe | 'root' | { readonly value: unknown })[];
  readonly detailsSelf: boolean;
  readonly wrap: 'none' | 'proxy' | 'detailsProxy' | 'frozen';
}

export const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ recipe: Recipe; link: Recipe['cause']; entry: Recipe['errors'][number] }>((tie) => ({
  // The first choice of each is what fast-check takes at the greatest depth: a leaf, never a filter's reject.
  link: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'recipe', depthSize: 'small' },
    fc.constant(undefined),
    fc.constantFrom<'root' | 'self'>('root', 'self'),
    wideValue.map((value) => ({ value })),
    tie('recipe'),
  ),
  entry: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'recipe', depthSize: 'small' },
    leaf.map((value) => ({ value })),
    fc.constant<'root'>('root'),
    wideValue.map((value) => ({ value })),
    tie('recipe'),
  ),
  recipe: fc.record({
    kind: fc.oneof(fc.nat(CLASSES.length - 1), fc.constantFrom('user', 'Error', 'TypeError', 'AggregateError', 'data') as fc.Arbitrary<Recipe['kind']>),
    message: longText,
    details: fc.oneof(fc.constant(undefined), wideValue, fc.dictionary(key, leaf, { maxKeys: 12 })),
    fields: fc.record(
      {
        code: longText, requestId: longText, toolName: longText, agentId: text, retryAfterMs: fc.integer({ min: -1, max: 10_000 }),
        status: fc.constantFrom(400, 429, 503, -1, 2.5), amount: fc.oneof(fc.nat(), leaf), currency: text, card: wideValue,
        fields: fc.dictionary(key, longText, { maxKeys: 6 }), extra: leaf, retryable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    recommendations: fc.option(fc.array(longText, { maxLength: 24 }), { nil: undefined }),
    cause: tie('link'),
    errors: fc.array(tie('entry'), { maxLength: 3, depthIdentifier: 'recipe' }),
    detailsSelf: fc.boolean(),
    wrap: fc.constantFrom('none', 'none', 'proxy', 'detailsProxy', 'frozen'),
  }),
})).recipe;

/** Builds a recipe into fresh objects: hostile tokens made, cycles tied, Proxies wrapped. */
function build(top: Recipe): unknown {
  const links: (() => void)[] = [];
  const make = (current: Recipe): unknown => {
    let details = materialize(current.details);
    if (current.detailsSelf && typeof details === 'object' && details !== null) {
      try {
        if (!Object.isFrozen(details)) defineOwn(details, 'self', details);
      } catch {
        // a hostile value (a Proxy whose traps throw) refuses: kept as it is
      }
    }
    if (current.wrap === 'detailsProxy' && typeof details === 'object' && details !== null) details = new Proxy(details, {});
    const fields = materialize(current.fields) as Record<string, unknown>;
    const cause = current.cause;
    const causeValue = cause === undefined || cause === 'root' || cause === 'self' ? undefined : 'value' in cause ? materialize(cause.value) : make(cause);
    const errors = current.errors.filter((entry) => entry !== 'root').map((entry) => ('value' in entry ? materialize(entry.value) : make(entry)));
    const options = { ...fields, details, recommendations: current.recommendations, ...(causeValue === undefined ? {} : { cause: causeValue }) };
    let error: object;
    if (typeof current.kind === 'number') {
      const Class = CLASSES[current.kind] ?? ToolError;
      error = new (Class as unknown as new (message: string, options: object) => FaultlineError)(current.message, options);
      if (errors.length > 0) defineOwn(error, 'errors', errors);
    } else if (current.kind === 'user') {
      error = new PaymentDeclinedError(current.message, options as never);
    } else if (current.kind === 'data') {
      error = { name: 'Error', message: current.message, ...fields, details, ...(causeValue === undefined ? {} : { cause: causeValue }) };
    } else {
      error = current.kind === 'AggregateError' ? new AggregateError(errors, current.message) : new (current.kind === 'Error' ? Error : TypeError)(current.message);
      if (causeValue !== undefined) defineOwn(error, 'cause', causeValue);
      for (const [name, value] of Object.entries(fields)) defineOwn(error, name, value);
    }
    const written = current.wrap === 'proxy' ? new Proxy(error, {}) : error;
    if (cause === 'root' || cause === 'self') links.push(() => Object.defineProperty(error, 'cause', { value: cause === 'self' ? written : root, configurable: true }));
    if (current.errors.includes('root')) links.push(() => (error as { errors?: unknown[] }).errors?.push(root));
    if (current.wrap === 'frozen') links.push(() => Object.freeze(error));
    return written;
  };
  // Read by the links below, after the whole tree is built.
  const root = make(top);
  for (const link of links) {
    try {
      link();
    } catch {
      // a frozen error or list refuses: kept as it is
    }
  }
  return root;
}

/** A built input, printed as its recipe when a property fails. */
export class Built {
  constructor(readonly recipe: Recipe) {}
  build(): unknown {
    return build(this.recipe);
  }
  [fc.toStringMethod](): string {
    return fc.stringify(this.recipe);
  }
}

/** Values placed in details behind a Proxy, a revoked Proxy, a throwing getter, or as a typed array, Map or Set. */
export const proxied: fc.Arbitrary<{ readonly shape: string; readonly value: unknown; readonly place: 'details' | 'value' | 'cause' | 'foreignCause' }> = fc.record({
  shape: fc.constantFrom('proxy', 'arrayProxy', 'revoked', 'getter', 'typed', 'map', 'set', 'nestedProxy'),
  value: wideValue,
  place: fc.constantFrom('details', 'value', 'cause', 'foreignCause'),
});

export function proxiedInput({ shape, value, place }: { readonly shape: string; readonly value: unknown; readonly place: string }): unknown {
  const fresh = materialize(value);
  let items: unknown[];
  try {
    items = Array.isArray(fresh) ? Array.from(fresh as unknown[]) : [fresh, 'second', 3];
  } catch {
    items = [fresh]; // a revoked Proxy, or an array whose getter throws: kept whole, as one item
  }
  let made: unknown;
  switch (shape) {
    case 'proxy':
      made = new Proxy(typeof fresh === 'object' && fresh !== null ? fresh : { value: fresh }, {});
      break;
    case 'arrayProxy':
      made = new Proxy(items, {});
      break;
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({ value: fresh }, {});
      revoke();
      made = proxy;
      break;
    }
    case 'getter':
      made = Object.defineProperty({ before: 1, after: 2 }, 'middle', { get: () => { throw new Error('getter'); }, enumerable: true });
      break;
    case 'typed':
      made = new Int16Array(items.length * 7).map((_, index) => index * 37);
      break;
    case 'map':
      made = new Map(items.map((item, index) => [index % 2 === 0 ? index : `k${index}`, item]));
      break;
    case 'set':
      made = new Set(items);
      break;
    default:
      made = { outer: new Proxy({ inner: new Proxy(items, {}) }, {}) };
  }
  switch (place) {
    case 'details':
      return new ToolError('proxied', { details: made as never });
    case 'value':
      return new ToolError('proxied', { details: { made } as never });
    case 'cause':
      return new ToolError('proxied', { cause: new TransientError('inner', { details: { made } as never }) });
    default:
      return new ToolError('proxied', { cause: Object.assign(new Error('foreign'), { cause: made }) });
  }
}

