import { isPlainObject } from '../contract/node-shape.js';
import { exceeds, fail, found, tooLong, type Check } from './validation-check.js';

export const JSON_EXPECTED = 'Expected a JSON value without null';

/** The path of a problem is put together only once there is one: building it for every value read is dear. */
export function json(check: Check, value: unknown, path: string, nesting: number, expected = JSON_EXPECTED): boolean {
  const below = walk(check, value, nesting, expected);
  return below === undefined || fail(check, path + below);
}

/** Undefined if it is fine, else where below it the problem lies (`.a.0`). */
function walk(check: Check, value: unknown, nesting: number, expected: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return exceeds(check, nesting, value.length) ? '' : undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : found(check, 'Expected a finite number');
    case 'boolean':
      return undefined;
  }
  if (exceeds(check, nesting, 0)) return '';
  if (Array.isArray(value)) {
    if (tooLong(check, value)) return '';
    for (let index = 0; index < value.length; index++) {
      // Each item counts as one character, so that an array (or a Proxy) of empty items claiming
      // a huge length is cut by the input limit, not walked to its end.
      if (exceeds(check, nesting, 1)) return '';
      const below = walk(check, value[index], nesting + 1, JSON_EXPECTED);
      if (below !== undefined) return `.${index}${below}`;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return found(check, expected);
  for (const key of Object.keys(value)) {
    if (exceeds(check, nesting, key.length)) return '';
    const below = walk(check, (value as Record<string, unknown>)[key], nesting + 1, JSON_EXPECTED);
    if (below !== undefined) return `.${key}${below}`;
  }
  return undefined;
}
