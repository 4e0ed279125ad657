/**
 * `subclass(name, spec)` (issue #28): what it refuses when the class is declared, each refusal a
 * TypeError that prints the fix, and what the class it returns does: its place in the prototype
 * chain, its declaration, its fields by type, `from`, a spec's `retryable` rule and `status`.
 */
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, FaultlineError, isFaultlineError, ModelApiError, serializeError, StorageError, ToolError, ToolNotFoundError,
  ToolTimeoutError, ValidationError,
} from '../../src/index.js';
import { BUILT_IN_CLASSES } from '../../src/read-back/class-registry.js';

/** `subclass` called as a JavaScript caller may, past the types that refuse these specs. */
function declare(parent: { subclass: unknown }, name: unknown, spec?: unknown): unknown {
  return (parent.subclass as (name: unknown, spec?: unknown) => unknown).call(parent, name, spec);
}

/** The TypeError `declare` throws. */
function refusal(parent: { subclass: unknown }, name: unknown, spec?: unknown): TypeError {
  try {
    declare(parent, name, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return error as TypeError;
  }
  throw new Error(`subclass(${String(name)}) was expected to throw`);
}

class BillingError extends FaultlineError.subclass('BillingError', { code: 'BILLING_ERROR', category: 'TOOL', fields: { accountId: 'string' } }) {}

const BUILT_IN_NAMES = ['FaultlineError', ...BUILT_IN_CLASSES.map((cls) => cls.prototype.name)];

describe('subclass refuses, when the class is declared, with a TypeError that prints the fix', () => {
  it.each(BUILT_IN_NAMES)('the built-in name %s, below a family or as a family', (name) => {
    for (const [parent, call] of [[ToolError, 'ToolError.subclass'], [StorageError, 'StorageError.subclass']] as const) {
      expect(refusal(parent, name, { code: 'MINE' }).message).toBe(
        `${call}('${name}', ...): '${name}' is the name of faultline's own ${name}, and deserializeError would rebuild one as the other. ` +
          `Give your class a name of its own that says what failed, such as 'Payment${name}'.`,
      );
    }
    expect(refusal(FaultlineError, name, { category: 'TOOL' }).message).toContain(`'${name}' is the name of faultline's own ${name}`);
    expect(refusal(BillingError, name, {}).message).toMatch(new RegExp(`^BillingError\\.subclass\\('${name}', \\.\\.\\.\\)`));
  });

  it('has 27 built-in names: the abstract base and the 26 classes', () => {
    expect(new Set(BUILT_IN_NAMES).size).toBe(27);
  });

  it.each([['the empty string', ''], ['blanks', '   '], ['a number', 42], ['undefined', undefined], ['null', null], ['a class', ToolError]])(
    'a name that is %s',
    (_label, name) => {
      expect(refusal(ToolError, name, { code: 'X' }).message).toMatch(
        /^ToolError\.subclass: the first argument is the class's name, a non-empty string such as 'PaymentDeclinedError'; got /,
      );
    },
  );

  // The fields every error has, and the names of the methods every error has.
  const RESERVED = [
    'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations', 'details',
    'cause', 'errors', 'stack', 'truncated', 'constructor', 'then', 'toJSON', 'toString', 'valueOf', '__proto__',
  ];

  it.each(RESERVED)('a field named %s, a field or a method every error has', (field) => {
    // JSON.parse, so that __proto__ is an own key, as a spec read from data would have it.
    const fields = JSON.parse(`{${JSON.stringify(field)}:"string"}`) as unknown;
    const message = refusal(ToolError, 'ChargeError', { fields }).message;
    expect(message).toBe(
      `ToolError.subclass('ChargeError', spec): fields.${field} is a field every error has, set by the options as it is. ` +
        `Name your field for what it holds instead, such as ${field}Detail.`,
    );
    expect(refusal(FaultlineError, 'ChargeError', { category: 'TOOL', fields }).message).toContain(`fields.${field} is a field every error has`);
  });

  it('a field named like a built-in family’s field is no field every error has: a class below another family may take it', () => {
    const AgentToolError = StorageError.subclass('AgentToolError', { fields: { toolName: 'string' } });
    expect(new AgentToolError({ toolName: 'x' }).toolName).toBe('x');
  });

  it.each(['usage', 'rateLimit'])('a field named %s, whose shape only the model errors declare', (field) => {
    expect(refusal(StorageError, 'ChargeError', { fields: { [field]: 'json' } }).message).toBe(
      `StorageError.subclass('ChargeError', spec): fields.${field} is the name of a field of faultline's model errors, whose shape the contract fixes. ` +
        `Name your field for what it holds instead, such as ${field}Detail.`,
    );
  });

  it.each([
    ['toolName', 'number', 'string'],
    ['model', 'json', 'string'],
    ['timeoutMs', 'string', 'whole'],
    ['outputStarted', 'string', 'boolean'],
    ['fields', 'json', 'stringRecord'],
  ])('a field named %s of type %s, which faultline’s own classes hold as %s', (field, type, builtIn) => {
    // The contract writes and reads a field of this name as its built-in type in every class: any other
    // type would be retyped or dropped on the way out.
    expect(refusal(StorageError, 'ChargeError', { fields: { [field]: type } }).message).toBe(
      `StorageError.subclass('ChargeError', spec): fields.${field} is a field of faultline's own classes, which the contract writes and reads as '${builtIn}' in every class. ` +
        `Declare it as ${field}: '${builtIn}', or name your field for what it holds, such as ${field}Detail.`,
    );
  });

  it.each(['hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__'])(
    'a field named %s, a method every object has, which the field would hide',
    (field) => {
      expect(refusal(ToolError, 'ChargeError', { fields: { [field]: 'string' } }).message).toBe(
        `ToolError.subclass('ChargeError', spec): fields.${field} is the name of a method or property every ToolError has, which a field would hide. ` +
          `Name your field for what it holds instead, such as ${field}Detail.`,
      );
    },
  );

  it('a field named like a method or getter of a class of yours, below it', () => {
    class LedgerError extends ToolError.subclass('LedgerError', { fields: { entries: 'json' } }) {
      get label(): string {
        return 'ledger';
      }
      describe(): string {
        return this.label;
      }
    }
    for (const field of ['label', 'describe']) {
      expect(refusal(LedgerError, 'LedgerLineError', { fields: { [field]: 'string' } }).message).toContain(
        `fields.${field} is the name of a method or property every LedgerError has, which a field would hide.`,
      );
    }
    // A field the class above declares is no property of its prototype: a class below may declare it again.
    const LedgerLineError = LedgerError.subclass('LedgerLineError', { fields: { entries: 'json', line: 'whole' } });
    expect(new LedgerLineError({ entries: [1], line: 2 })).toMatchObject({ entries: [1], line: 2 });
  });

  it.each([['usage'], ['rateLimit']])('the built-in shape %j as a field type: offered to no class of yours', (type) => {
    expect(refusal(ToolError, 'ChargeError', { fields: { spent: type } }).message).toBe(
      `ToolError.subclass('ChargeError', spec): fields.spent has the unknown type "${type}"; ` +
        "a field type is one of 'string', 'number', 'whole', 'boolean', 'stringRecord', 'json'.",
    );
  });

  it.each([['str'], ['String'], ['int'], ['object'], [''], [42], [null]])('the unknown field type %j', (type) => {
    const message = refusal(ToolError, 'ChargeError', { fields: { amount: type } }).message;
    expect(message).toMatch(/^ToolError\.subclass\('ChargeError', spec\): fields\.amount has the unknown type /);
    expect(message).toContain("a field type is one of 'string', 'number', 'whole', 'boolean', 'stringRecord', 'json'.");
  });

  it('fields that are not an object literal of field types: a Map is refused, never taken as no fields', () => {
    for (const fields of ['amount', ['amount'], 1, new Date(0), new (class Fields { amount = 'number'; })()]) {
      expect(refusal(ToolError, 'ChargeError', { fields }).message).toMatch(
        /^ToolError\.subclass\('ChargeError', spec\): fields must be an object literal of field types such as \{ amountCents: 'number' \}; got /,
      );
    }
    const map = new Map([['amountCents', 'number']]);
    const thrown = refusal(ToolError, 'ChargeError', { fields: map });
    expect(thrown.message).toBe(
      `ToolError.subclass('ChargeError', spec): fields must be an object literal of field types such as { amountCents: 'number' }, not a Map; got an object.`,
    );
    expect(thrown.cause).toBe(map);
  });

  it('a required key that is not in fields, with the line that declares it', () => {
    expect(refusal(ToolError, 'ChargeError', { fields: { amount: 'number' }, required: ['currency'] }).message).toBe(
      `ToolError.subclass('ChargeError', spec): required names "currency", which is not in fields. Declare it there too: fields: { currency: 'string' }.`,
    );
    expect(refusal(ToolError, 'ChargeError', { required: ['amount'] }).message).toContain('required names "amount", which is not in fields');
    // A name an object inherits is no declared field.
    expect(refusal(ToolError, 'ChargeError', { fields: { amount: 'number' }, required: ['toString'] }).message).toContain('required names "toString"');
    expect(refusal(ToolError, 'ChargeError', { fields: { amount: 'number' }, required: [1] }).message).toContain('which is not in fields');
    expect(refusal(ToolError, 'ChargeError', { fields: { amount: 'number' }, required: 'amount' }).message).toMatch(
      /required must be an array of field names such as \['amountCents'\]; got /,
    );
  });

  it('a required key one typo away from a declared field, naming that field', () => {
    const fields = { amountCents: 'number', currency: 'string' };
    for (const typo of ['amout', 'amountCent', 'amuontCents', 'AmountCents', 'curency']) {
      const nearest = typo.toLowerCase().startsWith('cur') ? 'currency' : 'amountCents';
      expect(refusal(ToolError, 'ChargeError', { fields: { ...fields, amount: 'number' }, required: [typo] }).message).toBe(
        `ToolError.subclass('ChargeError', spec): required names "${typo}", which is not in fields; did you mean '${typo === 'amout' ? 'amount' : nearest}'? ` +
          `Write required: ['${typo === 'amout' ? 'amount' : nearest}'], or declare ${typo} in fields too.`,
      );
    }
    // Too far from any to be a typo of it.
    expect(refusal(ToolError, 'ChargeError', { fields, required: ['customer'] }).message).toContain('Declare it there too');
  });

  it('a required key that only the parent declares: required names the class’s own fields', () => {
    expect(refusal(BillingError, 'CardError', { required: ['accountId'] }).message).toContain('required names "accountId", which is not in fields');
  });

  it('a new family without its category, or with one that is not one of the ten', () => {
    for (const category of [undefined, 'tool', 'PAYMENT', 1]) {
      const message = refusal(FaultlineError, 'LedgerError', category === undefined ? { code: 'LEDGER' } : { code: 'LEDGER', category }).message;
      expect(message).toMatch(
        /^FaultlineError\.subclass\('LedgerError', spec\): a new family needs its category, one of MODEL, TOOL, AGENT, STORAGE, SECURITY, AUTH, VALIDATION, TRANSIENT, TIMEOUT, UNKNOWN: \{ category: 'TOOL', \.\.\. \}; got /,
      );
    }
    expect(refusal(FaultlineError, 'LedgerError').message).toContain('a new family needs its category');
  });

  it('a category below a family, built-in or yours, with the two ways out', () => {
    expect(refusal(ToolError, 'ChargeError', { category: 'TOOL' }).message).toBe(
      "ToolError.subclass('ChargeError', spec): a class below ToolError is in ToolError's family, so it takes no category. " +
        "Leave category out, or start a family of your own with FaultlineError.subclass('ChargeError', { category: ... }).",
    );
    expect(refusal(BillingError, 'CardError', { category: 'STORAGE' }).message).toContain("a class below BillingError is in BillingError's family");
    expect(refusal(ToolNotFoundError, 'MissingError', { category: 'TOOL' }).message).toContain("a class below ToolNotFoundError is in ToolNotFoundError's family");
  });

  it.each([['toolName'], ['fileds'], ['name'], ['defaults'], ['category ']])('the unknown spec key %j, with where a field of yours goes', (key) => {
    expect(refusal(ToolError, 'ChargeError', { [key]: 'x' }).message).toBe(
      `ToolError.subclass('ChargeError', spec): unknown key '${key}'. A spec takes code, message, retryable, status, category, fields, required; ` +
        `put a field of your own under fields: { ${key}: 'string' }.`,
    );
  });

  it('a spec that is not an object (null is a spec left out)', () => {
    expect(() => declare(ToolError, 'NullSpecError', null)).not.toThrow();
    for (const spec of ['PAYMENT_DECLINED', ['code'], 1, true]) {
      expect(refusal(ToolError, 'ChargeError', spec).message).toMatch(
        /^ToolError\.subclass\('ChargeError', spec\): spec must be an object literal such as \{ code: 'PAYMENT_DECLINED' \}; got /,
      );
    }
  });

  it.each([
    ['code', '', 'a non-empty string of at most 1024 characters, such as PAYMENT_DECLINED'],
    ['code', 42, 'a non-empty string of at most 1024 characters, such as PAYMENT_DECLINED'],
    ['code', 'C'.repeat(1025), 'a non-empty string of at most 1024 characters, such as PAYMENT_DECLINED'],
    ['message', 42, 'a string'],
    ['retryable', 'yes', 'a boolean, or a function of the error that returns one'],
    ['retryable', 1, 'a boolean, or a function of the error that returns one'],
    ['status', 99, 'an HTTP status, a whole number from 100 to 599'],
    ['status', 600, 'an HTTP status, a whole number from 100 to 599'],
    ['status', 402.5, 'an HTTP status, a whole number from 100 to 599'],
    ['status', '402', 'an HTTP status, a whole number from 100 to 599'],
    ['status', Number.NaN, 'an HTTP status, a whole number from 100 to 599'],
  ])('a %s of %j, kept as the cause', (key, value, expected) => {
    const thrown = refusal(ToolError, 'ChargeError', { [key]: value });
    expect(thrown.message).toMatch(
      new RegExp(`^ToolError\\.subclass\\('ChargeError', spec\\): ${key} must be ${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; got `),
    );
    expect(thrown.cause).toBe(value);
  });

  it('a name longer than the contract writes whole (1,024), which could never be read back', () => {
    expect(refusal(ToolError, `${'N'.repeat(1020)}Error`, { code: 'X' }).message).toBe(
      "ToolError.subclass: a class's name is written to the JSON whole only up to 1024 characters, and a longer one could never be read back as it; " +
        "got one of 1025. Give it a shorter name that says what failed, such as 'PaymentDeclinedError'.",
    );
    expect(() => ToolError.subclass(`${'N'.repeat(1019)}Error`, { code: 'C'.repeat(1024) })).not.toThrow();
  });

  it('an unknown key whose value is a field type: pointed under fields with its type kept', () => {
    expect(refusal(ToolError, 'ChargeError', { amountCents: 'number' }).message).toBe(
      `ToolError.subclass('ChargeError', spec): unknown key 'amountCents'. A spec takes code, message, retryable, status, category, fields, required; ` +
        `put a field of your own under fields: { amountCents: 'number' }.`,
    );
    expect(refusal(ToolError, 'ChargeError', { paid: 'boolean' }).message).toContain("fields: { paid: 'boolean' }");
  });

  it('a spec it cannot read: a getter that throws, a revoked Proxy, keys that cannot be listed, each with the reason as cause', () => {
    const boom = new Error('boom');
    const throwing = refusal(ToolError, 'ChargeError', { get code(): string { throw boom; } });
    expect(throwing.message).toBe("ToolError.subclass('ChargeError', spec): spec.code could not be read (its getter threw); give its value itself.");
    expect(throwing.cause).toBe(boom);
    const field = refusal(ToolError, 'ChargeError', { fields: { get amount(): string { throw boom; } } });
    expect(field.message).toBe("ToolError.subclass('ChargeError', spec): fields.amount could not be read (its getter threw); give its value itself.");
    const { proxy, revoke } = Proxy.revocable({ code: 'X' }, {});
    revoke();
    for (const spec of [proxy, { fields: proxy }, { required: proxy }]) {
      expect(refusal(ToolError, 'ChargeError', spec)).toBeInstanceOf(TypeError);
    }
    expect(refusal(ToolError, 'ChargeError', proxy).message).toMatch(/^ToolError\.subclass\('ChargeError', spec\): spec must be an object literal/);
    const unlisted = new Proxy({}, { ownKeys: () => { throw boom; } });
    const listing = refusal(ToolError, 'ChargeError', { fields: unlisted });
    expect(listing.message).toBe("ToolError.subclass('ChargeError', spec): fields could not be read (listing its keys threw); give an object literal.");
    expect(listing.cause).toBe(boom);
    const items = new Proxy(['amount'], { get: (target, key) => { if (key === '0') throw boom; return Reflect.get(target, key) as unknown; } });
    expect(refusal(ToolError, 'ChargeError', { fields: { amount: 'number' }, required: items }).message).toBe(
      "ToolError.subclass('ChargeError', spec): required could not be read (reading its items threw); give an array of field names.",
    );
  });

  it('reads each value of a spec once: a getter that answers otherwise on a second read declares what was checked', () => {
    let codeReads = 0;
    let typeReads = 0;
    const spec = {
      get code(): unknown { return ++codeReads === 1 ? 'CHARGE_FAILED' : 42; },
      fields: { get amount(): unknown { return ++typeReads === 1 ? 'number' : 'no such type'; } },
    };
    const Charge = declare(ToolError, 'ChargeFailedError', spec) as new (options: object) => ToolError & { amount?: unknown };
    const error = new Charge({ amount: 5 });
    expect([error.code, error.amount, codeReads, typeReads]).toEqual(['CHARGE_FAILED', 5, 1, 1]);
    expect(serializeError(error)).toMatchObject({ code: 'CHARGE_FAILED', amount: 5 });
  });

  it('takes a spec left out below a family, and every spec key at its edge', () => {
    expect(() => declare(ToolError, 'BareError')).not.toThrow();
    expect(() => ToolError.subclass('EdgeError', { code: 'E', message: '', retryable: () => true, status: 100, fields: {}, required: [] })).not.toThrow();
    expect(() => ToolError.subclass('EdgeError', { status: 599 })).not.toThrow();
  });
});

describe('the class subclass returns', () => {
  class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
    code: 'PAYMENT_DECLINED',
    message: 'The payment was declined',
    fields: { amountCents: 'number', currency: 'string' },
    required: ['amountCents'],
  }) {}

  it('sits between your class and its parent, named with the declared name', () => {
    const intermediate = Object.getPrototypeOf(PaymentDeclinedError) as typeof ToolError;
    expect(intermediate).not.toBe(ToolError);
    expect(intermediate.name).toBe('PaymentDeclinedError');
    expect(Object.getPrototypeOf(intermediate)).toBe(ToolError);
    expect(Object.getPrototypeOf(PaymentDeclinedError.prototype)).toBe(intermediate.prototype);
  });

  it('holds the declaration on its prototype, and nothing on your class’s', () => {
    const intermediate = Object.getPrototypeOf(PaymentDeclinedError.prototype) as object;
    expect(Object.getOwnPropertyDescriptor(intermediate, 'name')).toEqual({ value: 'PaymentDeclinedError', writable: true, enumerable: false, configurable: true });
    expect(Object.getOwnPropertyDescriptor(intermediate, 'code')).toEqual({ value: 'PAYMENT_DECLINED', writable: true, enumerable: true, configurable: true });
    expect(Object.getOwnPropertyDescriptor(intermediate, 'message')?.value).toBe('The payment was declined');
    // What the spec leaves out is the parent's: read through the chain, not written again.
    for (const key of ['category', 'retryable', 'status']) expect(Object.hasOwn(intermediate, key)).toBe(false);
    expect(Reflect.ownKeys(PaymentDeclinedError.prototype)).toEqual(['constructor']);
  });

  it('builds an error of your class, with the family’s defaults where the spec says nothing', () => {
    const error = new PaymentDeclinedError({ toolName: 'charge_card', amountCents: 1200, currency: 'EUR' });
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toBeInstanceOf(FaultlineError);
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof ToolTimeoutError).toBe(false);
    expect(isFaultlineError(error)).toBe(true);
    expect([error.name, error.code, error.category, error.message, error.retryable]).toEqual([
      'PaymentDeclinedError', 'PAYMENT_DECLINED', 'TOOL', 'The payment was declined', false,
    ]);
    expect([error.toolName, error.amountCents, error.currency, error.details]).toEqual(['charge_card', 1200, 'EUR', undefined]);
    expect(Object.keys(error)).toEqual(['toolName', 'amountCents', 'currency']);
    expect(error.toString()).toBe('PaymentDeclinedError [PAYMENT_DECLINED]: The payment was declined');
    expect(error.stack?.startsWith('PaymentDeclinedError: The payment was declined\n')).toBe(true);
    expect(serializeError(error)).toEqual({
      name: 'PaymentDeclinedError', code: 'PAYMENT_DECLINED', category: 'TOOL', message: 'The payment was declined', retryable: false,
      amountCents: 1200, currency: 'EUR', toolName: 'charge_card',
    });
  });

  it('takes both constructor forms', () => {
    const error = new PaymentDeclinedError('Declined by the bank', { toolName: 'charge_card', amountCents: 1200 });
    expect([error.message, error.amountCents, error.toolName]).toEqual(['Declined by the bank', 1200, 'charge_card']);
    expect(new PaymentDeclinedError({ message: 'From the options', amountCents: 1 }).message).toBe('From the options');
  });

  it('never throws for a required field left out at run time: the field is absent', () => {
    const untyped = PaymentDeclinedError as unknown as new (options?: object) => PaymentDeclinedError;
    expect(new untyped().amountCents).toBeUndefined();
    expect(new untyped({ toolName: 'x' }).amountCents).toBeUndefined();
  });

  it('can be used as it is, without a class of yours below it', () => {
    const RefundFailedError = ToolError.subclass('RefundFailedError', { code: 'REFUND_FAILED', fields: { refundId: 'string' } });
    const error = new RefundFailedError({ refundId: 're_1' });
    expect(Object.getPrototypeOf(error)).toBe(RefundFailedError.prototype);
    expect([error.name, error.code, error.refundId, error.constructor]).toEqual(['RefundFailedError', 'REFUND_FAILED', 're_1', RefundFailedError]);
    expect(RefundFailedError.name).toBe('RefundFailedError');
    expect(error).toBeInstanceOf(RefundFailedError);
  });

  it('starts a family of your own below FaultlineError, its category inherited below it', () => {
    class CardExpiredError extends BillingError.subclass('CardExpiredError', { code: 'CARD_EXPIRED' }) {}
    const error = new CardExpiredError({ accountId: 'acct_1' });
    expect([error.name, error.code, error.category, error.message, error.accountId]).toEqual(['CardExpiredError', 'CARD_EXPIRED', 'TOOL', 'An error occurred', 'acct_1']);
    expect(error).toBeInstanceOf(BillingError);
    expect(error instanceof ToolError).toBe(false);
    expect(new BillingError() instanceof CardExpiredError).toBe(false);
  });

  it('inherits each key the spec leaves out from its parent, a built-in leaf included', () => {
    class SlowToolError extends ToolTimeoutError.subclass('SlowToolError', { code: 'SLOW_TOOL' }) {}
    const slow = new SlowToolError({ timeoutMs: 5000.4 });
    expect([slow.retryable, slow.category, slow.message, slow.timeoutMs, slow.code]).toEqual([true, 'TOOL', 'The tool call timed out', 5000, 'SLOW_TOOL']);
    class ExpiredTokenError extends AuthenticationError.subclass('ExpiredTokenError', { code: 'AUTH_TOKEN_EXPIRED' }) {}
    expect([new ExpiredTokenError().status, new ExpiredTokenError().category]).toEqual([401, 'AUTH']);
  });

  it('keeps its declaration apart from a sibling’s', () => {
    class LeftError extends ToolError.subclass('LeftError', { code: 'LEFT' }) {}
    class RightError extends ToolError.subclass('RightError', { code: 'RIGHT', retryable: true }) {}
    expect([new LeftError().code, new RightError().code, new ToolError().code]).toEqual(['LEFT', 'RIGHT', 'TOOL_ERROR']);
    expect([new LeftError().retryable, new RightError().retryable]).toEqual([false, true]);
    expect(new LeftError() instanceof RightError).toBe(false);
  });

  it('never writes a default onto the instance', () => {
    class QuietError extends ToolError.subclass('QuietError', { code: 'QUIET', retryable: true, status: 409 }) {}
    const error = new QuietError();
    expect(Object.getOwnPropertyNames(error)).toEqual(['stack']);
    expect([error.code, error.retryable, error.status]).toEqual(['QUIET', true, 409]);
  });

  it('lets the options override every declared default', () => {
    class LateError extends FaultlineError.subclass('LateError', { code: 'LATE', category: 'TOOL', retryable: true, status: 402 }) {}
    const error = new LateError('Late', { code: 'LATER', retryable: false, status: 503.4, details: { invoice: 'in_1' } });
    expect([error.code, error.retryable, error.status, error.details]).toEqual(['LATER', false, 503, { invoice: 'in_1' }]);
  });
});

describe('a spec’s retryable and status', () => {
  it('a retryable rule is read from the error when asked, and the options still decide', () => {
    class StatusRuleError extends ToolError.subclass('StatusRuleError', { retryable: (error) => error.status === 503 }) {}
    expect(new StatusRuleError({ status: 503 }).retryable).toBe(true);
    expect(new StatusRuleError({ status: 500 }).retryable).toBe(false);
    expect(new StatusRuleError().retryable).toBe(false);
    expect(new StatusRuleError({ status: 500, retryable: true }).retryable).toBe(true);
    expect(new StatusRuleError({ status: 503, retryable: false }).retryable).toBe(false);
    expect(serializeError(new StatusRuleError({ status: 503 })).retryable).toBe(true);
  });

  it("a JavaScript caller's rule that returns anything but a boolean: only true is retryable", () => {
    const rule = (error: { status?: number }): unknown => (error.status === 503 ? 'yes' : error.status === 502 ? 1 : true);
    const LooseRuleError = ToolError.subclass('LooseRuleError', { retryable: rule as (error: object) => boolean });
    expect([503, 502, 500].map((status) => new LooseRuleError({ status }).retryable)).toEqual([false, false, true]);
  });

  it('a rule is inherited, and a constant below it replaces it', () => {
    class ProviderOutageError extends ModelApiError.subclass('ProviderOutageError', { code: 'PROVIDER_OUTAGE' }) {}
    expect([new ProviderOutageError({ status: 503 }).retryable, new ProviderOutageError({ status: 400 }).retryable]).toEqual([true, false]);
    class NeverRetryApiError extends ModelApiError.subclass('NeverRetryApiError', { retryable: false }) {}
    expect(new NeverRetryApiError({ status: 503 }).retryable).toBe(false);
  });

  it('a rule sees the class’s own fields', () => {
    class QuotaError extends ToolError.subclass('QuotaError', { fields: { remaining: 'whole' }, retryable: (error) => (error as { remaining?: number }).remaining !== 0 }) {}
    expect([new QuotaError({ remaining: 0 }).retryable, new QuotaError({ remaining: 3 }).retryable]).toEqual([false, true]);
  });

  it('a declared status is the error’s status until the options give another, and is written', () => {
    class PaymentRequiredError extends ToolError.subclass('PaymentRequiredError', { code: 'PAYMENT_REQUIRED', status: 402 }) {}
    expect(new PaymentRequiredError().status).toBe(402);
    expect(serializeError(new PaymentRequiredError()).status).toBe(402);
    expect(new PaymentRequiredError({ status: 503 }).status).toBe(503);
    class LaterPaymentError extends PaymentRequiredError.subclass('LaterPaymentError', {}) {}
    expect(new LaterPaymentError().status).toBe(402);
  });
});

describe('a declared field', () => {
  const TypedError = ToolError.subclass('TypedError', {
    fields: { text: 'string', amount: 'number', count: 'whole', flag: 'boolean', paths: 'stringRecord', data: 'json' },
  });
  type Options = Record<string, unknown>;
  const build = (options: Options) => new TypedError(options) as unknown as Record<string, unknown> & { details?: Options };

  it.each([
    ['string', 'text', 'EUR', 'EUR'],
    ['string', 'text', '', ''],
    ['number', 'amount', 12.5, 12.5],
    ['number', 'amount', -3, -3],
    ['number', 'amount', 0, 0],
    ['whole', 'count', 12.4, 12],
    ['whole', 'count', 12.5, 13],
    ['whole', 'count', 0, 0],
    ['boolean', 'flag', true, true],
    ['boolean', 'flag', false, false],
    ['stringRecord', 'paths', { 'user.email': 'Invalid email' }, { 'user.email': 'Invalid email' }],
    ['json', 'data', { nested: [1, 'two', null] }, { nested: [1, 'two', null] }],
    ['json', 'data', 'text', 'text'],
    ['json', 'data', 0, 0],
  ])('of type %s keeps a value of its type as the field: %s %j', (_type, key, given, kept) => {
    const error = build({ [key]: given });
    expect(error[key]).toEqual(kept);
    expect(error.details).toBeUndefined();
  });

  it.each([
    ['string', 'text', 12],
    ['string', 'text', true],
    ['string', 'text', { text: 'x' }],
    ['number', 'amount', '12'],
    ['number', 'amount', Number.NaN],
    ['number', 'amount', Number.POSITIVE_INFINITY],
    ['number', 'amount', 12n],
    ['whole', 'count', -1],
    ['whole', 'count', '3'],
    ['whole', 'count', Number.NaN],
    ['whole', 'count', Number.POSITIVE_INFINITY],
    ['boolean', 'flag', 'true'],
    ['boolean', 'flag', 1],
    ['stringRecord', 'paths', 'Invalid email'],
    ['stringRecord', 'paths', ['Invalid email']],
    ['stringRecord', 'paths', 1],
    ['stringRecord', 'paths', { 'user.email': 1 }],
    ['stringRecord', 'paths', { ok: 'x', bad: null }],
  ])('of type %s keeps a value of another type under details, never as the field, and never throws: %s %s', (_type, key, given) => {
    const error = build({ [key]: given });
    expect(Object.hasOwn(error, key)).toBe(false);
    expect(error.details).toEqual({ [key]: given });
  });

  it('keeps the wrong-type value beside an explicit details, whose own key of the same name wins', () => {
    expect(build({ amount: 'ten', details: { note: 'n' } }).details).toEqual({ amount: 'ten', note: 'n' });
    expect(build({ amount: 'ten', details: { amount: 'mine' } }).details).toEqual({ amount: 'mine' });
  });

  it('skips null and undefined, as every option', () => {
    const error = build({ text: null, amount: undefined });
    expect([Object.hasOwn(error, 'text'), Object.hasOwn(error, 'amount'), error.details]).toEqual([false, false, undefined]);
  });

  it('keeps an option the class does not declare under details', () => {
    expect(build({ amout: 3 }).details).toEqual({ amout: 3 });
    expect(Object.hasOwn(build({ amout: 3 }), 'amout')).toBe(false);
  });

  it('keeps the base fields’ 0.2 cleaning: retryAfterMs and status whole or dropped, retryable a boolean or dropped', () => {
    const error = build({ retryAfterMs: 1500.6, status: 502.2 });
    expect([error.retryAfterMs, error.status]).toEqual([1501, 502]);
    const dropped = build({ retryAfterMs: -1, status: 'x', retryable: 'yes' });
    expect([Object.hasOwn(dropped, 'retryAfterMs'), Object.hasOwn(dropped, 'status'), Object.hasOwn(dropped, 'retryable'), dropped.retryable, dropped.details])
      .toEqual([false, false, false, false, undefined]);
  });

  it('is inherited by a class below a class of yours, and declared again below a built-in leaf', () => {
    class ChargeError extends ToolError.subclass('ChargeError', { code: 'CHARGE', retryable: true, fields: { chargeId: 'string' } }) {}
    class RefundError extends ChargeError.subclass('RefundError', { message: 'The refund failed', fields: { refundId: 'string' } }) {}
    const error = new RefundError({ chargeId: 'ch_1', refundId: 're_1', toolName: 'refund' });
    expect([error.name, error.code, error.retryable, error.message, error.chargeId, error.refundId, error.toolName, error.details]).toEqual([
      'RefundError', 'CHARGE', true, 'The refund failed', 'ch_1', 're_1', 'refund', undefined,
    ]);
    // The parent does not learn the child's field.
    expect(new ChargeError({ refundId: 're_1' } as never).details).toEqual({ refundId: 're_1' });
    class ShardTimeoutError extends ToolTimeoutError.subclass('ShardTimeoutError', { fields: { shard: 'string' } }) {}
    expect([new ShardTimeoutError({ shard: 'eu-2', timeoutMs: 10 }).shard, new ShardTimeoutError({ shard: 'eu-2', timeoutMs: 10 }).timeoutMs]).toEqual(['eu-2', 10]);
  });

  it('of a built-in family keeps its 0.2 cleaning', () => {
    expect(new ValidationError({ fields: { q: 'Required' } }).fields).toEqual({ q: 'Required' });
    expect(new ToolTimeoutError({ timeoutMs: -5 }).timeoutMs).toBeUndefined();
  });
});

describe('from on a class made by subclass', () => {
  class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED', fields: { amountCents: 'number' } }) {}

  it('returns an error of that class, the value as cause, the context as options', () => {
    const cause = new Error('card declined');
    const error = PaymentDeclinedError.from(cause, { toolName: 'charge', amountCents: 1200 });
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error.constructor).toBe(PaymentDeclinedError);
    expect([error.code, error.message, error.toolName, error.amountCents, error.cause]).toEqual(['PAYMENT_DECLINED', 'card declined', 'charge', 1200, cause]);
  });

  it('returns that class for a timeout or a network failure too, retryable: no leaf is picked', () => {
    const timeout = PaymentDeclinedError.from(Object.assign(new Error('slow'), { name: 'TimeoutError' }));
    expect([timeout.constructor, timeout.retryable]).toEqual([PaymentDeclinedError, true]);
    const reset = PaymentDeclinedError.from(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    expect([reset.constructor, reset.retryable]).toEqual([PaymentDeclinedError, true]);
  });

  it('passes a faultline error through unchanged', () => {
    const notFound = new ToolNotFoundError({ toolName: 'x' });
    expect(PaymentDeclinedError.from(notFound)).toBe(notFound);
    const own = new PaymentDeclinedError();
    expect(PaymentDeclinedError.from(own)).toBe(own);
  });

  it('returns the class used as it is, and a class below a class of yours', () => {
    const AsIs = ToolError.subclass('AsIsError', {});
    expect(AsIs.from('x').constructor).toBe(AsIs);
    class CardError extends PaymentDeclinedError.subclass('CardError', { code: 'CARD' }) {}
    const error = CardError.from(new Error('x'), { amountCents: 5 });
    expect([error.constructor, error.code, error.amountCents]).toEqual([CardError, 'CARD', 5]);
  });

  it('on a built-in leaf returns that leaf; only a built-in family’s own from picks one', () => {
    expect(ToolNotFoundError.from(new Error('x')).constructor).toBe(ToolNotFoundError);
    expect(ToolTimeoutError.from(new Error('x')).constructor).toBe(ToolTimeoutError);
    expect(ToolError.from(Object.assign(new Error('slow'), { name: 'TimeoutError' })).constructor).toBe(ToolTimeoutError);
    expect(ToolError.from(new Error('x')).code).toBe('TOOL_EXECUTION_ERROR');
  });
});
