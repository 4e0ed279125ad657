import { afterEach, describe, expect, it } from 'vitest';
import {
  deserializeError, registerErrorClass, serializeError, StorageError, ToolError, type ErrorDefaults, type FaultlineErrorClass,
} from '../../src/index.js';

class LedgerError extends StorageError {
  static override readonly defaults: ErrorDefaults = { name: 'LedgerError', code: 'LEDGER_FAILED' };
}

/** Another class that claims the same name as LedgerError. */
class OtherLedgerError extends StorageError {
  static override readonly defaults = { name: 'LedgerError', code: 'OTHER_LEDGER' } satisfies ErrorDefaults;
}

/** A user class that claims a built-in name. */
class ImpostorToolError extends ToolError {
  static override readonly defaults = { name: 'ToolError', code: 'IMPOSTOR' } satisfies ErrorDefaults;
}

const LEDGER = { name: 'LedgerError', code: 'LEDGER_FAILED', category: 'STORAGE', message: 'x', retryable: false };

/** A value the types refuse, passed as a caller without types would. */
function untyped(value: unknown): FaultlineErrorClass {
  return value as FaultlineErrorClass;
}

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const undo of unregister.splice(0)) undo();
});

describe('registerErrorClass', () => {
  it('makes deserializeError rebuild the class by its declared name', () => {
    expect(deserializeError(LEDGER)).not.toBeInstanceOf(LedgerError);
    unregister.push(registerErrorClass(LedgerError));
    const error = deserializeError(LEDGER);
    expect(error).toBeInstanceOf(LedgerError);
    expect(Object.getPrototypeOf(error)).toBe(LedgerError.prototype);
  });

  it('returns a function that takes the registration back', () => {
    const undo = registerErrorClass(LedgerError);
    undo();
    const error = deserializeError(LEDGER);
    expect(error).not.toBeInstanceOf(LedgerError);
    expect(Object.getPrototypeOf(error)).toBe(StorageError.prototype);
  });

  it('is harmless to call the returned function twice', () => {
    const undo = registerErrorClass(LedgerError);
    undo();
    expect(() => {
      undo();
    }).not.toThrow();
  });

  it('is idempotent for the same class', () => {
    unregister.push(registerErrorClass(LedgerError));
    expect(() => unregister.push(registerErrorClass(LedgerError))).not.toThrow();
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
  });

  it('lets a stale unregister leave a later registration of another class alone', () => {
    const undoFirst = registerErrorClass(LedgerError);
    undoFirst();
    unregister.push(registerErrorClass(OtherLedgerError));
    undoFirst();
    expect(deserializeError(LEDGER)).toBeInstanceOf(OtherLedgerError);
  });

  it('refuses another class under a name already registered, with a TypeError that says what to do', () => {
    unregister.push(registerErrorClass(LedgerError));
    expect(() => registerErrorClass(OtherLedgerError)).toThrow(TypeError);
    expect(() => registerErrorClass(OtherLedgerError)).toThrow(
      new TypeError(
        "registerErrorClass: two different classes are named 'LedgerError' (OtherLedgerError and LedgerError), and a name must say which class to rebuild. " +
          'Give one of them its own name in static defaults, or register only one.',
      ),
    );
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
  });

  it('refuses a class that declares no name of its own, with the line to add', () => {
    class NamelessError extends LedgerError {}
    class OnlyCodeError extends LedgerError {
      static override readonly defaults: ErrorDefaults = { name: '', code: 'ONLY_CODE' };
    }
    expect(() => registerErrorClass(NamelessError)).toThrow(
      new TypeError(
        "registerErrorClass: NamelessError declares no name of its own in static defaults, so its errors could not be told apart from LedgerError's when read back (and a minifier renames the class). " +
          "Give it one: static override readonly defaults: ErrorDefaults = { name: 'NamelessError', ... }.",
      ),
    );
    expect(() => registerErrorClass(OnlyCodeError)).toThrow(/OnlyCodeError declares no name of its own/);
  });

  it('refuses a user class under a built-in name', () => {
    expect(() => registerErrorClass(ImpostorToolError)).toThrow(TypeError);
    expect(Object.getPrototypeOf(deserializeError({ ...LEDGER, name: 'ToolError', category: 'TOOL' }))).toBe(ToolError.prototype);
  });

  it('accepts a built-in class under its own name, and keeps it known once that registration is taken back', () => {
    expect(() => {
      registerErrorClass(ToolError)();
    }).not.toThrow();
    expect(Object.getPrototypeOf(deserializeError({ ...LEDGER, name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL' }))).toBe(ToolError.prototype);
  });

  it("rebuilds a class that was never constructed with its declared defaults, where the node agrees with them", () => {
    class NeverBuiltError extends StorageError {
      static override readonly defaults = { name: 'NeverBuiltError', code: 'NEVER_BUILT', retryable: true } satisfies ErrorDefaults;
    }
    unregister.push(registerErrorClass(NeverBuiltError));
    const node = { name: 'NeverBuiltError', code: 'NEVER_BUILT', category: 'STORAGE', message: 'x', retryable: true };
    const error = deserializeError(node);
    expect(error).toBeInstanceOf(NeverBuiltError);
    expect(error).toMatchObject({ name: 'NeverBuiltError', code: 'NEVER_BUILT', category: 'STORAGE', retryable: true });
    // Read from the prototype: only what differs from the class's defaults is the error's own.
    expect(Object.keys(error)).toEqual([]);
    expect(serializeError(error)).toEqual(node);
  });

  it.each([
    ['a class that extends Error only', class PlainError extends Error {}],
    ['a plain function', function notAClass() {}],
    ['a plain object', { name: 'LedgerError', defaults: { name: 'LedgerError' }, prototype: {} }],
    ['undefined', undefined],
  ])('throws a TypeError for %s', (_title, value) => {
    expect(() => registerErrorClass(untyped(value))).toThrow(TypeError);
    expect(() => registerErrorClass(untyped(value))).toThrow(/extends a faultline error class/);
  });
});

describe('the classes option of deserializeError', () => {
  it('comes before a registered class of the same name', () => {
    unregister.push(registerErrorClass(LedgerError));
    expect(deserializeError(LEDGER, { classes: [OtherLedgerError] })).toBeInstanceOf(OtherLedgerError);
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
  });

  it('comes before a built-in class of the same name, for that call only', () => {
    const json = { ...LEDGER, name: 'ToolError', category: 'TOOL' };
    expect(deserializeError(json, { classes: [ImpostorToolError] })).toBeInstanceOf(ImpostorToolError);
    expect(Object.getPrototypeOf(deserializeError(json))).toBe(ToolError.prototype);
  });

  it('throws a TypeError for a class that is not a faultline class', () => {
    expect(() => deserializeError(LEDGER, { classes: [untyped(class PlainError extends Error {})] })).toThrow(TypeError);
  });

  it('throws a TypeError for two different classes of the same name in one list', () => {
    expect(() => deserializeError(LEDGER, { classes: [LedgerError, OtherLedgerError] })).toThrow(
      /^deserializeError: two different classes are named 'LedgerError' \(OtherLedgerError and LedgerError\).*its own name in static defaults/,
    );
  });

  it('throws a TypeError that shows the fix for a class given instead of an array', () => {
    expect(() => deserializeError(LEDGER, { classes: untyped(LedgerError) as never })).toThrow(
      new TypeError('deserializeError: options.classes must be an array of classes, but it is the class LedgerError. Write { classes: [YourError] }.'),
    );
    expect(() => deserializeError(LEDGER, { classes: untyped('LedgerError') as never })).toThrow(/must be an array of classes, but it is a string/);
  });

  it('throws a TypeError that shows the fix for a class that declares no name of its own', () => {
    class NamelessError extends LedgerError {}
    expect(() => deserializeError(LEDGER, { classes: [NamelessError] })).toThrow(/NamelessError declares no name of its own in static defaults/);
  });

  it('accepts the same class twice in one list', () => {
    expect(deserializeError(LEDGER, { classes: [LedgerError, LedgerError] })).toBeInstanceOf(LedgerError);
  });

  it('ignores an empty list', () => {
    expect(Object.getPrototypeOf(deserializeError(LEDGER, { classes: [] }))).toBe(StorageError.prototype);
  });
});
