import { describe, expect, it } from 'vitest';
import {
  FaultlineError, StorageError, ToolError, ToolNotFoundError, ToolTimeoutError,
} from '../../src/index.js';

class BillingError extends FaultlineError.subclass('BillingError', {
  code: 'BILLING_ERROR', category: 'TOOL', message: 'Billing failed', fields: { invoiceId: 'string' },
}) {}

class CardDeclinedError extends BillingError.subclass('CardDeclinedError', { code: 'CARD_DECLINED' }) {}

/** A class made by subclass and used as it is, without a class of yours below it. */
const AsIsError = ToolError.subclass('AsIsError', { code: 'AS_IS' });

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

  it('builds a class used as subclass returned it, and a class below a built-in leaf', () => {
    const error = AsIsError.from(new Error('x'), { toolName: 'charge' });
    expect([error.constructor, error.code, error.toolName]).toEqual([AsIsError, 'AS_IS', 'charge']);
    class SlowChargeError extends ToolTimeoutError.subclass('SlowChargeError', { code: 'SLOW_CHARGE' }) {}
    const slow = SlowChargeError.from(new Error('boom'), { timeoutMs: 10 });
    expect([slow.constructor, slow.code, slow.timeoutMs, slow.retryable]).toEqual([SlowChargeError, 'SLOW_CHARGE', 10, true]);
  });

  it('passes a faultline error through unchanged', () => {
    const notFound = new ToolNotFoundError({ toolName: 'x' });
    expect(BillingError.from(notFound)).toBe(notFound);
    expect(CardDeclinedError.from(notFound)).toBe(notFound);
    expect(AsIsError.from(notFound)).toBe(notFound);
    expect(ToolTimeoutError.from(notFound)).toBe(notFound);
  });

  it('is a built-in leaf’s own: it builds that leaf, whatever the value', () => {
    const cause = new Error('gone');
    const error = ToolNotFoundError.from(cause, { toolName: 'delete' });
    expect([error.constructor, error.code, error.toolName, error.message, error.cause]).toEqual([ToolNotFoundError, 'TOOL_NOT_FOUND', 'delete', 'gone', cause]);
    const timeout = ToolNotFoundError.from(Object.assign(new Error('slow'), { name: 'TimeoutError' }));
    expect(timeout.constructor).toBe(ToolNotFoundError);
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
