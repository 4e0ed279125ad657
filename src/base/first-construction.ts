import { checkClassFields } from './class-field-check.js';
import { isBuiltIn } from './built-in-classes.js';
import { claimName } from './class-identity.js';
import { FIELD_TABLE, installDefaults, type ErrorDefaults } from './defaults.js';
import type { FieldTable } from '../contract/class-fields.js';

// What the first construction of each class does, once: install its defaults (and its ancestors'),
// claim its declared name for the realm, and check that no class field loses an option's value.
// Both checks refuse a class with a TypeError that says what to change, at its first construction
// and at every construction after, until it is fixed. Reading an error back never constructs, so
// neither deserializeError nor registerErrorClass runs them.

/** A class of the hierarchy: FaultlineError or below, whose chain ends at Error. */
type ErrorClass = (new () => object) & { readonly prototype: object; readonly name: string; readonly defaults?: ErrorDefaults };

/** Set on a prototype whose class (and every ancestor) passed both checks: this copy's own marker. */
const CHECKED = Symbol('faultline.checked');

/** Whether `proto`'s class has been prepared by its first construction. Cheap: every construction asks. */
export function isPrepared(proto: object): boolean {
  return Object.hasOwn(proto, CHECKED);
}

// The classes whose probe is being built: a construction of one inside its own probe is no first construction.
let preparing: Set<object> | undefined;

/**
 * Prepares `cls` and every ancestor not prepared yet, top down; throws a TypeError for a class that
 * fails a check. A class is marked prepared once it passed both, so that its probe, built in between,
 * is still a first construction (class-field-check.ts).
 */
export function prepareClass(cls: ErrorClass): void {
  if (preparing?.has(cls) === true) return;
  installDefaults(cls);
  const chain: ErrorClass[] = [];
  for (let level = cls; level.prototype !== Error.prototype && !isPrepared(level.prototype); level = Object.getPrototypeOf(level) as ErrorClass) {
    chain.unshift(level);
  }
  for (const level of chain) {
    // A built-in is known to pass both: it claims no name (its name is faultline's in every copy) and needs no probe.
    if (!isBuiltIn(level)) {
      claimName(level);
      (preparing ??= new Set()).add(level);
      try {
        checkClassFields(level, (level.prototype as { [FIELD_TABLE]?: FieldTable })[FIELD_TABLE]);
      } finally {
        preparing.delete(level);
      }
    }
    Object.defineProperty(level.prototype, CHECKED, { value: true, configurable: true });
  }
}
