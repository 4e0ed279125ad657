import type { FieldTable } from '../contract/class-fields.js';
import { HEAD_KEYS, OPTIONAL_KEYS } from '../contract/key-order.js';

// A field written as a plain class field (`readonly amountCents?: number`) instead of with `declare`
// compiles, and loses its value: class fields are defined after faultline's constructor has returned,
// so the field resets what the options had set. Nothing about it shows at run time later, so the
// first construction of each class of yours builds one probe instance, which faultline's constructor
// returns wrapped in a Proxy that sees every later write: a class field is a definition, an assignment
// (yours in a constructor, or what TypeScript emits for a parameter property after its field) is a set.
// A field an option sets whose last write is a definition is a class field that resets the option.

/**
 * Whether a class field of this name would reset what the options set: a field of the class's table,
 * one of the contract's head or optional keys every error takes from its options, or its `cause`
 * (`name` among them: only `defaults` may set it).
 */
function resetsAnOption(key: string, fields: FieldTable | undefined): boolean {
  return (HEAD_KEYS as readonly string[]).includes(key) || (OPTIONAL_KEYS as readonly string[]).includes(key) || key === 'cause' || (fields !== undefined && Object.hasOwn(fields, key));
}

/** The class whose probe is being built, and what its Proxy saw. */
interface Probe {
  cls: unknown;
  proxy: object | undefined;
  readonly definedLast: Map<PropertyKey, boolean>;
}

let probe: Probe | undefined;

/** Whether faultline's constructor is building the probe of `target`: it then returns {@link watchWrites}. */
export function isProbeOf(target: unknown): boolean {
  return probe !== undefined && probe.cls === target;
}

/** The probe, wrapped so that each later write to it is recorded as a definition or an assignment. */
export function watchWrites<Instance extends object>(instance: Instance): Instance {
  const current = probe as Probe;
  current.cls = undefined; // the outermost construction alone: one the constructor makes of its own class is no probe
  const definedLast = current.definedLast;
  const proxy = new Proxy(instance, {
    set(target, key, value) {
      definedLast.set(key, false);
      return Reflect.set(target, key, value); // on the instance itself: not seen again as a definition
    },
    defineProperty(target, key, descriptor) {
      // A class field's definition is a full data property; Object.freeze's and the like change flags alone.
      if ('value' in descriptor && descriptor.enumerable === true && descriptor.writable === true && descriptor.configurable === true) definedLast.set(key, true);
      return Reflect.defineProperty(target, key, descriptor);
    },
  });
  current.proxy = proxy;
  return proxy;
}

/**
 * Throws a TypeError that prints the fix when `cls` has a class field that would reset an option:
 * one named as a field of its table (its own or inherited) or as a field every error has. A class
 * field of any other name is the class's own state, and an assignment keeps its value; neither is
 * refused. A class whose constructor throws without arguments, or returns another object, is not checked.
 */
export function checkClassFields(cls: abstract new () => object, fields: FieldTable | undefined): void {
  // A probe's constructor may make an error of a class not prepared yet, whose probe comes in between.
  const outer = probe;
  const mine: Probe = { cls, proxy: undefined, definedLast: new Map() };
  probe = mine;
  let built: object;
  try {
    built = Reflect.construct(cls, []) as object;
  } catch {
    return;
  } finally {
    probe = outer;
  }
  if (built !== mine.proxy) return;
  for (const [key, defined] of mine.definedLast) {
    if (!defined || typeof key !== 'string' || !resetsAnOption(key, fields)) continue;
    throw new TypeError(
      key === 'name'
        ? `${cls.name}.name is a class field: the class's name is set in its defaults, static override readonly defaults: ErrorDefaults = { name: '...', ... } (docs/extending.md).`
        : `${cls.name}.${key} is a class field, set after the constructor has read the options, so the option '${key}' is lost. ` +
            `Write \`declare readonly ${key}?: <type>;\` (docs/extending.md).`,
    );
  }
}
