import { describe, expectTypeOf, it } from 'vitest';
import {
  ErrorCategory, FaultlineError, ModelError, ModelRateLimitError, ToolError, ToolTimeoutError, ValidationError,
  type ErrorDefaults, type ToolErrorOptions,
} from '../src/index.js';

class PaymentDeclinedError extends ToolError {
  static override readonly defaults = {
    name: 'PaymentDeclinedError',
    code: 'PAYMENT_DECLINED',
    category: 'TOOL',
    message: 'The payment was declined',
  } satisfies ErrorDefaults;

  declare readonly amount?: number;

  // eslint-disable-next-line @typescript-eslint/no-useless-constructor -- it narrows the options type, which the rule cannot see
  constructor(message?: string, options?: ToolErrorOptions & { readonly amount?: number }) {
    super(message, options);
  }
}

declare const caught: unknown;

describe('fields', () => {
  it('types optional fields as possibly undefined', () => {
    expectTypeOf(new ToolError('x', { toolName: 'a' }).toolName).toEqualTypeOf<string | undefined>();
    expectTypeOf(new ToolError('x').retryAfterMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ToolError('x').status).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ToolError('x').recommendations).toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf(new ToolTimeoutError().timeoutMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(new ValidationError().fields).toEqualTypeOf<Readonly<Record<string, string>> | undefined>();
  });

  it('types the fields every error has', () => {
    const error = new ModelRateLimitError();
    expectTypeOf(error.name).toEqualTypeOf<string>();
    expectTypeOf(error.code).toEqualTypeOf<string>();
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error.retryable).toEqualTypeOf<boolean>();
    expectTypeOf(error.category).toEqualTypeOf<ErrorCategory>();
    expectTypeOf(error.provider).toEqualTypeOf<string | undefined>();
  });

  it('makes fields readonly', () => {
    const error = new ToolError('x', { toolName: 'a' });
    // @ts-expect-error: toolName is readonly
    error.toolName = 'b';
    // @ts-expect-error: retryable is readonly
    error.retryable = true;
    // @ts-expect-error: code is readonly
    error.code = 'OTHER';
  });
});

describe('construction', () => {
  it('refuses to construct the abstract base', () => {
    // @ts-expect-error: FaultlineError is abstract
    new FaultlineError('x');
  });

  it('rejects unknown option keys', () => {
    // @ts-expect-error: toolname is not an option (the option is toolName)
    new ToolError('x', { toolname: 'a' });
    // @ts-expect-error: provider is a model option, not a tool option
    new ToolError('x', { provider: 'openai' });
    // @ts-expect-error: timeoutMs belongs to ToolTimeoutError, not ToolError
    new ToolError('x', { timeoutMs: 5 });
    new ToolTimeoutError('x', { timeoutMs: 5, toolName: 'a' });
  });

  it('rejects option values of the wrong type', () => {
    // @ts-expect-error: retryable is a boolean
    new ToolError('x', { retryable: 'yes' });
    // @ts-expect-error: details holds JSON values only
    new ToolError('x', { details: { at: new Date() } });
  });
});

describe('instanceof narrowing', () => {
  it('narrows unknown to the class', () => {
    if (caught instanceof ToolTimeoutError) {
      expectTypeOf(caught).toEqualTypeOf<ToolTimeoutError>();
      expectTypeOf(caught.timeoutMs).toEqualTypeOf<number | undefined>();
      expectTypeOf(caught.toolName).toEqualTypeOf<string | undefined>();
    }
    if (caught instanceof FaultlineError) {
      expectTypeOf(caught.retryable).toEqualTypeOf<boolean>();
    }
  });

  it('narrows unknown to a user subclass and its own field', () => {
    if (caught instanceof PaymentDeclinedError) {
      expectTypeOf(caught).toEqualTypeOf<PaymentDeclinedError>();
      expectTypeOf(caught.amount).toEqualTypeOf<number | undefined>();
    }
  });
});

describe('user subclasses', () => {
  it('infer their own declared field and take it as an option', () => {
    const error = new PaymentDeclinedError('x', { amount: 42, toolName: 'charge' });
    expectTypeOf(error.amount).toEqualTypeOf<number | undefined>();
    expectTypeOf(error).toExtend<ToolError>();
    // @ts-expect-error: amount is a number
    new PaymentDeclinedError('x', { amount: '42' });
  });

  it('declare defaults with satisfies ErrorDefaults, and a wrong category or a missing name fails', () => {
    class RefundError extends ToolError {
      static override readonly defaults = { name: 'RefundError', code: 'REFUND_FAILED', retryable: true } satisfies ErrorDefaults;
    }
    expectTypeOf(RefundError.defaults.code).toEqualTypeOf<string>();
    expectTypeOf<RefundError>().toExtend<ToolError>();

    // One line each, so that the one directive covers both the `satisfies` and the static-side error.
    // @ts-expect-error: 'TOOLS' is not an ErrorCategory
    class WrongCategoryError extends ToolError { static override readonly defaults = { name: 'WrongCategoryError', category: 'TOOLS' } satisfies ErrorDefaults; }
    // @ts-expect-error: name is required
    class NamelessError extends ToolError { static override readonly defaults = { code: 'NAMELESS' } satisfies ErrorDefaults; }
    expectTypeOf<WrongCategoryError | NamelessError>().toExtend<ToolError>();
  });

  it('can found a family of their own that further classes extend', () => {
    class BillingError extends FaultlineError {
      static override readonly defaults: ErrorDefaults = { name: 'BillingError', code: 'BILLING', category: 'TOOL' };
    }
    class InvoiceOverdueError extends BillingError {
      static override readonly defaults = { name: 'InvoiceOverdueError', code: 'INVOICE_OVERDUE' } satisfies ErrorDefaults;
    }
    if (caught instanceof BillingError) expectTypeOf(caught).toEqualTypeOf<BillingError>();
    expectTypeOf(new InvoiceOverdueError()).toExtend<BillingError>();
  });

  it('can type their options through the family’s type parameter instead of a constructor', () => {
    interface ChargeErrorOptions extends ToolErrorOptions {
      readonly chargeId?: string;
    }
    class ChargeError extends ToolError<ChargeErrorOptions> {
      static override readonly defaults = { name: 'ChargeError', code: 'CHARGE_FAILED' } satisfies ErrorDefaults;
      declare readonly chargeId?: string;
    }
    expectTypeOf(new ChargeError('x', { chargeId: 'ch_1', toolName: 'charge' }).chargeId).toEqualTypeOf<string | undefined>();
    // @ts-expect-error: chargeID is not an option (the option is chargeId)
    new ChargeError('x', { chargeID: 'ch_1' });
  });
});

describe('scoped mappers', () => {
  it('return a faultline error’s own type through the overload', () => {
    expectTypeOf(ToolError.from(new ModelError())).toEqualTypeOf<ModelError>();
    expectTypeOf(ModelError.from(new PaymentDeclinedError())).toEqualTypeOf<PaymentDeclinedError>();
  });

  it('return FaultlineError for anything else', () => {
    expectTypeOf(ToolError.from(caught)).toEqualTypeOf<FaultlineError>();
    expectTypeOf(ModelError.from(new Error('x'), { provider: 'openai' })).toEqualTypeOf<FaultlineError>();
  });

  it('take the family’s context', () => {
    ToolError.from(caught, { toolName: 'search' });
    // @ts-expect-error: provider is not a tool context field
    ToolError.from(caught, { provider: 'openai' });
    // @ts-expect-error: cause is the value itself, not a context field
    ToolError.from(caught, { cause: 'x' });
  });
});

describe('ErrorCategory', () => {
  it('has literal members', () => {
    expectTypeOf(ErrorCategory.TOOL).toEqualTypeOf<'TOOL'>();
    expectTypeOf(ErrorCategory.UNKNOWN).toEqualTypeOf<'UNKNOWN'>();
  });

  it('is, as a type, the union of the ten categories', () => {
    expectTypeOf<ErrorCategory>().toEqualTypeOf<
      'MODEL' | 'TOOL' | 'AGENT' | 'STORAGE' | 'SECURITY' | 'AUTH' | 'VALIDATION' | 'TRANSIENT' | 'TIMEOUT' | 'UNKNOWN'
    >();
  });

  it('is readonly', () => {
    // @ts-expect-error: the constant is frozen and readonly
    ErrorCategory.TOOL = 'MODEL';
  });
});
