import { describe, expectTypeOf, it } from 'vitest';
import { FaultlineError, StorageError, ToolError, type FaultlineCode } from '../../src/index.js';

class BillingError extends FaultlineError.subclass('BillingError', { code: 'BILLING_ERROR', category: 'TOOL', fields: { invoiceId: 'string' } }) {}

class CardDeclinedError extends BillingError.subclass('CardDeclinedError', {}) {}

class ChargeError extends ToolError.subclass('ChargeError', {
  /** Required: a charge error without an amount says nothing. */
  fields: { amountCents: 'whole' },
  required: ['amountCents'],
}) {}

class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
  code: 'PAYMENT_DECLINED',
  fields: { amountCents: 'whole', currency: 'string', settled: 'boolean' },
}) {}

describe('fields declared in subclass', () => {
  it('type the options and the instance from the table, read-only', () => {
    const error = new PaymentDeclinedError({ toolName: 'charge', amountCents: 1200, currency: 'EUR', settled: false });
    expectTypeOf(error.amountCents).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.currency).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.settled).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(error.toolName).toEqualTypeOf<string | undefined>();
    // @ts-expect-error the table says a whole number
    new PaymentDeclinedError({ amountCents: '12' });
    // @ts-expect-error not in the table
    new PaymentDeclinedError({ amountCent: 12 });
    // @ts-expect-error the field is read-only
    error.amountCents = 1;
  });
});

describe('FaultlineCode', () => {
  it('holds the built-in codes, so that a typo is a compile error', () => {
    const code: FaultlineCode = 'MODEL_RATE_LIMITED';
    expectTypeOf(code).toEqualTypeOf<'MODEL_RATE_LIMITED'>();
    // @ts-expect-error a typo of MODEL_RATE_LIMITED
    const typo: FaultlineCode = 'MODEL_RATE_LIMITD';
    expectTypeOf(typo).toEqualTypeOf<FaultlineCode>();
  });

  it('checks a switch over it for exhaustiveness', () => {
    const label = (code: FaultlineCode): string => {
      switch (code) {
        case 'MODEL_RATE_LIMITED':
        case 'MODEL_QUOTA_EXCEEDED':
          return 'wait';
        default: {
          // @ts-expect-error every other code is still possible here
          const rest: never = code;
          return rest;
        }
      }
    };
    expectTypeOf(label).returns.toEqualTypeOf<string>();
  });

  it('leaves an instance’s code a string, so that a class of yours below a built-in keeps its own', () => {
    expectTypeOf(new ToolError().code).toEqualTypeOf<string>();
    expectTypeOf<'TOOL_ERROR'>().toExtend<FaultlineCode>();
  });
});

describe('the from every family has', () => {
  it('returns the class it is called on, and takes its options as context', () => {
    expectTypeOf(BillingError.from('x', { invoiceId: 'in_1' })).toEqualTypeOf<BillingError>();
    expectTypeOf(CardDeclinedError.from('declined')).toEqualTypeOf<CardDeclinedError>();
    expectTypeOf(StorageError.from('x', { store: 'redis' })).toEqualTypeOf<StorageError>();
    // @ts-expect-error not an option of BillingError
    BillingError.from('x', { invoce: 'in_1' });
  });

  it('returns a faultline error as its own type', () => {
    const error = new ChargeError({ amountCents: 1 });
    expectTypeOf(BillingError.from(error)).toEqualTypeOf<ChargeError>();
  });

  it('refuses the abstract base, which cannot be built', () => {
    // @ts-expect-error FaultlineError is abstract: its `from` has no class to build a value into
    FaultlineError.from('x');
  });
});

describe('required options', () => {
  it('are required by the constructor, in both forms, and the compiler names the missing key', () => {
    expectTypeOf(new ChargeError({ amountCents: 1200 }).amountCents).toEqualTypeOf<number>();
    expectTypeOf(new ChargeError('Declined', { amountCents: 1200 })).toEqualTypeOf<ChargeError>();
    // @ts-expect-error the options are required
    new ChargeError();
    // @ts-expect-error Property 'amountCents' is missing
    new ChargeError({ toolName: 'charge' });
    // @ts-expect-error a message alone is not enough
    new ChargeError('Declined');
  });

  it('stay optional for a class whose options have no required key', () => {
    expectTypeOf(new BillingError()).toEqualTypeOf<BillingError>();
    expectTypeOf(new BillingError('x', null)).toEqualTypeOf<BillingError>();
  });
});

describe('the name of a class', () => {
  it('is given to subclass, never assigned', () => {
    class NamedError extends ToolError.subclass('NamedError', {}) {
      rename(): void {
        // @ts-expect-error read-only: the name is given to subclass (docs/extending.md)
        this.name = 'NamedError';
      }
    }
    expectTypeOf(new NamedError().name).toEqualTypeOf<string>();
  });
});
