/**
 * Bounded by the output (#29): a value of a million entries, wherever it is written, is read no
 * further than the budget lets the writer write, plus one to know there was more. The reads are
 * counted, never timed: an array, an object and a typed array behind a counting Proxy (get,
 * getOwnPropertyDescriptor, has and ownKeys traps), a Map and a Set through an iterator that counts
 * its steps, an `errors` list and a recommendations list behind a counting Proxy of an array.
 *
 * Each shape is placed in a faultline error's details, in a cause's details, and as what a foreign
 * cause holds (its `cause`, or its `errors`), and written by serializeError, toProblemDetails and
 * toJsonRpcError. What is written is held to the 0.2.1 writer (writer-0.2.1/), given a twin of the
 * value that holds 20,000 entries, more than any budget here writes: reading less must write the same.
 */
import { describe, expect, it } from 'vitest';
import { ToolError, TransientError, ValidationError, serializeError, type SerializedError } from '../../src/index.js';
import { toProblemDetails } from '../../src/http/index.js';
import { toJsonRpcError } from '../../src/jsonrpc/index.js';
import { maxSerializedSize } from '../../src/contract/serialize-options.js';
import { deserializeError } from '../../src/index.js';
import { defineOwn, revokedProxy, throwingGetter } from '../hardening/hostile.js';
import { serializeWith021 } from './writer-0.2.1/serialize-error.js';

const MILLION = 1_000_000;
const TWIN = 20_000;
// Building a million entries takes a moment on a loaded machine; only a wrong count fails.
const TIMEOUT = 120_000;

/** What a counting wrapper saw. */
interface Reads {
  /** The entries touched (by get, getOwnPropertyDescriptor or has, or an iteration step), each counted once. */
  readonly entries: Set<PropertyKey>;
  /** Every trap call on an entry, and every iteration step: an entry read twice counts twice. */
  entryCalls: number;
  /** The calls of ownKeys: the one list of keys an object gives at once. */
  keyLists: number;
  /** Every other trap call: `length`, `toJSON`, the prototype, symbols. */
  other: number;
}

function newReads(): Reads {
  return { entries: new Set(), entryCalls: 0, keyLists: 0, other: 0 };
}

/** A Proxy of `target` that counts the reads of its own keys (`length` aside) as entries. */
function counting<T extends object>(target: T, reads: Reads): T {
  const isEntry = (key: PropertyKey): boolean => typeof key === 'string' && key !== 'length' && Object.hasOwn(target, key);
  const touch = (key: PropertyKey): void => {
    if (isEntry(key)) {
      reads.entries.add(key);
      reads.entryCalls++;
    } else {
      reads.other++;
    }
  };
  return new Proxy(target, {
    get(inner, key): unknown {
      touch(key);
      return Reflect.get(inner, key);
    },
    getOwnPropertyDescriptor(inner, key): PropertyDescriptor | undefined {
      touch(key);
      return Reflect.getOwnPropertyDescriptor(inner, key);
    },
    has(inner, key): boolean {
      touch(key);
      return Reflect.has(inner, key);
    },
    ownKeys(inner): (string | symbol)[] {
      reads.keyLists++;
      return Reflect.ownKeys(inner);
    },
    getPrototypeOf(inner): object | null {
      reads.other++;
      return Reflect.getPrototypeOf(inner);
    },
  });
}

/** A key that sorts as it counts, so that the first keys listed are the first in canonical order too. */
function keyOf(index: number): string {
  return `k${String(index).padStart(7, '0')}`;
}

/** A Map of `size` entries made as it is walked, each step counted: whatever method the writer walks it by. */
class CountingMap extends Map<string, number> {
  constructor(private readonly entryCount: number, private readonly reads: Reads) {
    super();
  }
  override get size(): number {
    this.reads.other++;
    return this.entryCount;
  }
  override *entries(): MapIterator<[string, number]> {
    for (let index = 0; index < this.entryCount; index++) {
      this.reads.entries.add(index);
      this.reads.entryCalls++;
      yield [keyOf(index), index];
    }
  }
  override [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }
  override *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }
  override *values(): MapIterator<number> {
    for (const [, value] of this.entries()) yield value;
  }
  override forEach(callback: (value: number, key: string, map: Map<string, number>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}

/** A Map of the given entries whose iteration steps are counted. */
class CountingMapOf extends Map<string, number> {
  constructor(private readonly list: readonly [string, number][], private readonly reads: Reads) {
    super(list);
  }
  override *entries(): MapIterator<[string, number]> {
    for (const [index, entry] of this.list.entries()) {
      this.reads.entries.add(index);
      this.reads.entryCalls++;
      yield entry;
    }
  }
  override [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }
}

/** A Set of `size` numbers made as it is walked, each step counted. */
class CountingSet extends Set<number> {
  constructor(private readonly itemCount: number, private readonly reads: Reads) {
    super();
  }
  override get size(): number {
    this.reads.other++;
    return this.itemCount;
  }
  override *values(): SetIterator<number> {
    for (let index = 0; index < this.itemCount; index++) {
      this.reads.entries.add(index);
      this.reads.entryCalls++;
      yield index;
    }
  }
  override [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }
  override keys(): SetIterator<number> {
    return this.values();
  }
  override *entries(): SetIterator<[number, number]> {
    for (const value of this.values()) yield [value, value];
  }
  override forEach(callback: (value: number, key: number, set: Set<number>) => void): void {
    for (const value of this.values()) callback(value, value, this);
  }
}

// The targets behind the Proxies: made once, each of a million entries and of 20,000 (the twin),
// and only read by the tests.
const made = new Map<string, object>();
function once<T extends object>(name: string, make: () => T): T {
  let target = made.get(name) as T | undefined;
  if (target === undefined) {
    target = make();
    made.set(name, target);
  }
  return target;
}

const arrayOf = (size: number): number[] => once(`array ${size}`, () => Array.from({ length: size }, (_, index) => index));
const objectOf = (size: number): Record<string, number> =>
  once(`object ${size}`, () => {
    const object: Record<string, number> = {};
    for (let index = 0; index < size; index++) object[keyOf(index)] = index;
    return object;
  });
const typedOf = (size: number): Int32Array => once(`typed ${size}`, () => Int32Array.from({ length: size }, (_, index) => index));

/** A shape of a million entries: made behind its counter, and its twin of 20,000 as 0.2.1 is given it. */
interface Shape {
  readonly name: string;
  /** The value behind its counter, and the counter. */
  readonly counted: () => { readonly value: unknown; readonly reads: Reads };
  /** The same value with 20,000 entries, not counted: what 0.2.1 writes for it is what the budget lets through. */
  readonly twin: () => unknown;
  /** How many entries of it a written value holds. */
  readonly written: (json: unknown) => number;
}

/** The items of a written array, a trailing cut marker aside. */
function writtenItems(json: unknown): number {
  if (!Array.isArray(json)) return 0;
  return json.at(-1) === '[Truncated]' ? json.length - 1 : json.length;
}

/** The keys of a written object. */
function writtenKeys(json: unknown): number {
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? Object.keys(json).length : 0;
}

const SHAPES: readonly Shape[] = [
  {
    name: 'an array',
    counted: () => {
      const reads = newReads();
      return { value: counting(arrayOf(MILLION), reads), reads };
    },
    twin: () => arrayOf(TWIN),
    written: writtenItems,
  },
  {
    name: 'a plain object',
    counted: () => {
      const reads = newReads();
      return { value: counting(objectOf(MILLION), reads), reads };
    },
    twin: () => objectOf(TWIN),
    written: writtenKeys,
  },
  {
    name: 'a typed array (behind a Proxy: written as an object of its indices, as 0.2.1 writes a typed array)',
    counted: () => {
      const reads = newReads();
      return { value: counting(typedOf(MILLION), reads), reads };
    },
    twin: () => typedOf(TWIN),
    written: writtenKeys,
  },
  {
    name: 'a Map',
    counted: () => {
      const reads = newReads();
      return { value: new CountingMap(MILLION, reads), reads };
    },
    twin: () => new Map(Array.from({ length: TWIN }, (_, index) => [keyOf(index), index])),
    written: writtenKeys,
  },
  {
    name: 'a Set',
    counted: () => {
      const reads = newReads();
      return { value: new CountingSet(MILLION, reads), reads };
    },
    twin: () => new Set(Array.from({ length: TWIN }, (_, index) => index)),
    written: writtenItems,
  },
];

/** Where a value is written, and where to find it in the output. */
interface Place {
  readonly name: string;
  readonly error: (value: unknown) => ToolError;
  readonly at: (output: SerializedError) => unknown;
}

const PLACES: readonly Place[] = [
  {
    name: "in a faultline error's details",
    error: (value) => new ToolError('reads', { details: { data: value } as never }),
    at: (output) => (output.details as Record<string, unknown> | undefined)?.data,
  },
  {
    name: "in a cause's details",
    error: (value) => new ToolError('reads', { cause: new TransientError('inner', { details: { data: value } as never }) }),
    at: (output) => ((output.cause as SerializedError | undefined)?.details as Record<string, unknown> | undefined)?.data,
  },
  {
    name: 'as what a foreign cause holds (its cause)',
    error: (value) => new ToolError('reads', { cause: new Error('foreign', { cause: value }) }),
    at: (output) => (output.cause as { cause?: unknown } | undefined)?.cause,
  },
];

// Reads besides the entries: `length`, `toJSON`, the prototype (instanceof Date, Map, Set), a few symbols.
const OTHER_READS = 16;

/** The reads are bounded by what was written: distinct entries at most one past it, each entry read at most twice, one key list. */
function expectBounded(reads: Reads, written: number): void {
  expect({ entries: reads.entries.size <= written + 1, entryCalls: reads.entryCalls <= 2 * (written + 1), keyLists: reads.keyLists <= 1, other: reads.other <= OTHER_READS }, JSON.stringify({
    written, entries: reads.entries.size, entryCalls: reads.entryCalls, keyLists: reads.keyLists, other: reads.other,
  })).toEqual({ entries: true, entryCalls: true, keyLists: true, other: true });
}

/** Writes the shape at the place with serializeError: the output as 0.2.1 writes the twin, and the reads bounded by it. */
function expectSerializeBounded(shape: Shape, place: Place): void {
  const { value, reads } = shape.counted();
  const output = serializeError(place.error(value));
  expect(JSON.stringify(output)).toBe(JSON.stringify(serializeWith021(place.error(shape.twin()))));
  const written = shape.written(place.at(output));
  expect(written).toBeLessThan(TWIN);
  expectBounded(reads, written);
}

describe('a value of a million entries is read no further than what is written, plus one', () => {
  for (const shape of SHAPES) {
    describe(shape.name, () => {
      for (const place of PLACES) {
        it(`${place.name}, by serializeError`, () => {
          expectSerializeBounded(shape, place);
        }, TIMEOUT);
      }

      it("in a faultline error's details, by toProblemDetails: no more than serializeError writes", () => {
        const place = PLACES[0] as Place;
        const written = shape.written(place.at(serializeError(place.error(shape.twin()))));
        const { value, reads } = shape.counted();
        const problem = toProblemDetails(place.error(value));
        expect(problem.code).toBe('TOOL_ERROR');
        expectBounded(reads, written);
      }, TIMEOUT);

      it("in a faultline error's details, by toJsonRpcError (exposed): what it writes in data", () => {
        const place = PLACES[0] as Place;
        const { value, reads } = shape.counted();
        const response = toJsonRpcError(place.error(value), 1, { expose: true });
        const data = response.error.data as SerializedError;
        expect(JSON.stringify(data)).toBe(JSON.stringify(serializeWith021(place.error(shape.twin()))));
        expectBounded(reads, shape.written(place.at(data)));
      }, TIMEOUT);
    });
  }
});

describe('a Map of fewer entries than the budget has characters, more than it can write', () => {
  // 0.2.1 charges each of the 10,000 entries one and writes the first keys in canonical order with the
  // rest; the keys are made in canonical order, so reading as far as that writes gives the same bytes.
  it('is read no further than what is written, plus one, and written as 0.2.1 writes it', () => {
    const entries = (): [string, number][] => Array.from({ length: 10_000 }, (_, index) => [keyOf(index), index]);
    const reads = newReads();
    const output = serializeError(new ToolError('reads', { details: { data: new CountingMapOf(entries(), reads) } }));
    expect(JSON.stringify(output)).toBe(JSON.stringify(serializeWith021(new ToolError('reads', { details: { data: new Map(entries()) } }))));
    const written = writtenKeys((output.details as Record<string, unknown>).data);
    expect(written).toBe(399);
    expectBounded(reads, written);
  });
});

describe('objects nested as deep as maxDepth, their keys out of canonical order', () => {
  // Each level is listed once and copied once, in canonical order: a level copied again where its
  // listing order is not the canonical one would read the levels below it twice, and so on down.
  it('are each read once, and written as 0.2.1 writes them', () => {
    const gets: number[] = [];
    const levels = (counted: boolean): unknown => {
      let value: unknown = 'x'.repeat(20_000);
      for (let level = 0; level < 16; level++) {
        const object = { b: value, a: 'y' };
        gets[level] = 0;
        const onGet = (target: typeof object, key: PropertyKey): unknown => {
          if (key === 'a' || key === 'b') gets[level] = (gets[level] ?? 0) + 1;
          return Reflect.get(target, key);
        };
        value = counted ? new Proxy(object, { get: onGet }) : object;
      }
      return value;
    };
    const output = serializeError(new ToolError('deep', { details: { data: levels(true) } as never }));
    // The innermost level lies past maxDepth, written [Truncated] and not read; every other level's two keys once.
    expect(gets).toEqual([0, ...Array.from({ length: 15 }, () => 2)]);
    expect(JSON.stringify(output)).toBe(JSON.stringify(serializeWith021(new ToolError('deep', { details: { data: levels(false) } as never }))));
  });
});

describe('an errors list of a million entries', () => {
  /** An AggregateError-like list: the same error a million times, behind a counter. */
  function errorList(): { list: unknown[]; reads: Reads } {
    const reads = newReads();
    const one = new Error('one');
    return { list: counting(once('errors', () => Array.from({ length: MILLION }, () => one)), reads), reads };
  }
  const kept = Array.from({ length: 100 }, () => ({ name: 'Error', message: 'one' }));

  it("of a faultline error, is read as far as maxErrors (100) and marked with the rest's count", () => {
    const { list, reads } = errorList();
    const output = serializeError(defineOwn(new ToolError('many'), 'errors', list));
    expect(output.errors).toEqual(kept);
    expect(output.truncated).toEqual({ errors: MILLION - 100 });
    expectBounded(reads, 100);
  }, TIMEOUT);

  it("of a cause, is read as far as maxErrors and marked on the cause", () => {
    const { list, reads } = errorList();
    const output = serializeError(new ToolError('top', { cause: defineOwn(new TransientError('many'), 'errors', list) }));
    expect((output.cause as SerializedError).errors).toEqual(kept);
    expect((output.cause as SerializedError).truncated).toEqual({ errors: MILLION - 100 });
    expectBounded(reads, 100);
  }, TIMEOUT);

  it('of a foreign cause (an AggregateError), is read as far as maxErrors and marked on it', () => {
    const { list, reads } = errorList();
    const output = serializeError(new ToolError('top', { cause: defineOwn(new AggregateError([], 'many'), 'errors', list) }));
    expect(output.cause).toEqual({ name: 'AggregateError', message: 'many', errors: kept, truncated: { errors: MILLION - 100 } });
    expectBounded(reads, 100);
  }, TIMEOUT);

  it('by toProblemDetails and toJsonRpcError, no further', () => {
    for (const write of [
      (error: ToolError): unknown => toProblemDetails(error),
      (error: ToolError): unknown => toJsonRpcError(error, 1, { expose: true }).error.data,
    ]) {
      const { list, reads } = errorList();
      write(defineOwn(new ToolError('many'), 'errors', list));
      expectBounded(reads, 100);
    }
  }, TIMEOUT);
});

describe('a recommendations list of a million entries', () => {
  function recommendations(): { list: string[]; reads: Reads } {
    const reads = newReads();
    return { list: counting(once('recommendations', () => Array.from({ length: MILLION }, (_, index) => `step ${index}`)), reads), reads };
  }
  const written = Array.from({ length: 20 }, (_, index) => `step ${index}`);

  it('of a faultline error, is read as far as the 20 written, plus one, and marked', () => {
    const { list, reads } = recommendations();
    const output = serializeError(defineOwn(new ToolError('many'), 'recommendations', list));
    expect(output.recommendations).toEqual(written);
    expect(output.truncated).toEqual({ strings: true });
    expectBounded(reads, 20);
  }, TIMEOUT);

  it('of a cause, likewise', () => {
    const { list, reads } = recommendations();
    const output = serializeError(new ToolError('top', { cause: defineOwn(new TransientError('many'), 'recommendations', list) }));
    expect((output.cause as SerializedError).recommendations).toEqual(written);
    expectBounded(reads, 20);
  }, TIMEOUT);

  it('by toProblemDetails and toJsonRpcError, no further', () => {
    for (const write of [
      (error: ToolError): unknown => toProblemDetails(error),
      (error: ToolError): unknown => toJsonRpcError(error, 1, { expose: true }).error.data,
    ]) {
      const { list, reads } = recommendations();
      write(defineOwn(new ToolError('many'), 'recommendations', list));
      expectBounded(reads, 20);
    }
  }, TIMEOUT);
});

describe('a string of ten million characters', () => {
  const TEN_MILLION = 10_000_000;
  const huge = (): string => once('huge', () => ['x'.repeat(TEN_MILLION)])[0] as string;

  // A primitive string has no reads to count, and time is never asserted: what is held here is the
  // output, cut at what the budget leaves and marked. (The writer slices a string to the budget and
  // 512 characters before it redacts it: docs/contract.md.)
  it('as a details value, is written cut to what the budget leaves and marked', () => {
    const output = serializeError(new ToolError('t', { details: { data: huge() } }));
    expect(output.details).toEqual({ data: 'x'.repeat(16_384 - 'data'.length) });
    expect(output.truncated).toEqual({ details: true });
  }, TIMEOUT);

  it('as a message, a code and a class field, is written cut and marked', () => {
    const output = serializeError(new ToolError(huge(), { code: huge(), toolName: huge() }));
    expect(output.message).toBe('x'.repeat(10_000));
    expect(output.code).toBe('x'.repeat(1_024));
    expect(output.toolName).toBe('x'.repeat(16_384));
    expect(output.truncated).toEqual({ message: TEN_MILLION, details: true, strings: true });
  }, TIMEOUT);

  // A key is text the writer writes too, but a cut key would be another key: one longer than the
  // budget left (and the margin text is redacted with) is not written, where 0.2.1 wrote it whole,
  // past what the defaults can write (maxSerializedSize), and the reader with its defaults refused it.
  it('as a key in details, costs what its written prefix costs: left out and marked, the output within maxSerializedSize and read back', () => {
    const output = serializeError(new ToolError('t', { details: { a: 1, [huge()]: 2, z: 3 } }));
    expect(output.details).toEqual({ a: 1 });
    expect(output.truncated).toEqual({ details: true });
    const text = JSON.stringify(output);
    expect(text.length).toBeLessThanOrEqual(maxSerializedSize());
    expect(deserializeError(text)).toBeInstanceOf(ToolError);
  }, TIMEOUT);
});

describe('details that cannot be read are marked, as any value the writer could not read', () => {
  it('a details getter that throws: written [Unreadable] and marked', () => {
    const output = serializeError(throwingGetter(new ToolError('t', { details: { a: 1 } }), 'details'));
    expect(output.details).toEqual({ value: '[Unreadable]' });
    expect(output.truncated).toEqual({ details: true });
  });

  it("a cause's details getter that throws: marked on the cause", () => {
    const output = serializeError(new ToolError('t', { cause: throwingGetter(new TransientError('inner', { details: { a: 1 } }), 'details') }));
    expect((output.cause as SerializedError).details).toEqual({ value: '[Unreadable]' });
    expect((output.cause as SerializedError).truncated).toEqual({ details: true });
  });

  it('a Proxy of a faultline error whose get of details throws: marked', () => {
    const error = new ToolError('t', { details: { a: 1 } });
    const proxy = new Proxy(error, {
      get(target, key, receiver): unknown {
        if (key === 'details') throw new Error('no details');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const output = serializeError(proxy);
    expect(output.details).toEqual({ value: '[Unreadable]' });
    expect(output.truncated).toEqual({ details: true });
  });

  it('a revoked Proxy as details: written [Unreadable] and marked', () => {
    const output = serializeError(defineOwn(new ToolError('t'), 'details', revokedProxy()));
    expect(output.details).toEqual({ value: '[Unreadable]' });
    expect(output.truncated).toEqual({ details: true });
  });

  it('a details getter that throws, by toJsonRpcError (exposed): marked in data', () => {
    const data = toJsonRpcError(throwingGetter(new ValidationError('bad', { details: { a: 1 } }), 'details'), 1, { expose: true }).error.data;
    expect(data?.details).toEqual({ value: '[Unreadable]' });
    expect(data?.truncated).toEqual({ details: true });
  });
});

describe('errors inside details, listed many times and nested', () => {
  // Each level: an AggregateError listing one error a hundred times, whose details hold the next level.
  function nested(levels: number): { root: ToolError; reads: () => number } {
    let reads = 0;
    let next: Error = new Error('leaf');
    Object.defineProperty(next, 'message', { get: () => (reads++, 'leaf') });
    for (let level = 0; level < levels; level++) {
      const holder = new ToolError(`holder ${level}`, { details: { next } });
      next = new AggregateError(Array.from({ length: 100 }, () => holder), `level ${level}`);
    }
    return { root: new ToolError('root', { cause: next }), reads: () => reads };
  }

  it.each([1, 2, 3, 4])('%i levels: written no larger than one tree of errors (maxErrors + maxDepth + 1 nodes), and read back as written', (levels) => {
    const { root, reads } = nested(levels);
    const output = serializeError(root);
    // Every error inside details in one serialization shares one node limit, as a tree's nodes do: 117 with the defaults.
    expect(reads()).toBeGreaterThan(0);
    expect(reads()).toBeLessThanOrEqual(100 + 16 + 1);
    expect(serializeError(deserializeError(output))).toEqual(output);
  });

  it('one level, within the limit, is written as 0.2.1 writes it', () => {
    const { root } = nested(1);
    expect(JSON.stringify(serializeError(root))).toBe(JSON.stringify(serializeWith021(root)));
  });
});

describe('a recommendations list that holds no strings', () => {
  it('is read no further than its first 1,024 items, and marked', () => {
    let reads = 0;
    // Claims every index of the longest array, and holds numbers only: nothing in it is written.
    const list = new Proxy([], {
      has: () => true,
      get: (target, key): unknown => (key === 'length' ? 2 ** 32 - 1 : typeof key === 'string' ? (reads++, 0) : Reflect.get(target, key) as unknown),
    });
    const output = serializeError(defineOwn(new ToolError('many'), 'recommendations', list));
    expect(output.recommendations).toEqual([]);
    expect(output.truncated).toEqual({ strings: true });
    expect(reads).toBe(1025);
  });

  it('its strings among other items, within 1,024 items, are written as 0.2.1 writes them', () => {
    const error = new ToolError('some', { recommendations: [1, 'retry', null, 'wait'] as unknown as string[] });
    expect(serializeError(error).recommendations).toEqual(['retry', 'wait']);
    expect(JSON.stringify(serializeError(error))).toBe(JSON.stringify(serializeWith021(error)));
  });
});

describe('objects whose prototype lists enumerable keys', () => {
  it("have the prototype's keys listed once a serialization, not once an object, and are written as 0.2.1 writes them", () => {
    let keyLists = 0;
    const shared = new Proxy(Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`inherited${index}`, index])), {
      ownKeys: (target) => (keyLists++, Reflect.ownKeys(target)),
    });
    const items = Array.from({ length: 1000 }, (_, index) => Object.assign(Object.create(shared) as object, { own: index }));
    const error = new ToolError('shared prototype', { details: { items } });
    const output = serializeError(error);
    expect(keyLists).toBe(1);
    expect((output.details as { items: unknown[] }).items.slice(0, 2)).toEqual([{ own: 0 }, { own: 1 }]);
    expect(JSON.stringify(output)).toBe(JSON.stringify(serializeWith021(error)));
  });
});
