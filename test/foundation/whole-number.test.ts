import { describe, expect, it } from 'vitest';
import { toWholeNonNegative } from '../../src/foundation/whole-number.js';

describe('toWholeNonNegative', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2000, 2000],
    [2.4, 2],
    [2.5, 3],
    [0.4, 0],
    [-0, 0],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])('keeps %s as %s', (input, expected) => {
    expect(Object.is(toWholeNonNegative(input), expected)).toBe(true);
  });

  it.each([
    ['NaN', Number.NaN],
    ['a negative number', -1],
    ['a negative fraction', -0.4],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a number past the safe integers', Number.MAX_SAFE_INTEGER + 2],
    ['a numeric string', '5'],
    ['a bigint', 5n],
    ['a boxed number', Object(5) as unknown],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
  ])('drops %s', (_label, input) => {
    expect(toWholeNonNegative(input)).toBeUndefined();
  });
});
