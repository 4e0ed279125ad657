import { describe, expect, it } from 'vitest';
import * as faultline from '../../src/index.js';
import { classForCode, TYPED_CLASSES } from '../../src/temporal/class-for-code.js';

// Every class of the main entry with defaults of its own but the abstract base: what a type may name.
const MAIN_ENTRY_CLASSES: readonly unknown[] = Object.values(faultline).filter(
  (value) => typeof value === 'function' && Object.hasOwn(value, 'defaults') && value !== faultline.FaultlineError,
);

describe('classForCode', () => {
  it('knows every concrete class of the main entry, and no other', () => {
    expect(new Set<unknown>(TYPED_CLASSES)).toEqual(new Set(MAIN_ENTRY_CLASSES));
    expect(TYPED_CLASSES).toHaveLength(26);
  });

  it.each(TYPED_CLASSES.map((Class) => [Class.defaults.name, Class] as const))('finds %s by its code, not by its name', (_name, Class) => {
    expect(classForCode(Class.defaults.code ?? '')).toBe(Class);
    expect(classForCode(Class.defaults.name)).toBeUndefined();
  });

  it.each(['Error', 'TypeError', 'FAULTLINE_ERROR', 'FaultlineError', 'validation_failed', '', '__proto__', 'constructor'])('knows no class by %j', (type) => {
    expect(classForCode(type)).toBeUndefined();
  });
});
