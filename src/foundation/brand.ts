/**
 * Brands and class identities that make `instanceof` hold across copies of faultline (the ESM
 * and CJS builds in one process, or two installed versions). `Symbol.for` keys are shared by
 * every copy in a realm. A class's identity is its declared name, which minifiers keep, with its
 * parent's declared name and its code: two classes that share a name but not a parent or a code
 * (a ValidationError of yours below StorageError, and faultline's) are never taken for each other.
 */

/** Set to `true` on `FaultlineError.prototype` of every copy. */
export const ERROR_BRAND: unique symbol = Symbol.for('faultline.error');

/** Own property of every installed faultline prototype: its class's declared name. */
export const CLASS_NAME: unique symbol = Symbol.for('faultline.className');

/**
 * Own property of every installed faultline prototype since 0.3: its class's identity,
 * `Name<ParentName:CODE`. A prototype of an older copy has only CLASS_NAME, compared by name.
 */
export const CLASS_IDENTITY: unique symbol = Symbol.for('faultline.classIdentity');

// A prototype chain longer than this is not one faultline built; stop walking it.
const MAX_CHAIN = 64;

/** Reads the brand without letting a hostile object (a revoked Proxy, a throwing getter) throw. */
export function hasFaultlineBrand(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return (value as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] === true;
  } catch {
    return false;
  }
}

/**
 * Whether a class named `className` with the identity `identityOf(cls)` (of any copy) is on the
 * prototype chain of `value`. The identity is computed only where a prototype of that name has one
 * to compare: most calls are an `instanceof` that fails, for a class no prototype on the chain names.
 */
export function chainHasClass<Class>(value: object, className: string, identityOf: (cls: Class) => string, cls: Class): boolean {
  try {
    let proto: object | null = Object.getPrototypeOf(value) as object | null;
    for (let step = 0; proto !== null && step < MAX_CHAIN; step++) {
      if (Object.hasOwn(proto, CLASS_NAME) && (proto as { [CLASS_NAME]: unknown })[CLASS_NAME] === className) {
        // A class of this name with another parent or code is another class: look further up.
        if (!Object.hasOwn(proto, CLASS_IDENTITY) || (proto as { [CLASS_IDENTITY]: unknown })[CLASS_IDENTITY] === identityOf(cls)) return true;
      }
      proto = Object.getPrototypeOf(proto) as object | null;
    }
  } catch {
    // A Proxy whose getPrototypeOf trap throws is not one of ours.
  }
  return false;
}
