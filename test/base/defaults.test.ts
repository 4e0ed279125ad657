import { describe, expect, it } from 'vitest';
import { CLASS_NAME } from '../../src/foundation/brand.js';
import { declaredNameOf, installDefaults } from '../../src/base/defaults.js';
import {
  AuthenticationError, FaultlineError, isFaultlineError, ModelApiError, ToolError, ToolTimeoutError,
  type ErrorDefaults, type FaultlineErrorOptions, type ToolErrorOptions, type ToolTimeoutErrorOptions,
} from '../../src/index.js';

describe('declaredNameOf', () => {
  it('is the name a class declares in its own defaults', () => {
    class Minified extends ToolError {
      static override readonly defaults = { name: 'PaymentDeclinedError' } satisfies ErrorDefaults;
    }
    expect(declaredNameOf(Minified)).toBe('PaymentDeclinedError');
  });

  it('is the JavaScript name of a class that declares no defaults, not its parent’s name', () => {
    class BareToolError extends ToolError {}
    expect(declaredNameOf(BareToolError)).toBe('BareToolError');
  });

  it('is the JavaScript name when the declared name is empty', () => {
    class EmptyNameError extends ToolError {
      static override readonly defaults = { name: '' } satisfies ErrorDefaults;
    }
    expect(declaredNameOf(EmptyNameError)).toBe('EmptyNameError');
  });
});

describe('installDefaults', () => {
  it('copies each class’s own defaults onto its prototype, enumerable but for the name', () => {
    class FamilyError extends FaultlineError {
      static override readonly defaults: ErrorDefaults = {
        name: 'FamilyError', code: 'FAMILY', category: 'STORAGE', message: 'Family failed', retryable: true, status: 507,
      };
    }
    installDefaults(FamilyError);
    const proto = FamilyError.prototype;
    expect(Object.getOwnPropertyDescriptor(proto, 'name')).toEqual({ value: 'FamilyError', writable: true, enumerable: false, configurable: true });
    for (const [key, value] of [
      ['code', 'FAMILY'], ['category', 'STORAGE'], ['message', 'Family failed'], ['retryable', true], ['status', 507],
    ] as const) {
      expect(Object.getOwnPropertyDescriptor(proto, key)).toEqual({ value, writable: true, enumerable: true, configurable: true });
    }
    expect(Object.getOwnPropertyDescriptor(proto, CLASS_NAME)?.value).toBe('FamilyError');
  });

  it('installs every ancestor not yet installed, each with its own defaults', () => {
    // Annotated rather than `satisfies`: a class that others extend needs the wide type, or a
    // child that leaves out `message` would not match its static side.
    class OuterError extends FaultlineError {
      static override readonly defaults: ErrorDefaults = { name: 'OuterError', code: 'OUTER', message: 'Outer' };
    }
    class InnerError extends OuterError {
      static override readonly defaults = { name: 'InnerError', code: 'INNER' } satisfies ErrorDefaults;
    }
    // The leaf is built first: the parent's prototype must get the parent's defaults, not the leaf's.
    const inner = new InnerError();
    const outer = new OuterError();
    expect([inner.name, inner.code, inner.message]).toEqual(['InnerError', 'INNER', 'Outer']);
    expect([outer.name, outer.code, outer.message]).toEqual(['OuterError', 'OUTER', 'Outer']);
    expect(Object.hasOwn(InnerError.prototype, 'message')).toBe(false);
  });

  it('skips defaults whose value is undefined, so the parent’s value shows through', () => {
    class HalfError extends ToolTimeoutError {
      static override readonly defaults: ErrorDefaults = { name: 'HalfError', code: undefined, retryable: undefined };
    }
    const error = new HalfError();
    expect(error.code).toBe('TOOL_TIMEOUT');
    expect(error.retryable).toBe(true);
  });

  it('is idempotent', () => {
    class TwiceError extends ToolError {
      static override readonly defaults = { name: 'TwiceError', code: 'TWICE' } satisfies ErrorDefaults;
    }
    installDefaults(TwiceError);
    installDefaults(TwiceError);
    expect(new TwiceError().code).toBe('TWICE');
  });

  it('never writes a default onto the instance', () => {
    const error = new ToolTimeoutError();
    expect(Object.getOwnPropertyNames(error).sort()).toEqual(['stack']);
    expect(Object.keys(error)).toEqual([]);
  });

  it('computes a default given as a function when it is read, and lets options override it', () => {
    class StatusRuleError extends ToolError {
      static override readonly defaults: ErrorDefaults = {
        name: 'StatusRuleError',
        retryable: (error) => error.status === 503,
      };
    }
    expect(new StatusRuleError(undefined, { status: 503 }).retryable).toBe(true);
    expect(new StatusRuleError(undefined, { status: 500 }).retryable).toBe(false);
    expect(new StatusRuleError().retryable).toBe(false);
    expect(new StatusRuleError(undefined, { status: 500, retryable: true }).retryable).toBe(true);
    expect(new StatusRuleError(undefined, { status: 503, retryable: false }).retryable).toBe(false);
  });
});

describe('user subclasses', () => {
  class PaymentDeclinedError extends ToolError {
    static override readonly defaults = {
      name: 'PaymentDeclinedError',
      code: 'PAYMENT_DECLINED',
      message: 'The payment was declined',
    } satisfies ErrorDefaults;
  }

  it('need only static defaults, and inherit the rest from their family', () => {
    const error = new PaymentDeclinedError(undefined, { toolName: 'charge', cause: 'card' });
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toBeInstanceOf(FaultlineError);
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof ToolTimeoutError).toBe(false);
    expect(isFaultlineError(error)).toBe(true);
    expect(error.name).toBe('PaymentDeclinedError');
    expect(error.code).toBe('PAYMENT_DECLINED');
    expect(error.category).toBe('TOOL');
    expect(error.message).toBe('The payment was declined');
    expect(error.retryable).toBe(false);
    expect(error.toolName).toBe('charge');
    expect(error.cause).toBe('card');
    expect(error.toString()).toBe('PaymentDeclinedError [PAYMENT_DECLINED]: The payment was declined');
    expect(error.stack?.startsWith('PaymentDeclinedError: The payment was declined\n')).toBe(true);
  });

  it('below a leaf, take their own typed field with no constructor, declared in their defaults', () => {
    interface SlowSearchOptions extends ToolTimeoutErrorOptions {
      readonly shard?: string | undefined;
    }
    class SlowSearchError extends ToolTimeoutError<SlowSearchOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'SlowSearchError', code: 'SLOW_SEARCH', fields: { shard: 'string' } };
      declare readonly shard?: string;
    }
    const error = new SlowSearchError({ shard: 'eu-2', timeoutMs: 5000.4, toolName: 'search' });
    expect([error.shard, error.timeoutMs, error.toolName, error.code, error.retryable]).toEqual(['eu-2', 5000, 'search', 'SLOW_SEARCH', true]);
    expect(error.message).toBe('The tool call timed out');
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(new SlowSearchError().shard).toBeUndefined();
  });

  it('inherit the defaults and the fields of the user class they extend', () => {
    class ChargeError extends ToolError<ToolErrorOptions & { readonly chargeId?: string }> {
      static override readonly defaults: ErrorDefaults = { name: 'ChargeError', code: 'CHARGE', retryable: true, fields: { chargeId: 'string' } };
      declare readonly chargeId?: string;
    }
    class RefundError extends ChargeError {
      static override readonly defaults: ErrorDefaults = { name: 'RefundError', message: 'The refund failed' };
    }
    const error = new RefundError({ chargeId: 'ch_1', toolName: 'refund' });
    expect([error.name, error.code, error.retryable, error.message, error.chargeId, error.toolName]).toEqual([
      'RefundError', 'CHARGE', true, 'The refund failed', 'ch_1', 'refund',
    ]);
    expect(error).toBeInstanceOf(ChargeError);
    expect(error.details).toBeUndefined();
  });

  it('take their own typed field through the family’s options type parameter', () => {
    class ChargeFailedError extends ToolError<ToolErrorOptions & { readonly chargeId?: string }> {
      static override readonly defaults: ErrorDefaults = { name: 'ChargeFailedError', code: 'CHARGE_FAILED', fields: { chargeId: 'string' } };
      declare readonly chargeId?: string;
    }
    const error = new ChargeFailedError(undefined, { chargeId: 'ch_1', toolName: 'charge' });
    expect([error.chargeId, error.toolName, error.code, error.message]).toEqual(['ch_1', 'charge', 'CHARGE_FAILED', 'The tool call failed']);
  });

  it('can found a family directly under FaultlineError with its own category', () => {
    // Annotated, as a family others extend must be (see OuterError above).
    class QuotaError extends FaultlineError {
      static override readonly defaults: ErrorDefaults = {
        name: 'QuotaError', code: 'QUOTA_EXCEEDED', category: 'TRANSIENT', retryable: true,
      };
    }
    class DailyQuotaError extends QuotaError {
      static override readonly defaults = { name: 'DailyQuotaError', code: 'DAILY_QUOTA_EXCEEDED' } satisfies ErrorDefaults;
    }
    const family = new QuotaError('Over quota', { retryAfterMs: 1000 });
    expect([family.name, family.code, family.category, family.retryable, family.retryAfterMs])
      .toEqual(['QuotaError', 'QUOTA_EXCEEDED', 'TRANSIENT', true, 1000]);
    const leaf = new DailyQuotaError();
    expect([leaf.name, leaf.code, leaf.category, leaf.retryable]).toEqual(['DailyQuotaError', 'DAILY_QUOTA_EXCEEDED', 'TRANSIENT', true]);
    expect(leaf.message).toBe('An error occurred');
    expect(leaf).toBeInstanceOf(QuotaError);
    expect(leaf instanceof ToolError).toBe(false);
    expect(family instanceof DailyQuotaError).toBe(false);
  });

  it('inherit each default they leave out from their parent, field by field', () => {
    class SlowToolError extends ToolTimeoutError {
      static override readonly defaults = { name: 'SlowToolError', code: 'SLOW_TOOL' } satisfies ErrorDefaults;
    }
    const error = new SlowToolError(undefined, { timeoutMs: 5000 });
    expect(error.retryable).toBe(true);
    expect(error.category).toBe('TOOL');
    expect(error.message).toBe('The tool call timed out');
    expect(error.timeoutMs).toBe(5000);
    expect(error.code).toBe('SLOW_TOOL');

    class ExpiredTokenError extends AuthenticationError {
      static override readonly defaults = { name: 'ExpiredTokenError', code: 'AUTH_TOKEN_EXPIRED' } satisfies ErrorDefaults;
    }
    expect(new ExpiredTokenError().status).toBe(401);
    expect(new ExpiredTokenError().category).toBe('AUTH');
  });

  it('inherit a computed default, and can replace it by a constant', () => {
    class ProviderOutageError extends ModelApiError {
      static override readonly defaults = { name: 'ProviderOutageError', code: 'PROVIDER_OUTAGE' } satisfies ErrorDefaults;
    }
    expect(new ProviderOutageError(undefined, { status: 503 }).retryable).toBe(true);
    expect(new ProviderOutageError(undefined, { status: 400 }).retryable).toBe(false);

    class NeverRetryApiError extends ModelApiError {
      static override readonly defaults = { name: 'NeverRetryApiError', retryable: false } satisfies ErrorDefaults;
    }
    expect(new NeverRetryApiError(undefined, { status: 503 }).retryable).toBe(false);
  });

  it('use their JavaScript class name when they declare no defaults', () => {
    class BareToolError extends ToolError {}
    const error = new BareToolError();
    expect(error.name).toBe('BareToolError');
    expect(error.code).toBe('TOOL_ERROR');
    expect(error.message).toBe('The tool call failed');
    expect(error.toString()).toBe('BareToolError [TOOL_ERROR]: The tool call failed');
    expect(error).toBeInstanceOf(BareToolError);
    expect(new ToolError() instanceof BareToolError).toBe(false);
  });

  it('keep their defaults apart from a sibling’s', () => {
    class LeftError extends ToolError {
      static override readonly defaults = { name: 'LeftError', code: 'LEFT' } satisfies ErrorDefaults;
    }
    class RightError extends ToolError {
      static override readonly defaults = { name: 'RightError', code: 'RIGHT', retryable: true } satisfies ErrorDefaults;
    }
    expect([new LeftError().code, new RightError().code, new ToolError().code]).toEqual(['LEFT', 'RIGHT', 'TOOL_ERROR']);
    expect([new LeftError().retryable, new RightError().retryable]).toEqual([false, true]);
    expect(new LeftError() instanceof RightError).toBe(false);
  });

  it('take options like any built-in class', () => {
    class BillingError extends FaultlineError {
      static override readonly defaults = { name: 'BillingError', code: 'BILLING', category: 'TOOL' } satisfies ErrorDefaults;
    }
    const options: FaultlineErrorOptions = { code: 'BILLING_LATE', status: 402.4, details: { invoice: 'in_1' } };
    const error = new BillingError('Late', options);
    expect([error.code, error.status, error.details]).toEqual(['BILLING_LATE', 402, { invoice: 'in_1' }]);
  });
});
