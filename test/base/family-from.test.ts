import { describe, expect, it } from 'vitest';
import {
  FaultlineError, StorageError, ToolError, ToolNotFoundError, type ErrorDefaults, type FaultlineErrorOptions,
} from '../../src/index.js';

interface BillingOptions extends FaultlineErrorOptions {
  readonly invoiceId?: string | undefined;
}

class BillingError extends FaultlineError<BillingOptions> {
  static override readonly defaults: ErrorDefaults = {
    name: 'BillingError', code: 'BILLING_ERROR', category: 'TOOL', message: 'Billing failed', fields: { invoiceId: 'string' },
  };
  declare readonly invoiceId?: string;
}

class CardDeclinedError extends BillingError {
  static override readonly defaults: ErrorDefaults = { name: 'CardDeclinedError', code: 'CARD_DECLINED' };
}

describe('the from every family has', () => {
  it('maps a foreign error into a family of yours: its message, the context, the value as cause', () => {
    const cause = new Error('card declined');
    const error = BillingError.from(cause, { invoiceId: 'in_1' });
    expect(error).toBeInstanceOf(BillingError);
    expect([error.message, error.invoiceId, error.code, error.retryable, error.cause]).toEqual(['card declined', 'in_1', 'BILLING_ERROR', false, cause]);
  });

  it('builds the class it is called on', () => {
    const error = CardDeclinedError.from('declined');
    expect(error.constructor).toBe(CardDeclinedError);
    expect([error.code, error.message]).toEqual(['CARD_DECLINED', 'declined']);
  });

  it('takes the status the value carries over the context’s, and makes a network failure or a timeout retryable', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', status: 503 });
    expect(BillingError.from(reset, { status: 400 })).toMatchObject({ status: 503, retryable: true });
    expect(BillingError.from(Object.assign(new Error('slow'), { name: 'TimeoutError' })).retryable).toBe(true);
    expect(BillingError.from(new Error('no'), { status: 400 })).toMatchObject({ status: 400, retryable: false });
  });

  it('passes a faultline error through unchanged', () => {
    const notFound = new ToolNotFoundError({ toolName: 'x' });
    expect(BillingError.from(notFound)).toBe(notFound);
  });

  it('is StorageError’s own, with its store', () => {
    const error = StorageError.from(new Error('write failed'), { store: 'redis' });
    expect([error.constructor, error.store, error.message]).toEqual([StorageError, 'redis', 'write failed']);
  });

  it('is a built-in family’s own where it picks a leaf class', () => {
    expect(ToolError.from(Object.assign(new Error('slow'), { name: 'TimeoutError' }), { toolName: 'search' }).code).toBe('TOOL_TIMEOUT');
  });

  it('on the abstract base, is refused as constructing it is', () => {
    // Called past the types, which refuse it: a JavaScript caller can.
    const base = FaultlineError as unknown as { from(value: unknown): unknown };
    expect(() => base.from(new Error('x'))).toThrow(
      new TypeError('FaultlineError is abstract: throw a subclass such as ToolError, or extend one.'),
    );
  });
});
