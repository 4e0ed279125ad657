import { createServer } from 'node:net';
import { runInNewContext } from 'node:vm';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, FaultlineError, ModelRateLimitError, normalizeError, TimeoutError, ToolError, TransientError, UnknownError,
  ValidationError,
} from '../../src/index.js';
import { revokedProxy, throwingProxy } from '../hardening/hostile.js';

const withCode = (code: string): Error => Object.assign(new Error(`socket ${code}`), { code });

// A port on this machine that nothing listens on: bind one, then close it.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error === undefined) resolve();
      else reject(error);
    });
  });
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  return address.port;
}

async function abortReason(signal: AbortSignal): Promise<unknown> {
  if (!signal.aborted) {
    await new Promise((resolve) => {
      signal.addEventListener('abort', resolve, { once: true });
    });
  }
  return signal.reason;
}

describe('normalizeError on any value', () => {
  const circular: Record<string, unknown> = { message: 'circular' };
  circular.self = circular;
  const nullProto = Object.assign(Object.create(null) as object, { message: 'no prototype' });

  it.each([
    ['null', null, 'An unknown error occurred'],
    ['undefined', undefined, 'An unknown error occurred'],
    ['the empty string', '', 'An unknown error occurred'],
    ['a string', 'boom', 'boom'],
    ['zero', 0, 'Non-error value thrown: 0'],
    ['NaN', Number.NaN, 'Non-error value thrown: NaN'],
    ['true', true, 'Non-error value thrown: true'],
    ['a symbol', Symbol('s'), 'Non-error value thrown: Symbol(s)'],
    ['a bigint', 10n, 'Non-error value thrown: 10'],
    ['a function', function thrower() { return 1; }, 'An unknown error occurred'],
    ['a plain object', { reason: 'odd' }, 'An unknown error occurred'],
    ['a plain object with a message', { message: 'from object' }, 'from object'],
    ['an object with a throwing message getter', { get message(): string { throw new Error('getter'); } }, 'An unknown error occurred'],
    ['a revoked Proxy', revokedProxy(), 'An unknown error occurred'],
    ['a Proxy that throws on every trap', throwingProxy(), 'An unknown error occurred'],
    ['a circular object', circular, 'circular'],
    ['an empty null-prototype object', Object.create(null) as object, 'An unknown error occurred'],
    ['a null-prototype object with a message', nullProto, 'no prototype'],
    ['an Error from another realm', runInNewContext('new Error("x")') as unknown, 'x'],
    ['a DOMException of another name', new DOMException('bad', 'DataCloneError'), 'bad'],
    ['a plain Error', new Error('plain'), 'plain'],
    ['an Error with an empty message', new Error(''), 'An unknown error occurred'],
  ])('turns %s into an UnknownError that keeps it as cause, without throwing', (_label, value, message) => {
    const error = normalizeError(value);
    expect(error.constructor).toBe(UnknownError);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(message);
    expect(Object.is(error.cause, value)).toBe(true);
  });

  it('keeps the status an unclassified error carries', () => {
    expect(normalizeError(Object.assign(new Error('x'), { status: 502 })).status).toBe(502);
  });
});

describe('normalizeError: classification', () => {
  it.each([
    ['a DOMException TimeoutError', new DOMException('t', 'TimeoutError'), TimeoutError],
    ['an Error named TimeoutError', Object.assign(new Error('t'), { name: 'TimeoutError' }), TimeoutError],
    ['a DOMException AbortError', new DOMException('a', 'AbortError'), AgentAbortedError],
    ['an Error named AbortError', Object.assign(new Error('a'), { name: 'AbortError' }), AgentAbortedError],
    ['an AbortError whose cause is a TimeoutError', Object.assign(new DOMException('a', 'AbortError'), { cause: new DOMException('t', 'TimeoutError') }), TimeoutError],
    ['an AbortError whose reason is a TimeoutError', Object.assign(new Error('a'), { name: 'AbortError', reason: new DOMException('t', 'TimeoutError') }), TimeoutError],
    ['an Error from another realm with code ECONNRESET', runInNewContext('Object.assign(new Error("x"), { code: "ECONNRESET" })') as unknown, TransientError],
  ])('maps %s', (_label, value, Class) => {
    const error = normalizeError(value);
    expect(error.constructor).toBe(Class);
    expect(error.cause).toBe(value);
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET'])(
    'maps code %s to a retryable TransientError, directly and as the cause of fetch failed',
    (code) => {
      const direct = withCode(code);
      const error = normalizeError(direct);
      expect(error.constructor).toBe(TransientError);
      expect(error.retryable).toBe(true);
      expect(error.message).toBe(`socket ${code}`);
      expect(error.cause).toBe(direct);

      const wrapped = new TypeError('fetch failed', { cause: withCode(code) });
      const fromFetch = normalizeError(wrapped);
      expect(fromFetch.constructor).toBe(TransientError);
      expect(fromFetch.message).toBe('fetch failed');
      expect(fromFetch.cause).toBe(wrapped);
    },
  );

  it.each(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])(
    'maps code %s to a retryable TimeoutError, directly and as the cause of fetch failed',
    (code) => {
      const direct = withCode(code);
      const error = normalizeError(direct);
      expect(error.constructor).toBe(TimeoutError);
      expect(error.retryable).toBe(true);
      expect(error.cause).toBe(direct);

      const wrapped = new TypeError('fetch failed', { cause: withCode(code) });
      const fromFetch = normalizeError(wrapped);
      expect(fromFetch.constructor).toBe(TimeoutError);
      expect(fromFetch.cause).toBe(wrapped);
    },
  );

  it('maps the reason of AbortSignal.abort() to AgentAbortedError', async () => {
    const reason = await abortReason(AbortSignal.abort());
    const error = normalizeError(reason);
    expect(error.constructor).toBe(AgentAbortedError);
    expect(error.message).toBe('This operation was aborted');
    expect(error.cause).toBe(reason);
  });

  it('maps the reason of AbortSignal.timeout() to TimeoutError', async () => {
    const reason = await abortReason(AbortSignal.timeout(0));
    const error = normalizeError(reason);
    expect(error.constructor).toBe(TimeoutError);
    expect(error.message).toBe('The operation was aborted due to timeout');
    expect(error.cause).toBe(reason);
  });

  it('maps a real fetch to a closed port to a retryable TransientError', async () => {
    const port = await closedPort();
    const thrown = await fetch(`http://127.0.0.1:${port}/`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = normalizeError(thrown);
    expect(error.constructor).toBe(TransientError);
    expect(error.retryable).toBe(true);
    expect(error.cause).toBe(thrown);
  });

  it('maps a ZodError from zod to ValidationError with fields', () => {
    const result = z.object({ user: z.object({ email: z.string() }), n: z.number() }).safeParse({ user: { email: 5 }, n: 1 });
    const error = normalizeError(result.error);
    expect(error.constructor).toBe(ValidationError);
    expect(error).toHaveProperty('fields', { 'user.email': 'Invalid input: expected string, received number' });
    expect(error.retryable).toBe(false);
    expect(error.cause).toBe(result.error);
  });

  it('maps a ZodError from zod/mini to ValidationError with fields', () => {
    const result = zm.object({ a: zm.string() }).safeParse({ a: 1 });
    const error = normalizeError(result.error);
    expect(error.constructor).toBe(ValidationError);
    expect(error).toHaveProperty('fields', { a: 'Invalid input: expected string, received number' });
    expect(error.cause).toBe(result.error);
  });
});

describe('normalizeError on faultline errors', () => {
  it('returns a faultline error as the same object', () => {
    for (const original of [new ToolError(), new ModelRateLimitError(), new UnknownError(), new ValidationError()]) {
      expect(normalizeError(original)).toBe(original);
    }
  });

  it('returns an instance of a user subclass as the same object', () => {
    class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED' }) {}
    const original = new PaymentDeclinedError();
    expect(normalizeError(original)).toBe(original);
    // A class written without subclass is as much a faultline error.
    class PlainPaymentError extends ToolError {}
    const plain = new PlainPaymentError();
    expect(normalizeError(plain)).toBe(plain);
  });

  it('always returns a FaultlineError', () => {
    expect(normalizeError(new Error('x'))).toBeInstanceOf(FaultlineError);
  });
});

describe('normalizeError on values shaped like a ZodError that cannot be read', () => {
  it('does not throw when issues is a revoked Proxy, and makes an UnknownError', () => {
    const value = { name: 'ZodError', message: 'bad', issues: revokedProxy() };
    const error = normalizeError(value);
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.message).toBe('bad');
    expect(error.cause).toBe(value);
  });

  it('does not throw when an issue, or its path, has a getter that throws', () => {
    const issues: unknown[] = [];
    Object.defineProperty(issues, 0, { get() { throw new Error('boom'); }, enumerable: true });
    Object.defineProperty(issues, 'length', { value: 1 });
    const path: unknown[] = [];
    Object.defineProperty(path, 0, { get() { throw new Error('boom'); }, enumerable: true });
    Object.defineProperty(path, 'length', { value: 1 });
    for (const value of [{ name: 'ZodError', issues }, { name: 'ZodError', issues: [{ path, message: 'm' }] }]) {
      expect(normalizeError(value)).toBeInstanceOf(UnknownError);
    }
  });
});

describe('normalizeError and the stack trace', () => {
  function normalizeHere(): string[] {
    return (normalizeError(new TypeError('x')).stack ?? '').split('\n').slice(1, 3);
  }

  it('builds the error in normalizeError itself, so that the caller is the next frame of its stack', () => {
    const [first, second] = normalizeHere();
    expect(first).toMatch(/^\s+at normalizeError \(/);
    expect(second).toMatch(/^\s+at normalizeHere \(/);
  });
});
