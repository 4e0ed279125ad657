import { describe, expect, it } from 'vitest';
import * as faultline from '../../src/index.js';
import { classForCode, TYPED_CLASSES } from '../../src/temporal/class-for-code.js';

// Every class of the main entry below the abstract base: what a type may name.
const MAIN_ENTRY_CLASSES: readonly unknown[] = Object.values(faultline).filter(
  (value) => typeof value === 'function' && (value as { prototype?: unknown }).prototype instanceof faultline.FaultlineError,
);

describe('classForCode', () => {
  it('knows every concrete class of the main entry, and no other', () => {
    expect(new Set<unknown>(TYPED_CLASSES)).toEqual(new Set(MAIN_ENTRY_CLASSES));
    expect(TYPED_CLASSES).toHaveLength(26);
  });

  it.each(TYPED_CLASSES.map((Class) => [Class.prototype.name, Class] as const))('finds %s by its code, not by its name', (_name, Class) => {
    expect(Object.hasOwn(Object.getPrototypeOf(Class.prototype) as object, 'code')).toBe(true); // declared by the class itself
    expect(classForCode(Class.prototype.code)).toBe(Class);
    expect(classForCode(Class.prototype.name)).toBeUndefined();
  });

  it.each(['Error', 'TypeError', 'FAULTLINE_ERROR', 'FaultlineError', 'validation_failed', '', '__proto__', 'constructor'])('knows no class by %j', (type) => {
    expect(classForCode(type)).toBeUndefined();
  });
});
