// Runs one hostile case of bounded-work.test.ts against the built package, in a worker thread
// that the test terminates if it does not answer in time: a case that walks what an input
// claims instead of what it holds would run for minutes, and must not hang the test runner.
import { parentPort, workerData } from 'node:worker_threads';
import { deserializeError, normalizeError, serializeError, ToolError } from '../../dist/index.js';

const HUGE = 2 ** 32 - 1;

/** An array Proxy that claims `length` items and answers `item` for every index. */
function claimingArray(length, item) {
  return new Proxy([], {
    get(target, key) {
      if (key === 'length') return length;
      if (typeof key === 'string' && /^\d+$/.test(key)) return typeof item === 'function' ? item(Number(key)) : item;
      return Reflect.get(target, key);
    },
  });
}

function sparse(last) {
  const array = [];
  array[HUGE - 1] = last;
  return array;
}

class EndlessSet extends Set {
  *[Symbol.iterator]() {
    for (;;) yield undefined;
  }
}

class EndlessMap extends Map {
  *[Symbol.iterator]() {
    for (let index = 0; ; index++) yield [index, undefined];
  }
}

/** An object whose getter makes a new object, with the same getter, on every read. */
function endlessObjects() {
  return {
    get next() {
      return endlessObjects();
    },
  };
}

const node = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false };

const CASES = {
  'details: a sparse array of length 2**32 - 1': () => serializeError(new ToolError('x', { details: { list: sparse('last') } })).details,
  'details: an array Proxy of 2**32 - 1 empty strings': () => serializeError(new ToolError('x', { details: { list: claimingArray(HUGE, '') } })).details,
  'details: an array Proxy of 2**32 - 1 undefined items': () => serializeError(new ToolError('x', { details: { list: claimingArray(HUGE, undefined) } })).details,
  'details: a Set whose iterator never ends': () => serializeError(new ToolError('x', { details: { set: new EndlessSet() } })).truncated,
  'details: a Map whose iterator never ends': () => serializeError(new ToolError('x', { details: { map: new EndlessMap() } })).truncated,
  'details: getters that make new objects forever': () => serializeError(new ToolError('x', { details: endlessObjects() })).truncated,
  'recommendations: a sparse array of length 2**32 - 1': () => serializeError(new ToolError('x', { recommendations: sparse('retry') })).recommendations,
  'recommendations: an array Proxy of 2**32 - 1 strings': () => serializeError(new ToolError('x', { recommendations: claimingArray(HUGE, 'retry') })).recommendations.length,
  'errors of an AggregateError: an array Proxy of 2**32 - 1 errors': () => serializeError(Object.assign(new AggregateError([], 'all'), { errors: claimingArray(HUGE, new Error('one')) })).cause.truncated,
  'a class field: a sparse array of length 2**32 - 1': () => serializeError(Object.assign(new ToolError('x'), { list: sparse(1) })).list,
  'a cause chain a million errors deep': () => {
    let error = new Error('root');
    for (let index = 0; index < 1_000_000; index++) error = new Error('link', { cause: error });
    // The deepest node written says why it stops there.
    let out = serializeError(error);
    let depth = 1;
    for (; out.cause !== undefined; depth++) out = out.cause;
    return { depth, truncated: out.truncated };
  },
  'normalizeError: a ZodError whose issues claim 2**32 - 1 entries': () =>
    Object.keys(normalizeError({ name: 'ZodError', issues: claimingArray(HUGE, (index) => ({ path: [`f${index}`], message: 'bad' })) }).fields).length,
  'deserializeError: details holding an array Proxy of 2**32 - 1 zeros': () => failure(() => deserializeError({ ...node, details: { list: claimingArray(HUGE, 0) } })),
  'deserializeError: recommendations an array Proxy of 2**32 - 1 strings': () => failure(() => deserializeError({ ...node, recommendations: claimingArray(HUGE, 'retry') })),
  'deserializeError: errors an array Proxy of 2**32 - 1 numbers': () => failure(() => deserializeError({ ...node, errors: claimingArray(HUGE, 1) })),
};

function failure(run) {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error.fields;
  }
}

parentPort.postMessage({ result: CASES[workerData.name]() });
