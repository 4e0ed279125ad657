import type { FieldTable } from '../contract/class-fields.js';

// A field written as a plain class field (`readonly amountCents?: number`) instead of with `declare`
// compiles, and loses its value: class fields are defined after faultline's constructor has returned,
// so the field resets what the options had set. Nothing about it shows at run time later, so the
// first construction of each class of yours builds one probe instance, whose prototype puts an
// accessor in front of every field an option sets. An assignment (faultline's own, from the options,
// or yours in a constructor) goes through the accessor; a class field is defined on the instance
// past it. So an own property of the probe that no accessor saw, under a field an option sets, is a
// class field that would reset that option.

/** The fields every error takes from its options (`name` is the class's, never an option's). */
const OPTION_FIELDS = ['code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations', 'details', 'cause'];

/**
 * Throws a TypeError that prints the fix when `cls` has a class field that would reset an option:
 * one named as a field of its table (its own or inherited) or as a field every error has. A class
 * field of any other name is the class's own state, and an assignment in a constructor keeps its
 * value; neither is refused. A class whose constructor throws without arguments is not checked.
 * `markPrepared` is called on the probe's prototype, so that constructing the probe does not
 * prepare it as a class of its own.
 */
export function checkClassFields(cls: abstract new () => object, fields: FieldTable | undefined, markPrepared: (proto: object) => void): void {
  const watched = fields === undefined ? OPTION_FIELDS : [...Object.keys(fields), ...OPTION_FIELDS];
  const assigned = new Set<string>();
  const probePrototype = Object.create(cls.prototype as object) as object;
  for (const key of watched) {
    Object.defineProperty(probePrototype, key, {
      get(this: object): unknown {
        return Reflect.get(cls.prototype as object, key, this);
      },
      set(this: object, value: unknown) {
        assigned.add(key);
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      },
      configurable: true,
    });
  }
  markPrepared(probePrototype);
  // The instance is made with the probe's prototype, by the class's own constructor and its fields.
  const newTarget = function probe(): void {};
  newTarget.prototype = probePrototype;
  let probe: object;
  try {
    probe = Reflect.construct(cls, [], newTarget) as object;
  } catch {
    return;
  }
  for (const key of Object.keys(probe)) {
    if (assigned.has(key) || !watched.includes(key)) continue;
    throw new TypeError(
      `${cls.name}.${key} is a class field, set after the constructor has read the options, so the option '${key}' is lost. ` +
        `Write \`declare readonly ${key}?: <type>;\` (docs/extending.md).`,
    );
  }
}
