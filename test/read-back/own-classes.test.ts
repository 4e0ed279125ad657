/**
 * The round trip of classes of yours (issue #28): registerErrorClass and deserializeError's classes
 * take the class you wrote below subclass (or the class subclass returned) and rebuild it with every
 * field, a class below it inheriting its fields, and writing it again gives the same bytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deserializeError, FaultlineError, registerErrorClass, serializeError, ToolError } from '../../src/index.js';

class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
  code: 'PAYMENT_DECLINED',
  message: 'The payment was declined',
  fields: { amountCents: 'number', currency: 'string', attempts: 'whole', settled: 'boolean', paths: 'stringRecord', card: 'json' },
  required: ['amountCents'],
}) {}

class CardExpiredError extends PaymentDeclinedError.subclass('CardExpiredError', { code: 'CARD_EXPIRED', retryable: true, fields: { expiredOn: 'string' } }) {}

class BillingError extends FaultlineError.subclass('BillingError', { code: 'BILLING_ERROR', category: 'STORAGE', status: 402, fields: { accountId: 'string' } }) {}

const payment = () =>
  new PaymentDeclinedError('Declined', {
    toolName: 'charge_card', amountCents: 1200.5, currency: 'EUR', attempts: 2, settled: false, paths: { 'card.cvc': 'Invalid' },
    card: { brand: 'visa', last4: '4242' }, requestId: 'req_1', cause: new Error('do_not_honor'),
  });
const expired = () => new CardExpiredError({ amountCents: 10, expiredOn: '2026-01', toolName: 'charge_card' });

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const undo of unregister.splice(0)) undo();
});

describe.each([
  ['registered', (json: string, cls: typeof PaymentDeclinedError | typeof BillingError) => {
    unregister.push(registerErrorClass(cls));
    return deserializeError(json);
  }],
  ['passed in classes', (json: string, cls: typeof PaymentDeclinedError | typeof BillingError) => deserializeError(json, { classes: [cls] })],
] as const)('a class of yours %s', (_label, read) => {
  it.each([
    ['PaymentDeclinedError', payment, PaymentDeclinedError],
    ['CardExpiredError, below it', expired, CardExpiredError],
    ['BillingError, a family of yours', () => new BillingError({ accountId: 'acct_1', details: { invoice: 'in_1' } }), BillingError],
  ] as const)('%s is rebuilt with every field, and written again to the same bytes', (_name, build, cls) => {
    const json = JSON.stringify(serializeError(build()));
    const back = read(json, cls);
    expect(Object.getPrototypeOf(back)).toBe(cls.prototype);
    expect(back).toBeInstanceOf(cls);
    expect(JSON.stringify(serializeError(back))).toBe(json);
    expect(JSON.stringify(back)).toBe(json);
  });
});

describe('the fields read back', () => {
  it('are the class’s own and its parent’s, as fields of the error', () => {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- deserializeError rebuilds the class without running its constructor, by design
    const back = deserializeError(JSON.stringify(serializeError(payment())), { classes: [PaymentDeclinedError] }) as PaymentDeclinedError;
    expect([back.amountCents, back.currency, back.attempts, back.settled, back.paths, back.card, back.toolName, back.requestId]).toEqual([
      1200.5, 'EUR', 2, false, { 'card.cvc': 'Invalid' }, { brand: 'visa', last4: '4242' }, 'charge_card', 'req_1',
    ]);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- deserializeError rebuilds the class without running its constructor, by design
    const below = deserializeError(JSON.stringify(serializeError(expired())), { classes: [CardExpiredError] }) as CardExpiredError;
    expect([below.amountCents, below.expiredOn, below.toolName, below.code, below.retryable]).toEqual([10, '2026-01', 'charge_card', 'CARD_EXPIRED', true]);
    expect(below).toBeInstanceOf(PaymentDeclinedError);
  });

  it('of a class below yours read back with only the parent known: the parent class, the name and the fields kept', () => {
    const json = JSON.stringify(serializeError(expired()));
    const back = deserializeError(json, { classes: [PaymentDeclinedError] });
    expect(Object.getPrototypeOf(back)).toBe(ToolError.prototype); // an unknown name reads back as its family
    expect(back.name).toBe('CardExpiredError');
    expect(JSON.stringify(back)).toBe(json);
  });

  it('of the class subclass returned, used as it is', () => {
    const AsIs = ToolError.subclass('AsIsRefundError', { code: 'AS_IS_REFUND', fields: { refundId: 'string' } });
    const json = JSON.stringify(serializeError(new AsIs({ refundId: 're_1' })));
    const back = deserializeError(json, { classes: [AsIs] });
    expect(Object.getPrototypeOf(back)).toBe(AsIs.prototype);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- deserializeError rebuilds the class without running its constructor, by design
    expect((back as InstanceType<typeof AsIs>).refundId).toBe('re_1');
    expect(JSON.stringify(back)).toBe(json);
  });

  it('keep a value kept under details at construction under details', () => {
    const error = new PaymentDeclinedError({ amountCents: 'ten' as unknown as number });
    const json = JSON.stringify(serializeError(error));
    expect(JSON.parse(json)).toMatchObject({ details: { amountCents: 'ten' } });
    expect(JSON.stringify(deserializeError(json, { classes: [PaymentDeclinedError] }))).toBe(json);
  });
});
