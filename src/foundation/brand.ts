/**
 * `Symbol.for` keys are shared by every copy of faultline in a realm. A class is known by its declared name
 * and its declared ancestors' names and codes, so that two classes that share a name but not a parent or a
 * code are never taken for each other.
 */

/** Set to `true` on `FaultlineError.prototype` of every copy. */
export const ERROR_BRAND: unique symbol = Symbol.for('faultline.error');

/** Own property of the prototype of every class made by `subclass`: its declared name. */
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

/** Its own, when `subclass` made it, or its parent's for the class written below one; undefined without `subclass`. */
export function declaredPrototypeOf(cls: { readonly prototype: object }): object | undefined {
  const proto = cls.prototype;
  if (Object.hasOwn(proto, CLASS_NAME)) return proto;
  const parent = Object.getPrototypeOf(proto) as object | null;
  return parent !== null && Object.hasOwn(parent, CLASS_NAME) ? parent : undefined;
}

export function chainDeclares(value: object, declared: object): boolean {
  try {
    const name = (declared as { [CLASS_NAME]: unknown })[CLASS_NAME];
    let proto = Object.getPrototypeOf(value) as object | null;
    for (let step = 0; proto !== null && step < MAX_CHAIN; step++) {
      if (Object.hasOwn(proto, CLASS_NAME) && (proto as { [CLASS_NAME]: unknown })[CLASS_NAME] === name && sameAncestry(proto, declared)) return true;
      proto = Object.getPrototypeOf(proto) as object | null;
    }
  } catch {
    // A Proxy whose getPrototypeOf trap throws is not one of ours.
  }
  return false;
}

function sameAncestry(a: object | null, b: object | null): boolean {
  for (let step = 0; step < MAX_CHAIN; step++) {
    a = nextDeclared(a);
    b = nextDeclared(b);
    if (a === null || b === null) return a === b;
    const left = a as { [CLASS_NAME]: unknown; code?: unknown };
    const right = b as { [CLASS_NAME]: unknown; code?: unknown };
    if (left[CLASS_NAME] !== right[CLASS_NAME] || left.code !== right.code) return false;
    a = Object.getPrototypeOf(a) as object | null;
    b = Object.getPrototypeOf(b) as object | null;
  }
  return false;
}

/** The abstract base is skipped: an older copy declared it and this one does not, so that the two compare alike. */
function nextDeclared(proto: object | null): object | null {
  while (proto !== null && !(Object.hasOwn(proto, CLASS_NAME) && (proto as { [CLASS_NAME]: unknown })[CLASS_NAME] !== 'FaultlineError')) {
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return proto;
}
