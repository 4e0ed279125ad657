/**
 * The brand and the class names that make `instanceof` hold across copies of faultline (the ESM
 * and CJS builds in one process, or two installed versions). `Symbol.for` keys are shared by
 * every copy in a realm. A class is known by its declared name, which minifiers keep, and by its
 * declared ancestors' names and codes: two classes that share a name but not a parent or a code
 * (a ValidationError of yours below StorageError, and faultline's) are never taken for each other.
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

/**
 * The prototype that declares a class: its own, when `subclass` made it, or its parent's, when it is
 * the class written below one (`class X extends ToolError.subclass('X', ...) {}`). Undefined for a
 * class written without `subclass`.
 */
export function declaredPrototypeOf(cls: { readonly prototype: object }): object | undefined {
  const proto = cls.prototype;
  if (Object.hasOwn(proto, CLASS_NAME)) return proto;
  const parent = Object.getPrototypeOf(proto) as object | null;
  return parent !== null && Object.hasOwn(parent, CLASS_NAME) ? parent : undefined;
}

/**
 * Whether a prototype declaring the same class as `declared` (of any copy of faultline) is on the
 * prototype chain of `value`: one of the same name whose declared ancestors have, level by level,
 * the same names and codes. So the ESM and CJS builds, and two installed versions, agree, and two
 * classes that share a name but not a parent or a code are never taken for each other.
 */
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

/** Whether two declared prototypes and their declared ancestors have the same names and codes, up to the root. */
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

/**
 * `proto` itself, or the nearest prototype above it, that declares a class; null past the last. The
 * abstract base is not one (a 0.2 copy named it, this one does not), so the two compare alike.
 */
function nextDeclared(proto: object | null): object | null {
  while (proto !== null && !(Object.hasOwn(proto, CLASS_NAME) && (proto as { [CLASS_NAME]: unknown })[CLASS_NAME] !== 'FaultlineError')) {
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return proto;
}
