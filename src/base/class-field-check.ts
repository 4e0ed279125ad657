import type { FieldTable } from '../contract/class-fields.js';
import { isNodeKey } from '../contract/key-order.js';

// A field written as a plain class field (`readonly amountCents?: number`) instead of with `declare`
// compiles, and loses its value: class fields are set after faultline's constructor has returned,
// so the field resets what the options had set, and an option the class does not list in `fields`
// went to `details` while the field reads undefined. Nothing about either shows at run time later,
// so the first construction of each class builds a probe instance with no options and looks at what
// its class fields left behind: faultline's constructor sets no own enumerable property without
// options, so every one the probe has is a class field.

/**
 * Throws a TypeError that prints the fix when `cls` has a class field that would lose an option's
 * value: one named as a field (its own, inherited or one every error has), or one that holds
 * `undefined`. A probe the class's own constructor refuses (it requires arguments) is not checked.
 */
export function checkClassFields(cls: new () => object, fields: FieldTable | undefined): void {
  let probe: object;
  try {
    probe = new cls();
  } catch {
    return;
  }
  for (const key of Object.keys(probe)) {
    const listed = fields !== undefined && Object.hasOwn(fields, key);
    // A class field with a value of its own, named as no field, is the class's state, not an option.
    if (!listed && !isNodeKey(key) && (probe as Record<string, unknown>)[key] !== undefined) continue;
    throw new TypeError(
      `${cls.name}.${key} is a class field, set after the constructor has read the options, so the option '${key}' is lost. ` +
        `Write \`declare readonly ${key}?: <type>;\`${listed || isNodeKey(key) ? '' : ` and list it in defaults.fields`} (docs/extending.md).`,
    );
  }
}
