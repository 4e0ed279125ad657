// The 0.2.1 writer, frozen as the oracle of #29: src/foundation/array-items.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
// Up to this length an array is walked index by index; past it, only the indices it holds are
// visited, so that a sparse array (or a Proxy) claiming a length of 2**32 - 1 costs what it
// holds, not what it claims.
const DENSE_WALK = 1024;

/**
 * Calls `visit` with each item an array holds, in index order, while `visit` returns true. The
 * work is proportional to the items that exist, never to `length`: a hole of a short array is
 * visited as `undefined`, and the holes of a long one are not visited at all.
 *
 * @example
 * ```ts
 * const sparse: unknown[] = [];
 * sparse[2 ** 32 - 2] = 'last';
 * forEachItem(sparse, (item) => {
 *   console.log(item); // called once
 *   return true;
 * });
 * ```
 */
export function forEachItem(array: readonly unknown[], visit: (item: unknown) => boolean): void {
  const length = array.length;
  if (length <= DENSE_WALK) {
    for (let index = 0; index < length; index++) if (!visit(array[index])) return;
    return;
  }
  // Object.keys lists a real array's indices in ascending order, before its other keys; a Proxy's
  // ownKeys may list them in any order, and may list what is not an index.
  const indices: number[] = [];
  for (const key of Object.keys(array)) {
    const index = arrayIndex(key);
    if (index !== undefined && index < length) indices.push(index);
  }
  if (!isAscending(indices)) indices.sort((a, b) => a - b);
  for (const index of indices) if (!visit(array[index])) return;
}

/** The index a key names, when it is a canonical array index ('0', '17'; not '01' or '1.0'). */
/** The array index a key stands for (a canonical whole number below 2³² − 1, as JavaScript lists first), or undefined. */
export function arrayIndex(key: string): number | undefined {
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && index < 4294967295 && String(index) === key ? index : undefined;
}

function isAscending(list: readonly number[]): boolean {
  for (let index = 1; index < list.length; index++) if ((list[index] as number) <= (list[index - 1] as number)) return false;
  return true;
}
