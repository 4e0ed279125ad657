import { errors } from 'inngest/internals';
import { NonRetriableError, serializeError, StepError } from 'inngest';
import { describe, expect, it } from 'vitest';
import {
  ModelQuotaExceededError, ModelRateLimitError, serializeError as contract, TransientError, UnknownError, ValidationError,
} from '../../src/index.js';
import { CARRIED_LIMITS, CAUSE_KEY, fromInngestError, toInngestError } from '../../src/inngest/index.js';
import { BYTE_IDENTITY_CASES, contractOf, engineErrorOf } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

const quota = new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1' });
const thrown = toInngestError(quota);

/** What the error is as JSON: what Inngest stores, and what an `inngest/function.failed` event holds. */
function throughJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// Every form in which what toInngestError made reaches a reader, each made by inngest itself.
const FORMS: readonly [string, (made: Error) => unknown][] = [
  ['what toInngestError made', (made) => made],
  ['the step’s serialized error', (made) => throughJson(serializeError(made))],
  ['the StepError the function then catches', (made) => new StepError('call model', throughJson(serializeError(made)))],
  ['the failure event’s event.data.error', (made) => throughJson(serializeError(new StepError('call model', serializeError(made))))],
  ['the onFailure handler’s error', (made) => errors.deserializeError(throughJson(serializeError(new StepError('call model', serializeError(made)))))],
];

describe('fromInngestError', () => {
  it.each(FORMS)('rebuilds the class with its fields from %s', (_form, make) => {
    const value = make(thrown);
    const error = fromInngestError(value);
    expect(error).toBeInstanceOf(ModelQuotaExceededError);
    expect(error).toMatchObject({ provider: 'openai', requestId: 'req_1', retryable: false, message: quota.message });
    expect(contractOf(error)).toBe(contractOf(quota));
  });

  it('keeps the value it was given as engineError, not enumerable, and gives the error no cause it was not thrown with', () => {
    const error = fromInngestError(thrown);
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(Object.getOwnPropertyDescriptor(error, 'engineError')).toEqual({ value: thrown, enumerable: false, writable: true, configurable: true });
  });

  it('gives what it normalizes the value as its cause, and no engineError', () => {
    const value = new Error('boom');
    const error = fromInngestError(value);
    expect([error.constructor, error.cause, engineErrorOf(error)]).toEqual([UnknownError, value, undefined]);
  });

  it('rebuilds a rate limit with its delay', () => {
    const limited = toInngestError(new ModelRateLimitError({ retryAfterMs: 1500 }));
    expect(fromInngestError(throughJson(serializeError(limited)))).toMatchObject({ name: 'ModelRateLimitError', retryAfterMs: 1500, retryable: true });
  });

  it('finds the carried error under the causes of an error that wraps it, up to eight causes down', () => {
    let wrapped: unknown = thrown;
    for (let depth = 1; depth < 8; depth++) wrapped = new Error(`wrap ${depth}`, { cause: wrapped });
    expect(fromInngestError(wrapped)).toBeInstanceOf(ModelQuotaExceededError);
    expect(fromInngestError(new Error('wrap 8', { cause: wrapped }))).toBeInstanceOf(UnknownError);
  });

  it('reads the carried error as JSON text as well', () => {
    const value = { name: 'NonRetriableError', message: 'x', cause: { [CAUSE_KEY]: JSON.stringify(quota) } };
    expect(fromInngestError(value)).toBeInstanceOf(ModelQuotaExceededError);
  });

  it('serializes an error cut by the carrier’s limits as the carrier holds it: cut once, and nothing added', () => {
    const long = new ValidationError('x'.repeat(CARRIED_LIMITS.maxMessageLength + 500));
    const error = fromInngestError(throughJson(serializeError(new StepError('call model', serializeError(toInngestError(long))))));
    expect(contractOf(error)).toBe(JSON.stringify(contract(long, CARRIED_LIMITS)));
  });

  it('normalizes by what Inngest kept when nothing faultline is carried', () => {
    const plain = fromInngestError({ name: 'Error', message: 'boom', stack: '' });
    expect(plain.constructor).toBe(UnknownError);
    expect(plain).toMatchObject({ message: 'boom', retryable: false });
    // A code survives inngest's own serialization (not its server's), so a reset connection is still one.
    const reset = errors.deserializeError(serializeError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    expect(fromInngestError(reset)).toBeInstanceOf(TransientError);
    expect(fromInngestError(new NonRetriableError('stop')).message).toBe('stop');
  });

  it('reads JSON text as its parsed value, and text that is not JSON as a message', () => {
    const text = JSON.stringify({ name: 'NonRetriableError', message: 'quota', cause: { [CAUSE_KEY]: quota.toJSON() } });
    expect(fromInngestError(text)).toBeInstanceOf(ModelQuotaExceededError);
    expect(fromInngestError('not json').message).toBe('not json');
    expect(fromInngestError(`"${'x'.repeat(1_000_001)}"`).constructor).toBe(UnknownError);
  });

  it.each<[string, unknown]>([
    ['a string', 'faultline'],
    ['a number', 42],
    ['JSON that is not a serialized error', { name: 'ModelQuotaExceededError', message: 'x' }],
    ['a serialized error with a wrong field', { ...quota.toJSON(), retryable: 'no' }],
  ])('reads a `faultline` key holding %s as not carried', (_title, carried) => {
    const error = fromInngestError({ name: 'NonRetriableError', message: 'stop', cause: { [CAUSE_KEY]: carried } });
    expect(error.constructor).toBe(UnknownError);
    expect(error.message).toBe('stop');
  });

  it('returns a faultline error as it is, a rebuilt one too', () => {
    const error = new ValidationError('bad');
    expect(fromInngestError(error)).toBe(error);
    const rebuilt = fromInngestError(thrown);
    expect(fromInngestError(rebuilt)).toBe(rebuilt);
  });
});

describe('under hostile input', () => {
  it.each(HOSTILE_KINDS)('never throws on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(fromInngestError(value)).toBeInstanceOf(UnknownError);
      expect(fromInngestError({ name: 'NonRetriableError', message: 'x', cause: value })).toBeInstanceOf(UnknownError);
      expect(fromInngestError({ name: 'NonRetriableError', message: 'x', cause: { [CAUSE_KEY]: value } })).toBeInstanceOf(UnknownError);
    }
  });

  it('never throws when reading the carrier or a cause throws', () => {
    const carrier = Object.defineProperty({}, CAUSE_KEY, { get: () => { throw new Error('getter'); } });
    const error = Object.defineProperty(new Error('x'), 'cause', { get: () => { throw new Error('getter'); } });
    expect(fromInngestError({ cause: carrier })).toBeInstanceOf(UnknownError);
    expect(fromInngestError(error)).toBeInstanceOf(UnknownError);
  });

  it('stops on a cause chain that never ends', () => {
    const endless: { cause?: unknown } = {};
    endless.cause = endless;
    const fresh = new Proxy({}, { get: (_target, key) => (key === 'cause' ? { cause: {} } : undefined) });
    expect(fromInngestError(endless)).toBeInstanceOf(UnknownError);
    expect(fromInngestError(fresh)).toBeInstanceOf(UnknownError);
  });
});

describe.each(BYTE_IDENTITY_CASES)('%s, thrown through toInngestError and read back', (_title, make) => {
  const error = make();
  const made = toInngestError(error);

  it.each(FORMS)('serializes as the error thrown, byte for byte, from %s', (_form, form) => {
    expect(contractOf(fromInngestError(form(made)))).toBe(contractOf(error));
  });
});
