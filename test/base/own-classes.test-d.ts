import { describe, expectTypeOf, it } from 'vitest';
import {
  FaultlineError, StorageError, ToolError, type ErrorDefaults, type FaultlineCode, type FaultlineErrorOptions,
  type FieldOptionsOf, type FieldsOf, type ToolErrorOptions,
} from '../../src/index.js';

interface BillingOptions extends FaultlineErrorOptions {
  readonly invoiceId?: string | undefined;
}

class BillingError extends FaultlineError<BillingOptions> {
  static override readonly defaults: ErrorDefaults = { name: 'BillingError', code: 'BILLING_ERROR', fields: { invoiceId: 'string' } };
  declare readonly invoiceId?: string;
}

class CardDeclinedError extends BillingError {
  static override readonly defaults: ErrorDefaults = { name: 'CardDeclinedError' };
}

interface ChargeOptions extends ToolErrorOptions {
  /** Required: a charge error without an amount says nothing. */
  readonly amountCents: number;
}

class ChargeError extends ToolError<ChargeOptions> {
  static override readonly defaults: ErrorDefaults = { name: 'ChargeError', fields: { amountCents: 'whole' } };
  declare readonly amountCents: number;
}

// docs/extending.md's way: the table written once, the options and the instance's fields derived from it.
const PAYMENT_FIELDS = { amountCents: 'whole', currency: 'string', settled: 'boolean' } as const;
interface PaymentDeclinedOptions extends ToolErrorOptions, FieldOptionsOf<typeof PAYMENT_FIELDS> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the instance's fields, as the built-in classes declare theirs
interface PaymentDeclinedError extends FieldsOf<typeof PAYMENT_FIELDS> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
class PaymentDeclinedError extends ToolError<PaymentDeclinedOptions> {
  static override readonly defaults: ErrorDefaults = { name: 'PaymentDeclinedError', code: 'PAYMENT_DECLINED', fields: PAYMENT_FIELDS };
}

describe('fields declared by one table', () => {
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

  it('is no call on the abstract base', () => {
    // @ts-expect-error FaultlineError is abstract: normalizeError maps any value
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
  it('is set in static defaults, never assigned', () => {
    class NamedError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'NamedError' };
      rename(): void {
        // @ts-expect-error read-only: the name is set in static defaults (docs/extending.md)
        this.name = 'NamedError';
      }
    }
    expectTypeOf(new NamedError().name).toEqualTypeOf<string>();
  });
});
