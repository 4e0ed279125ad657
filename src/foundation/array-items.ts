// Up to this length a hole is visited as `undefined`; past it, holes are skipped, so that a sparse
// array (or a Proxy) claiming a length of 2**32 - 1 costs what it holds, not what it claims.
const DENSE_WALK = 1024;

/**
 * Read index by index while `visit` returns true, so that a writer that stops after twenty items of a
 * million reads twenty-one; in an array longer than DENSE_WALK, from its first hole on only the indices it
 * holds are walked.
 */
export function forEachItem(array: readonly unknown[], visit: (item: unknown) => boolean): void {
  const length = array.length;
  const long = length > DENSE_WALK;
  for (let index = 0; index < length; index++) {
    if (long && !(index in array)) {
      visitHeld(array, index, length, visit);
      return;
    }
    if (!visit(array[index])) return;
  }
}

function visitHeld(array: readonly unknown[], from: number, length: number, visit: (item: unknown) => boolean): void {
  // Object.keys lists a real array's indices in ascending order, before its other keys; a Proxy's
  // ownKeys may list them in any order, and may list what is not an index.
  const indices: number[] = [];
  for (const key of Object.keys(array)) {
    const index = arrayIndex(key);
    if (index !== undefined && index > from && index < length) indices.push(index);
  }
  if (!isAscending(indices)) indices.sort((a, b) => a - b);
  for (const index of indices) if (!visit(array[index])) return;
}

/** The array index a key stands for (a canonical whole number below 2³² − 1, as JavaScript lists first), or undefined. */
export function arrayIndex(key: string): number | undefined {
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && index < 4294967295 && String(index) === key ? index : undefined;
}

function isAscending(list: readonly number[]): boolean {
  for (let index = 1; index < list.length; index++) if ((list[index] as number) <= (list[index - 1] as number)) return false;
  return true;
}
