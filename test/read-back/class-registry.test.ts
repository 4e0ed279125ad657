import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deserializeError, FaultlineError, registerErrorClass, serializeError, StorageError, ToolError, type FaultlineErrorClass,
} from '../../src/index.js';

class LedgerError extends StorageError.subclass('LedgerError', { code: 'LEDGER_FAILED' }) {}

/** Another class declared under the same name as LedgerError. */
class OtherLedgerError extends StorageError.subclass('LedgerError', { code: 'OTHER_LEDGER' }) {}

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

  it('takes back one registration of two: the class stays known until both are taken back', () => {
    const undoLibrary = registerErrorClass(LedgerError);
    const undoApplication = registerErrorClass(LedgerError);
    undoApplication();
    undoApplication(); // a second call takes back nothing more
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
    undoLibrary();
    expect(deserializeError(LEDGER)).not.toBeInstanceOf(LedgerError);
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
          'Give one of them a name of its own in subclass(name, ...), or register only one.',
      ),
    );
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
  });

  it('refuses a class written without subclass, with the subclass line to write', () => {
    class PlainLedgerError extends StorageError {
      override readonly code = 'PLAIN_LEDGER';
    }
    expect(() => registerErrorClass(PlainLedgerError)).toThrow(
      new TypeError(
        'registerErrorClass: PlainLedgerError is written without subclass, so it has no declared name to be read back by (a minifier renames the class), ' +
          "and its errors read back as StorageError. Declare it: class PlainLedgerError extends StorageError.subclass('PlainLedgerError', { code: ..., fields: ... }) {}.",
      ),
    );
  });

  it('refuses a class written without subclass right below FaultlineError, with the line that starts a family', () => {
    class PlainFamilyError extends FaultlineError {}
    expect(() => registerErrorClass(PlainFamilyError)).toThrow(
      "Declare it: class PlainFamilyError extends FaultlineError.subclass('PlainFamilyError', { category: 'TOOL', ... }) {}.",
    );
  });

  it('refuses a class written without subclass below a class of yours, naming the class to call subclass on', () => {
    class NamelessError extends LedgerError {}
    expect(() => registerErrorClass(NamelessError)).toThrow(
      "registerErrorClass: NamelessError is written without subclass, so it has no declared name to be read back by",
    );
    expect(() => registerErrorClass(NamelessError)).toThrow("class NamelessError extends LedgerError.subclass('NamelessError', { code: ..., fields: ... }) {}.");
  });

  it('refuses a class of yours under a built-in name at subclass, so that none can be registered', () => {
    expect(() => ToolError.subclass('ToolError', { code: 'IMPOSTOR' })).toThrow(TypeError);
    expect(Object.getPrototypeOf(deserializeError({ ...LEDGER, name: 'ToolError', category: 'TOOL' }))).toBe(ToolError.prototype);
  });

  it('takes the class subclass returned, used as it is, under its declared name', () => {
    const AsIsLedgerError = StorageError.subclass('AsIsLedgerError', { code: 'AS_IS_LEDGER' });
    unregister.push(registerErrorClass(AsIsLedgerError));
    const back = deserializeError({ ...LEDGER, name: 'AsIsLedgerError', code: 'AS_IS_LEDGER' });
    expect(Object.getPrototypeOf(back)).toBe(AsIsLedgerError.prototype);
    expect(back).toBeInstanceOf(AsIsLedgerError);
  });

  it('accepts a built-in class under its own name, and keeps it known once that registration is taken back', () => {
    expect(() => {
      registerErrorClass(ToolError)();
    }).not.toThrow();
    expect(Object.getPrototypeOf(deserializeError({ ...LEDGER, name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL' }))).toBe(ToolError.prototype);
  });

  it("rebuilds a class that was never constructed with its declared defaults, where the node agrees with them", () => {
    class NeverBuiltError extends StorageError.subclass('NeverBuiltError', { code: 'NEVER_BUILT', retryable: true }) {}
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
    ['a plain object', { name: 'LedgerError', prototype: {} }],
    ['undefined', undefined],
  ])('throws a TypeError for %s', (_title, value) => {
    expect(() => registerErrorClass(untyped(value))).toThrow(TypeError);
    expect(() => registerErrorClass(untyped(value))).toThrow(
      "registerErrorClass: expected a class declared with subclass, such as ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED' }).",
    );
  });
});

describe('the classes option of deserializeError', () => {
  it('comes before a registered class of the same name', () => {
    unregister.push(registerErrorClass(LedgerError));
    expect(deserializeError(LEDGER, { classes: [OtherLedgerError] })).toBeInstanceOf(OtherLedgerError);
    expect(deserializeError(LEDGER)).toBeInstanceOf(LedgerError);
  });

  it('comes before a built-in class of the same name, for that call only (here: the ToolError of another copy of faultline)', async () => {
    vi.resetModules();
    const copy = (await import('../../src/index.js'));
    expect(copy.ToolError).not.toBe(ToolError);
    const json = { ...LEDGER, name: 'ToolError', category: 'TOOL' };
    expect(Object.getPrototypeOf(deserializeError(json, { classes: [copy.ToolError] }))).toBe(copy.ToolError.prototype);
    expect(Object.getPrototypeOf(deserializeError(json))).toBe(ToolError.prototype);
  });

  it('throws a TypeError for a class that is not a faultline class', () => {
    expect(() => deserializeError(LEDGER, { classes: [untyped(class PlainError extends Error {})] })).toThrow(TypeError);
  });

  it('throws a TypeError for two different classes of the same name in one list', () => {
    expect(() => deserializeError(LEDGER, { classes: [LedgerError, OtherLedgerError] })).toThrow(
      /^deserializeError: two different classes are named 'LedgerError' \(OtherLedgerError and LedgerError\).*a name of its own in subclass\(name, \.\.\.\)/,
    );
  });

  it('throws a TypeError that shows the fix for a class given instead of an array', () => {
    expect(() => deserializeError(LEDGER, { classes: untyped(LedgerError) as never })).toThrow(
      new TypeError('deserializeError: options.classes must be an array of classes, but it is the class LedgerError. Write { classes: [YourError] }.'),
    );
    expect(() => deserializeError(LEDGER, { classes: untyped('LedgerError') as never })).toThrow(/must be an array of classes, but it is a string/);
  });

  it('throws a TypeError that shows the fix for a class written without subclass', () => {
    class NamelessError extends LedgerError {}
    expect(() => deserializeError(LEDGER, { classes: [NamelessError] })).toThrow(
      /^deserializeError: NamelessError is written without subclass.*class NamelessError extends LedgerError\.subclass\('NamelessError'/,
    );
  });

  it('accepts the same class twice in one list', () => {
    expect(deserializeError(LEDGER, { classes: [LedgerError, LedgerError] })).toBeInstanceOf(LedgerError);
  });

  it('ignores an empty list', () => {
    expect(Object.getPrototypeOf(deserializeError(LEDGER, { classes: [] }))).toBe(StorageError.prototype);
  });
});

describe('a node that does not fit the class of its name', () => {
  class PaymentError extends ToolError.subclass('PaymentError', {
    code: 'PAYMENT_FAILED',
    fields: { amountCents: 'whole', captured: 'boolean', reasons: 'stringRecord', processor: 'string', price: 'number', raw: 'json' },
  }) {}
  const PAYMENT = { name: 'PaymentError', code: 'PAYMENT_FAILED', category: 'TOOL', message: 'declined', retryable: false };

  it.each([
    ['a whole number', { amountCents: 'lots' }],
    ['a whole number', { amountCents: 2.5 }],
    ['a boolean', { captured: 'yes' }],
    ['a string record', { reasons: { card: 1 } }],
    ['a string', { processor: { id: 1 } }],
    ['a number', { price: '9.99' }],
  ])('a declared field that is not %s: rebuilt as the family class, every field kept', (_type, fields) => {
    unregister.push(registerErrorClass(PaymentError));
    const node = { ...PAYMENT, ...fields };
    const error = deserializeError(node);
    expect(error).not.toBeInstanceOf(PaymentError);
    expect(Object.getPrototypeOf(error)).toBe(ToolError.prototype);
    expect(error.name).toBe('PaymentError');
    expect(JSON.stringify(serializeError(error))).toBe(JSON.stringify(node));
  });

  it('a category that is not the class’s: rebuilt as the family class of its category', () => {
    unregister.push(registerErrorClass(PaymentError));
    const error = deserializeError({ ...PAYMENT, category: 'STORAGE' });
    expect(error).not.toBeInstanceOf(PaymentError);
    expect(Object.getPrototypeOf(error)).toBe(StorageError.prototype);
  });

  it('declared fields of their types, or absent, and a json field of any value: the class of its name', () => {
    unregister.push(registerErrorClass(PaymentError));
    const node = { ...PAYMENT, amountCents: 1250, captured: false, reasons: { card: 'expired' }, processor: 'stripe', price: 12.5, raw: [1, 'a'] };
    const error = deserializeError(node);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ amountCents: 1250, processor: 'stripe' });
    expect(deserializeError(PAYMENT)).toBeInstanceOf(PaymentError);
  });
});

describe('a field of your class named like a secret', () => {
  class VaultError extends ToolError.subclass('VaultError', {
    code: 'VAULT_FAILED',
    fields: { hasApiKey: 'boolean', tokenCount: 'whole', tokenPrice: 'number', apiToken: 'string', webSessionToken: 'stringRecord', metaSecret: 'json' },
  }) {}

  it('is written by its declared type: key-name redaction applies to text, never to a boolean or a number', () => {
    const error = new VaultError({
      hasApiKey: true, tokenCount: 12, tokenPrice: 0.5, apiToken: 'tok_live_123', webSessionToken: { web: 'abc', cli: 'def' }, metaSecret: { a: 1 },
    });
    const output = serializeError(error);
    expect(output).toMatchObject({
      hasApiKey: true, tokenCount: 12, tokenPrice: 0.5, apiToken: '[REDACTED]', webSessionToken: { cli: '[REDACTED]', web: '[REDACTED]' }, metaSecret: '[REDACTED]',
    });
    // Read back as your class: every field of its type.
    unregister.push(registerErrorClass(VaultError));
    expect(deserializeError(JSON.stringify(output))).toBeInstanceOf(VaultError);
  });

  it('holding text where its type holds none (set after construction), is redacted as text', () => {
    const error = new VaultError({ tokenCount: 1 });
    (error as unknown as Record<string, unknown>).tokenCount = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
    expect(serializeError(error)).toMatchObject({ tokenCount: '[REDACTED]' });
  });
});
