import { RetryableError, TerminalError } from '@restatedev/restate-sdk';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError, AuthorizationError, ModelApiError, ModelQuotaExceededError, ModelRateLimitError, SecurityError, TransientError, UnknownError,
  ValidationError, type FaultlineError,
} from '../../src/index.js';
import { asTerminalError, fromRestateError, MAX_METADATA_LENGTH, METADATA_KEY, toRestateError } from '../../src/restate/index.js';
import { BYTE_IDENTITY_CASES, contractOf, engineErrorOf } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

/** The serialized error a terminal error carries in its metadata. */
function metadataOf(error: unknown): string {
  return (error as { readonly metadata?: Readonly<Record<string, string>> }).metadata?.[METADATA_KEY] ?? '';
}

describe('toRestateError', () => {
  it.each<[FaultlineError, number]>([
    [new ValidationError('bad input', { fields: { q: 'Required' } }), 400],
    [new SecurityError('blocked'), 403],
    [new ModelQuotaExceededError({ provider: 'openai' }), 502],
    [new UnknownError('boom'), 500],
  ])('makes %o a TerminalError with the HTTP status and the serialized error in its metadata', (error, status) => {
    const mapped = toRestateError(error);
    expect(mapped).toBeInstanceOf(TerminalError);
    expect(mapped).toMatchObject({ code: status, message: error.message });
    expect(JSON.parse(metadataOf(mapped))).toEqual(JSON.parse(JSON.stringify(error)));
  });

  it('makes a retryable error a RetryableError, with retryAfter from retryAfterMs', () => {
    const limited = toRestateError(new ModelRateLimitError({ retryAfterMs: 300 }));
    expect(limited).toBeInstanceOf(RetryableError);
    expect(limited).toMatchObject({ retryAfter: 300 });
    const transient = toRestateError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    expect(transient.constructor).toBe(RetryableError);
    expect(transient).toHaveProperty('retryAfter', undefined);
  });

  it('makes a stream that had shown output terminal: it is never replayed', () => {
    expect(toRestateError(new ModelApiError('stream broke', { status: 503, outputStarted: true }))).toBeInstanceOf(TerminalError);
  });

  it('sets no retryAfter for a delay of 0, so that Restate’s own retry policy applies', () => {
    expect(toRestateError(new ModelRateLimitError({ retryAfterMs: 0 }))).toHaveProperty('retryAfter', undefined);
  });

  it.each(['5000', Number.NaN, -1, 1e308, Number.POSITIVE_INFINITY])('reads a retryAfterMs mutated to %s as no delay', (delay) => {
    const error = new ModelRateLimitError();
    Object.defineProperty(error, 'retryAfterMs', { value: delay });
    expect(toRestateError(error)).toHaveProperty('retryAfter', undefined);
  });

  it('redacts the message Restate journals and hands to the ingress caller, terminal or retryable', () => {
    const terminal = toRestateError(new ValidationError('connect postgres://app:hunter2@db/app refused'));
    const retryable = toRestateError(new TransientError('connect postgres://app:hunter2@db/app refused'));
    expect([terminal.message, retryable.message]).toEqual([
      'connect postgres://app:[REDACTED]@db/app refused', 'connect postgres://app:[REDACTED]@db/app refused',
    ]);
    expect(String(retryable.stack)).not.toContain('hunter2');
  });

  it('keeps the metadata within its bound, cut and marked as the contract cuts', () => {
    const huge = new ValidationError('x'.repeat(50_000), { details: { blob: 'y'.repeat(50_000) } });
    const text = metadataOf(toRestateError(huge));
    expect(text.length).toBeLessThanOrEqual(MAX_METADATA_LENGTH);
    expect(JSON.parse(text)).toMatchObject({ name: 'ValidationError', truncated: { message: 50_000 } });
  });

  it('is the asTerminalError hook: terminal for what is not retryable, undefined for what Restate should retry', () => {
    expect(asTerminalError(new ValidationError())).toBeInstanceOf(TerminalError);
    expect(asTerminalError(new TransientError())).toBeUndefined();
  });
});

describe('fromRestateError', () => {
  const terminal = toRestateError(new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1' }));

  it('rebuilds the class from a TerminalError caught in a handler', () => {
    const error = fromRestateError(terminal);
    expect(error).toBeInstanceOf(ModelQuotaExceededError);
    expect(error).toMatchObject({ provider: 'openai', requestId: 'req_1', retryable: false });
  });

  it('gives the rebuilt error the value given as its engineError, not enumerable, and only the cause it was written with', () => {
    const rebuilt = fromRestateError(terminal);
    expect(Object.hasOwn(rebuilt, 'cause')).toBe(false);
    expect(Object.getOwnPropertyDescriptor(rebuilt, 'engineError')).toEqual({ value: terminal, enumerable: false, writable: true, configurable: true });
    const withCause = toRestateError(new ValidationError('bad input', { cause: new Error('schema mismatch') }));
    const rebuiltWithCause = fromRestateError(withCause);
    expect((rebuiltWithCause.cause as Error).message).toBe('schema mismatch');
    expect(JSON.stringify(rebuiltWithCause)).toBe(metadataOf(withCause));
  });

  it('gives an error it classifies by status the value as its cause, and no engineError', () => {
    const body = JSON.stringify({ message: 'no such service', code: 404 });
    const error = fromRestateError(body);
    expect([engineErrorOf(error), (error.cause as { readonly cause?: unknown }).cause]).toEqual([undefined, body]);
  });

  it('rebuilds it from the typed client’s HttpCallError and from the raw ingress body', () => {
    const body = JSON.stringify({ message: terminal.message, code: 502, metadata: { [METADATA_KEY]: metadataOf(terminal) } });
    const httpCallError = Object.assign(new Error('call failed'), { status: 502, responseText: body });
    expect(fromRestateError(httpCallError)).toBeInstanceOf(ModelQuotaExceededError);
    expect(fromRestateError(body)).toBeInstanceOf(ModelQuotaExceededError);
    expect(fromRestateError(JSON.parse(body))).toBeInstanceOf(ModelQuotaExceededError);
  });

  // What the ingress answers for a failed call with no faultline metadata, as docs/restate.md lists
  // the forms fromRestateError takes: the body's text, the body parsed, and the typed client's
  // HttpCallError (its status, and the body as its responseText; its own message is the whole body).
  const BODY_FORMS: readonly [string, (status: number, body: string) => unknown][] = [
    ['the body as text', (_status, body) => body],
    ['the body parsed', (_status, body) => JSON.parse(body) as unknown],
    ['an HttpCallError', (status, body) => Object.assign(new Error(`Request failed: ${status}\n${body}`), { status, responseText: body })],
  ];
  const BY_STATUS: readonly [number, new (...args: never[]) => FaultlineError, boolean][] = [
    [400, ValidationError, false],
    [401, AuthenticationError, false],
    [403, AuthorizationError, false],
    [404, UnknownError, false],
    [429, TransientError, true],
    [500, TransientError, true],
    [503, TransientError, true],
  ];
  describe.each(BODY_FORMS)('given %s with no faultline metadata', (_form, make) => {
    it.each(BY_STATUS)('classifies status %i by the status, with the body’s message', (status, Class, retryable) => {
      const body = JSON.stringify({ code: status, message: `The call failed with ${status}` });
      const error = fromRestateError(make(status, body));
      expect(error.constructor).toBe(Class);
      expect({ status: error.status, message: error.message, retryable: error.retryable }).toEqual({
        status, message: `The call failed with ${status}`, retryable,
      });
    });
  });

  it('reads a body that is not JSON as no status, and keeps the value in the cause', () => {
    const error = fromRestateError('<html>Bad Gateway</html>');
    expect(error.constructor).toBe(UnknownError);
    expect({ status: error.status, message: error.message }).toEqual({ status: undefined, message: 'The Restate call failed' });
    expect(error.cause).toMatchObject({ name: 'RestateError', cause: '<html>Bad Gateway</html>' });
  });

  it('classifies anything else by its status', () => {
    expect(fromRestateError(Object.assign(new Error('x'), { status: 400, responseText: '{"message":"bad"}' }))).toBeInstanceOf(ValidationError);
    expect(fromRestateError(new TerminalError('nope', { errorCode: 503 }))).toBeInstanceOf(TransientError);
    expect(fromRestateError({ message: 'odd', code: 418 })).toBeInstanceOf(UnknownError);
    expect(fromRestateError(undefined)).toBeInstanceOf(UnknownError);
  });
});

describe('Restate’s own errors', () => {
  it('pass through toRestateError and asTerminalError as they are', () => {
    const retryable = new RetryableError('again', { retryAfter: 10 });
    const terminal = new TerminalError('stop', { errorCode: 409 });
    expect(toRestateError(retryable)).toBe(retryable);
    expect(toRestateError(terminal)).toBe(terminal);
    expect(asTerminalError(retryable)).toBeUndefined();
    expect(asTerminalError(terminal)).toBe(terminal);
  });
});

describe('under hostile input', () => {

  it.each(HOSTILE_KINDS)('toRestateError, asTerminalError and fromRestateError never throw on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(toRestateError(value)).toBeInstanceOf(TerminalError);
      expect(asTerminalError(value)).toBeInstanceOf(TerminalError);
      expect(fromRestateError(value)).toBeInstanceOf(UnknownError);
    }
  });

  it('never throws on an error whose getters throw, and keeps the metadata within its bound', () => {
    const error = new ValidationError('x');
    for (const key of ['code', 'retryable', 'retryAfterMs', 'fields', 'message', 'details']) {
      Object.defineProperty(error, key, { get: () => { throw new Error(`getter ${key}`); } });
    }
    const mapped = toRestateError(error);
    expect(mapped).toBeInstanceOf(TerminalError);
    expect(metadataOf(mapped).length).toBeLessThanOrEqual(MAX_METADATA_LENGTH);
  });

  it('keeps the metadata within its bound when the name and the code are megabytes long', () => {
    const error = new ValidationError('x', { code: 'C'.repeat(10_000_000) });
    Object.defineProperty(error, 'name', { value: 'N'.repeat(10_000_000) });
    expect(metadataOf(toRestateError(error)).length).toBeLessThanOrEqual(MAX_METADATA_LENGTH);
  });
});

describe.each(BYTE_IDENTITY_CASES)('%s, thrown through toRestateError and read back', (_title, make) => {
  const error = make();
  const terminal = toRestateError(error);
  const body = JSON.stringify({ message: terminal.message, code: 502, metadata: { [METADATA_KEY]: metadataOf(terminal) } });
  const FORMS: readonly [string, unknown][] = [
    ['the TerminalError', terminal],
    ['the typed client’s HttpCallError', Object.assign(new Error('call failed'), { status: 502, responseText: body })],
    ['the ingress body’s text', body],
    ['the ingress body parsed', JSON.parse(body) as unknown],
  ];

  it.each(FORMS)('serializes as the error thrown, byte for byte, from %s', (_form, value) => {
    expect(contractOf(fromRestateError(value))).toBe(contractOf(error));
  });
});
