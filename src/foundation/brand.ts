/**
 * Brands and class identities that make `instanceof` hold across copies of faultline (the ESM
 * and CJS builds in one process, or two installed versions). `Symbol.for` keys are shared by
 * every copy in a realm, and a class's identity is its declared name, which minifiers keep.
 */

/** Set to `true` on `FaultlineError.prototype` of every copy. */
export const ERROR_BRAND: unique symbol = Symbol.for('faultline.error');

/** Own property of every installed faultline prototype: its class's declared name. */
export const CLASS_NAME: unique symbol = Symbol.for('faultline.className');

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

/** Whether a class named `className` (of any copy) is on the prototype chain of `value`. */
export function chainHasClass(value: object, className: string): boolean {
  try {
    let proto: object | null = Object.getPrototypeOf(value) as object | null;
    for (let step = 0; proto !== null && step < MAX_CHAIN; step++) {
      if (Object.hasOwn(proto, CLASS_NAME) && (proto as { [CLASS_NAME]: unknown })[CLASS_NAME] === className) {
        return true;
      }
      proto = Object.getPrototypeOf(proto) as object | null;
    }
  } catch {
    // A Proxy whose getPrototypeOf trap throws is not one of ours.
  }
  return false;
}
