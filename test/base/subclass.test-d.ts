/**
 * The types `subclass` gives (issue #28): options and instance fields typed from the table in both
 * constructor forms, required keys, misspelt and wrong-typed options, the spec's rules as compile
 * errors, `from`, instanceof narrowing, inheritance, and a class used as it is.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { FaultlineError, ModelError, StorageError, ToolError, ToolTimeoutError, ValidationError, type ToolErrorOptions } from '../../src/index.js';

export class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
  code: 'PAYMENT_DECLINED',
  message: 'The payment was declined',
  fields: { amountCents: 'number', currency: 'string' },
  required: ['amountCents'],
}) {
  describe(): string {
    return `${this.amountCents}`;
  }
}

export class BillingError extends FaultlineError.subclass('BillingError', { code: 'BILLING_ERROR', category: 'TOOL', fields: { accountId: 'string' } }) {}
export class CardExpiredError extends BillingError.subclass('CardExpiredError', { code: 'CARD_EXPIRED', fields: { expiredOn: 'string' } }) {}

class EveryTypeError extends ToolError.subclass('EveryTypeError', {
  fields: { text: 'string', amount: 'number', count: 'whole', flag: 'boolean', paths: 'stringRecord', data: 'json' },
}) {}

declare const caught: unknown;

describe('options and instance fields', () => {
  it('are typed from the table, in both constructor forms', () => {
    const error = new PaymentDeclinedError({ toolName: 'charge_card', amountCents: 1200, currency: 'EUR' });
    expectTypeOf(error.amountCents).toEqualTypeOf<number>();
    expectTypeOf(error.currency).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.toolName).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.code).toEqualTypeOf<string>();
    expectTypeOf(error.describe()).toEqualTypeOf<string>();
    const second = new PaymentDeclinedError('Declined by the bank', { amountCents: 3, currency: 'EUR' });
    expectTypeOf(second).toEqualTypeOf<PaymentDeclinedError>();
    expectTypeOf(new PaymentDeclinedError({ amountCents: 3, message: 'Declined' })).toEqualTypeOf<PaymentDeclinedError>();
  });

  it('of each field type', () => {
    const error = new EveryTypeError({ text: 't', amount: 1.5, count: 2, flag: true, paths: { a: 'b' }, data: { nested: [1, 'x', null] } });
    expectTypeOf(error.text).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.count).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.flag).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(error.paths).toEqualTypeOf<Readonly<Record<string, string>> | undefined>();
    // @ts-expect-error: a stringRecord holds strings
    new EveryTypeError({ paths: { a: 1 } });
    // @ts-expect-error: json is JSON data, not a function
    new EveryTypeError({ data: () => 1 });
    // An optional field takes null and undefined, skipped.
    new EveryTypeError({ text: null, amount: undefined });
  });

  it('make a required key missing an error, in both forms', () => {
    // @ts-expect-error: amountCents is required
    new PaymentDeclinedError({ toolName: 'x' });
    // @ts-expect-error: amountCents is required
    new PaymentDeclinedError('m', { toolName: 'x' });
    // @ts-expect-error: the options are required
    new PaymentDeclinedError();
    // @ts-expect-error: a message alone is not enough
    new PaymentDeclinedError('Declined');
  });

  it('refuse a value of the wrong type and a misspelt key', () => {
    // @ts-expect-error: amountCents is a number
    new PaymentDeclinedError({ amountCents: '3' });
    // @ts-expect-error: amountCents is a number
    new PaymentDeclinedError('m', { amountCents: '3' });
    // @ts-expect-error: curency is misspelt
    new PaymentDeclinedError({ amountCents: 3, curency: 'EUR' });
    // @ts-expect-error: a base field keeps its type
    new PaymentDeclinedError({ amountCents: 3, status: '402' });
  });

  it('are read-only', () => {
    const error = new PaymentDeclinedError({ amountCents: 1 });
    // @ts-expect-error: read-only
    error.amountCents = 2;
  });
});

describe('the spec', () => {
  it('refuses a field named like one every error has', () => {
    // @ts-expect-error: code is a field every error has
    ToolError.subclass('X', { fields: { code: 'string' } });
    // @ts-expect-error: cause is a field every error has
    ToolError.subclass('X', { fields: { cause: 'json' } });
    // @ts-expect-error: status is a field every error has
    FaultlineError.subclass('X', { category: 'TOOL', fields: { status: 'whole' } });
  });

  it('takes a field of faultline’s own classes only with its type, and neither built-in shape', () => {
    // @ts-expect-error: toolName is a string in every class
    StorageError.subclass('X', { fields: { toolName: 'number' } });
    // @ts-expect-error: timeoutMs is a whole number in every class
    ToolError.subclass('X', { fields: { timeoutMs: 'string' } });
    // @ts-expect-error: usage is the model errors' shape
    ToolError.subclass('X', { fields: { usage: 'json' } });
    // @ts-expect-error: rateLimit is the model errors' shape
    ToolError.subclass('X', { fields: { rateLimit: 'json' } });
    const AgentToolError = StorageError.subclass('AgentToolError', { fields: { toolName: 'string', timeoutMs: 'whole' } });
    expectTypeOf(new AgentToolError({ toolName: 'search', timeoutMs: 5 }).toolName).toEqualTypeOf<string | undefined>();
  });

  it('refuses an unknown field type', () => {
    // @ts-expect-error: 'str' is no field type
    ToolError.subclass('X', { fields: { a: 'str' } });
  });

  it('refuses a required key not in fields', () => {
    // @ts-expect-error: b is not in fields
    ToolError.subclass('X', { fields: { a: 'string' }, required: ['b'] });
    // @ts-expect-error: no fields at all
    ToolError.subclass('X', { required: ['a'] });
  });

  it('takes a category on a new family only, and requires it there', () => {
    // @ts-expect-error: a class below a family takes no category
    ToolError.subclass('X', { category: 'TOOL' });
    // @ts-expect-error: a class below a family of yours neither
    BillingError.subclass('X', { category: 'TOOL' });
    // @ts-expect-error: a new family needs its category
    FaultlineError.subclass('X', { code: 'X' });
    // @ts-expect-error: the category is one of the ten
    FaultlineError.subclass('X', { category: 'PAYMENT' });
    FaultlineError.subclass('X', { category: 'STORAGE' });
  });

  it('refuses an unknown key, and types retryable and status', () => {
    // @ts-expect-error: toolName is no spec key (a field goes under fields)
    ToolError.subclass('X', { toolName: 'x' });
    // @ts-expect-error: retryable is a boolean or a function of the error
    ToolError.subclass('X', { retryable: 'yes' });
    // @ts-expect-error: status is a number
    ToolError.subclass('X', { status: '402' });
    ToolError.subclass('X', { retryable: (error) => error.status === 503, status: 402 });
  });
});

describe('from', () => {
  it('returns the class it is called on, and takes its options as context', () => {
    expectTypeOf(PaymentDeclinedError.from(new Error('x'))).toEqualTypeOf<PaymentDeclinedError>();
    expectTypeOf(PaymentDeclinedError.from(new Error('x'), { amountCents: 1 })).toEqualTypeOf<PaymentDeclinedError>();
    expectTypeOf(CardExpiredError.from('x', { accountId: 'a', expiredOn: '2026-01' })).toEqualTypeOf<CardExpiredError>();
    // @ts-expect-error: not an option of CardExpiredError
    CardExpiredError.from('x', { acountId: 'a' });
    expectTypeOf(ToolError.from(new Error('x'))).toEqualTypeOf<ToolError>();
    expectTypeOf(ToolTimeoutError.from('x')).toEqualTypeOf<ToolTimeoutError>();
    expectTypeOf(ValidationError.from('x')).toEqualTypeOf<ValidationError>();
  });

  it('returns a faultline error as its own type', () => {
    const expired = new CardExpiredError();
    expectTypeOf(PaymentDeclinedError.from(expired)).toEqualTypeOf<CardExpiredError>();
  });
});

describe('instanceof', () => {
  it('narrows to the class and its fields', () => {
    if (caught instanceof PaymentDeclinedError) {
      expectTypeOf(caught).toEqualTypeOf<PaymentDeclinedError>();
      expectTypeOf(caught.amountCents).toEqualTypeOf<number>();
    }
    if (caught instanceof CardExpiredError) expectTypeOf(caught.accountId).toEqualTypeOf<string | undefined>();
  });
});

describe('a class below a class of yours', () => {
  it('inherits its fields and options', () => {
    const error = new CardExpiredError({ accountId: 'a', expiredOn: '2026-01' });
    expectTypeOf(error.accountId).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.expiredOn).toEqualTypeOf<string | undefined>();
    expectTypeOf(error).toExtend<BillingError>();
    new CardExpiredError();
    class DeclinedAgainError extends PaymentDeclinedError.subclass('DeclinedAgainError', { fields: { attempt: 'whole' } }) {}
    expectTypeOf(new DeclinedAgainError({ amountCents: 1, attempt: 2 }).amountCents).toEqualTypeOf<number>();
    // @ts-expect-error: the parent's required field stays required
    new DeclinedAgainError({ attempt: 2 });
  });
});

describe('a class used as it is', () => {
  it('is constructed, narrowed and extended like a class written below it', () => {
    const Used = ModelError.subclass('UsedAsIs', { fields: { n: 'whole' } });
    const error = new Used({ n: 1, provider: 'openai' });
    expectTypeOf(error.n).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.provider).toEqualTypeOf<string | undefined>();
    expectTypeOf(error).toExtend<ModelError>();
    expectTypeOf(Used.from('x').n).toEqualTypeOf<number | undefined>();
    if (caught instanceof Used) expectTypeOf(caught.n).toEqualTypeOf<number | undefined>();
    const Below = Used.subclass('BelowUsed', {});
    expectTypeOf(new Below({ n: 2 }).n).toEqualTypeOf<number | undefined>();
  });

  it('takes the family’s options with no fields of its own', () => {
    const Plain = ToolError.subclass('NoFieldsError', {});
    const options: ToolErrorOptions = { toolName: 'x' };
    expectTypeOf(new Plain(options).toolName).toEqualTypeOf<string | undefined>();
  });
});
