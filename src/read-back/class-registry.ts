import { installRoot, FaultlineError } from '../base/faultline-error.js';
import { CLASS_NAME, declaredPrototypeOf, hasFaultlineBrand } from '../foundation/brand.js';
import type { ErrorCategory } from '../foundation/category.js';
import { CLASS_FIELD_TYPES, FIELD_TABLE, type BuiltInFieldTable, type BuiltInFieldType } from '../contract/class-fields.js';
import { fitsFieldType } from '../contract/node-shape.js';
import type { SerializedError } from '../contract/serialized-error.js';
import { AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError } from '../errors/agent.js';
import { AuthenticationError, AuthError, AuthorizationError } from '../errors/auth.js';
import {
  ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError, ModelOutputError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError,
} from '../errors/model.js';
import { SecurityError } from '../errors/security.js';
import { StorageError } from '../errors/storage.js';
import { TimeoutError } from '../errors/timeout.js';
import { ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError } from '../errors/tool.js';
import { TransientError } from '../errors/transient.js';
import { UnknownError } from '../errors/unknown.js';
import { ValidationError } from '../errors/validation.js';

/** A faultline error class, built-in or the user's. */
export type FaultlineErrorClass = (abstract new (...args: never) => FaultlineError) & {
  readonly name: string;
  readonly prototype: FaultlineError;
};

export const BUILT_IN_CLASSES: readonly FaultlineErrorClass[] = [
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError, ModelQuotaExceededError, ModelContentFilterError,
  ModelOutputError,
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  StorageError, SecurityError, AuthError, AuthenticationError, AuthorizationError,
  ValidationError, TransientError, TimeoutError, UnknownError,
];

// The built-ins and the registered classes in one map: one lookup per node read back.
let known: Map<string, FaultlineErrorClass> | undefined;
// The family class each category falls back to: the first built-in of the category, so that BUILT_IN_CLASSES
// lists each family before its leaves. Filled by knownByName.
const families: Partial<Record<ErrorCategory, FaultlineErrorClass>> = {};

function knownByName(): Map<string, FaultlineErrorClass> {
  if (known === undefined) {
    // A rebuilt error is made without running a constructor, which would otherwise have done this.
    installRoot();
    known = new Map();
    for (const cls of BUILT_IN_CLASSES) {
      families[cls.prototype.category] ??= cls;
      addClass(known, cls, '');
    }
  }
  return known;
}

function addClass(classes: Map<string, FaultlineErrorClass>, cls: FaultlineErrorClass, caller: string): string {
  const name = nameOfClass(cls, caller);
  const taken = classes.get(name);
  if (taken !== undefined && taken !== cls) throw nameTaken(caller, name, cls, taken);
  classes.set(name, cls);
  return name;
}

/**
 * Makes a class of yours known to `deserializeError`, by the name it was declared with. Registering the same
 * class twice is harmless; another class under a taken name, or a class written without `subclass`, is a
 * TypeError. Returns a function that takes this registration back.
 *
 * @example
 * ```ts
 * import { deserializeError, registerErrorClass, ToolError } from 'faultline';
 *
 * class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED' }) {}
 * registerErrorClass(PaymentDeclinedError);
 * deserializeError('{"name":"PaymentDeclinedError","code":"PAYMENT_DECLINED","category":"TOOL","message":"Declined","retryable":false}') instanceof PaymentDeclinedError; // true
 * ```
 */
export function registerErrorClass(cls: FaultlineErrorClass): () => void {
  const classes = knownByName();
  const name = addClass(classes, cls, 'registerErrorClass');
  if (BUILT_IN_CLASSES.includes(cls)) return () => undefined;
  // Each registration is taken back on its own: a library and the application that both register a class keep it until both have.
  registrations.set(cls, (registrations.get(cls) ?? 0) + 1);
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    const left = (registrations.get(cls) ?? 1) - 1;
    if (left > 0) {
      registrations.set(cls, left);
      return;
    }
    registrations.delete(cls);
    if (classes.get(name) === cls) classes.delete(name);
  };
}

const registrations = new Map<FaultlineErrorClass, number>();

/**
 * The class of the node's `name` (the call's own classes first) where the node fits it, else its category's
 * family class. A node fits when each field of yours the class declares holds a value of its type, so that a
 * rebuilt error never holds what its class's types refuse.
 */
export function classForNode(node: SerializedError, local: ReadonlyMap<string, FaultlineErrorClass> | undefined): FaultlineErrorClass {
  const named = local?.get(node.name) ?? knownByName().get(node.name);
  return named !== undefined && fitsClass(named, node) ? named : (families[node.category] as FaultlineErrorClass);
}

export function fieldTypesOf(cls: FaultlineErrorClass): BuiltInFieldTable {
  return (cls.prototype as FaultlineError & { readonly [FIELD_TABLE]?: BuiltInFieldTable })[FIELD_TABLE] ?? {};
}

function fitsClass(cls: FaultlineErrorClass, node: SerializedError): boolean {
  if (cls.prototype.category !== node.category) return false;
  const types = fieldTypesOf(cls);
  for (const field of Object.keys(types)) {
    if (Object.hasOwn(CLASS_FIELD_TYPES, field) || !Object.hasOwn(node, field)) continue;
    const value = (node as unknown as Record<string, unknown>)[field];
    if (value !== undefined && !fitsFieldType(types[field] as BuiltInFieldType, value)) return false;
  }
  return true;
}

/** One may take a built-in's or a registered class's name, for this call. */
export function localClasses(classes: readonly FaultlineErrorClass[] | undefined): ReadonlyMap<string, FaultlineErrorClass> | undefined {
  if (classes === undefined) return undefined;
  const given: unknown = classes; // checked apart, so that `classes` keeps its type
  if (!Array.isArray(given)) {
    const what = typeof given === 'function' ? `the class ${given.name}` : `a ${typeof given}`;
    throw new TypeError(`deserializeError: options.classes must be an array of classes, but it is ${what}. Write { classes: [YourError] }.`);
  }
  if (classes.length === 0) return undefined;
  const byName = new Map<string, FaultlineErrorClass>();
  for (const cls of classes) addClass(byName, cls, 'deserializeError');
  return byName;
}

function nameOfClass(cls: unknown, caller: string): string {
  installRoot(); // so that the abstract base has its brand, whether or not an error was built yet
  if (typeof cls !== 'function' || !(cls.prototype instanceof FaultlineError || hasFaultlineBrand(cls.prototype))) {
    throw new TypeError(`${caller}: expected a class declared with subclass, such as ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED' }).`);
  }
  const declared = declaredPrototypeOf(cls);
  if (declared === undefined) {
    const name = cls.name || 'MyError';
    const parent = Object.getPrototypeOf(cls) as { readonly name: string; readonly prototype: { readonly [CLASS_NAME]?: string } };
    const above = parent.prototype[CLASS_NAME] ?? parent.name;
    const declaration = above === 'FaultlineError' ? `FaultlineError.subclass('${name}', { category: 'TOOL', ... })` : `${above}.subclass('${name}', { code: ..., fields: ... })`;
    knownByName();
    const family = families[(cls.prototype as FaultlineError).category]?.name ?? 'its family';
    throw new TypeError(
      `${caller}: ${name} is written without subclass, so it has no declared name to be read back by (a minifier renames the ` +
        `class), and its errors read back as ${family}. Declare it: class ${name} extends ${declaration} {}.`,
    );
  }
  return (declared as { readonly [CLASS_NAME]: string })[CLASS_NAME];
}

function nameTaken(caller: string, name: string, cls: FaultlineErrorClass, taken: FaultlineErrorClass): TypeError {
  return new TypeError(
    `${caller}: two different classes are named '${name}' (${cls.name} and ${taken.name}), and a name must say which class to rebuild. ` +
      `Give one of them a name of its own in subclass(name, ...), or register only one.`,
  );
}
