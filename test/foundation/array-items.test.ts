import { describe, expect, it } from 'vitest';
import { forEachItem } from '../../src/foundation/array-items.js';

const NEVER = Symbol('never');

function collect(array: readonly unknown[], stopAt: unknown = NEVER): unknown[] {
  const seen: unknown[] = [];
  forEachItem(array, (item) => {
    seen.push(item);
    return item !== stopAt;
  });
  return seen;
}

describe('forEachItem', () => {
  it('visits a short array index by index, a hole as undefined', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(collect([1, , 'three'])).toEqual([1, undefined, 'three']);
  });

  it('visits only the items a long sparse array holds, in index order', () => {
    const sparse: unknown[] = [];
    sparse[2 ** 32 - 2] = 'last';
    sparse[5000] = 'middle';
    sparse[3] = 'first';
    expect(collect(sparse)).toEqual(['first', 'middle', 'last']);
  });

  it('visits a long dense array whole, in order', () => {
    const dense = Array.from({ length: 3000 }, (_, index) => index);
    expect(collect(dense)).toEqual(dense);
  });

  it('stops as soon as visit returns false, on either path', () => {
    expect(collect([1, 2, 3, 4], 2)).toEqual([1, 2]);
    const long = Array.from({ length: 2000 }, (_, index) => index);
    expect(collect(long, 1)).toEqual([0, 1]);
  });

  it('visits a Proxy that claims a huge length only through the keys it has, sorted, ignoring keys that are not indices', () => {
    const target = Object.assign([] as unknown[], { 7: 'b', 2: 'a', extra: 'x' });
    const claiming = new Proxy(target, {
      get: (object, key): unknown => (key === 'length' ? 2 ** 32 - 1 : Reflect.get(object, key)),
      ownKeys: () => ['7', 'extra', '2', '01', 'length'],
    });
    expect(collect(claiming)).toEqual(['a', 'b']);
  });
});
