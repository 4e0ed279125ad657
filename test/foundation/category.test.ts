import { describe, expect, it } from 'vitest';
import { isErrorCategory } from '../../src/foundation/category.js';
import { ErrorCategory } from '../../src/index.js';

// The ten families of issue #2, written out here rather than read from src.
const CATEGORIES = [
  'MODEL', 'TOOL', 'AGENT', 'STORAGE', 'SECURITY', 'AUTH', 'VALIDATION', 'TRANSIENT', 'TIMEOUT', 'UNKNOWN',
] as const;

describe('ErrorCategory', () => {
  it('holds exactly the ten categories, each key naming itself', () => {
    expect(Object.keys(ErrorCategory).sort()).toEqual([...CATEGORIES].sort());
    for (const category of CATEGORIES) expect(ErrorCategory[category]).toBe(category);
  });

  it('is frozen, so no code can add or change a category', () => {
    expect(Object.isFrozen(ErrorCategory)).toBe(true);
    expect(() => {
      (ErrorCategory as Record<string, string>).MODEL = 'CHANGED';
    }).toThrow(TypeError);
    expect(ErrorCategory.MODEL).toBe('MODEL');
  });
});

describe('isErrorCategory', () => {
  it.each(CATEGORIES)('accepts %s', (category) => {
    expect(isErrorCategory(category)).toBe(true);
  });

  it.each([
    ['a lower-case category', 'model'],
    ['an unknown word', 'NETWORK'],
    ['the empty string', ''],
    ['an inherited key', 'toString'],
    ['a prototype key', '__proto__'],
    ['a number', 1],
    ['null', null],
    ['undefined', undefined],
    ['an object', { MODEL: 'MODEL' }],
  ])('rejects %s', (_label, value) => {
    expect(isErrorCategory(value)).toBe(false);
  });
});
