import { describe, expect, it } from 'vitest';
import { NETWORK_CODES, recognize, TIMEOUT_CODES } from '../../src/recognition/recognize.js';

const withCode = (code: string): Error => Object.assign(new Error(code), { code });

// Written out from issue #2, not read from src.
const NETWORK = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET'];
const TIMEOUTS = ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'];

describe('the code tables', () => {
  it('hold exactly the network and timeout codes of the issue', () => {
    expect([...NETWORK_CODES].sort()).toEqual([...NETWORK].sort());
    expect([...TIMEOUT_CODES].sort()).toEqual([...TIMEOUTS].sort());
  });
});

describe('recognize: kind', () => {
  it.each(NETWORK)('calls an error with code %s a network failure', (code) => {
    expect(recognize(withCode(code)).kind).toBe('network');
  });

  it.each(TIMEOUTS)('calls an error with code %s a timeout', (code) => {
    expect(recognize(withCode(code)).kind).toBe('timeout');
  });

  it('finds a code up to three causes down, and no deeper', () => {
    let value: Error = withCode('ECONNRESET');
    for (let level = 1; level <= 3; level++) value = new Error(`level ${level}`, { cause: value });
    expect(recognize(value).kind).toBe('network');
    expect(recognize(new Error('level 4', { cause: value })).kind).toBe('unknown');
  });

  it('stops at a cause that is not an error', () => {
    expect(recognize(new Error('x', { cause: { code: 'ECONNRESET' } })).kind).toBe('unknown');
    expect(recognize({ code: 'ECONNRESET' }).kind).toBe('unknown');
  });

  it('ends on a cause chain that loops', () => {
    const looped = new Error('loop');
    Object.assign(looped, { cause: looped });
    expect(recognize(looped).kind).toBe('unknown');
  });

  it('ignores a code that is not a string or not in the tables', () => {
    expect(recognize(Object.assign(new Error('x'), { code: 104 })).kind).toBe('unknown');
    expect(recognize(withCode('ENOENT')).kind).toBe('unknown');
  });

  it.each([
    ['a DOMException TimeoutError', new DOMException('t', 'TimeoutError'), 'timeout'],
    ['an Error named TimeoutError', Object.assign(new Error('t'), { name: 'TimeoutError' }), 'timeout'],
    ['a DOMException AbortError', new DOMException('a', 'AbortError'), 'aborted'],
    ['an AbortError caused by a TimeoutError', Object.assign(new Error('a'), { name: 'AbortError', cause: new DOMException('t', 'TimeoutError') }), 'timeout'],
    ['an AbortError whose reason is a TimeoutError', Object.assign(new Error('a'), { name: 'AbortError', reason: new DOMException('t', 'TimeoutError') }), 'timeout'],
    ['an AbortError with another reason', Object.assign(new Error('a'), { name: 'AbortError', reason: new Error('user') }), 'aborted'],
    ['a plain Error', new Error('x'), 'unknown'],
    ['a string', 'ECONNRESET', 'unknown'],
  ])('calls %s %s', (_label, value, kind) => {
    expect(recognize(value).kind).toBe(kind);
  });
});

describe('recognize: message', () => {
  it.each([
    ['an Error', new Error('boom'), 'boom'],
    ['an Error with an empty message', new Error(''), undefined],
    ['a plain object with a message', { message: 'from object' }, 'from object'],
    ['a plain object with a non-string message', { message: 42 }, undefined],
    ['a string', 'text', 'text'],
    ['the empty string', '', undefined],
    ['a number', 0, 'Non-error value thrown: 0'],
    ['a boolean', true, 'Non-error value thrown: true'],
    ['a bigint', 10n, 'Non-error value thrown: 10'],
    ['a symbol', Symbol('s'), 'Non-error value thrown: Symbol(s)'],
    ['null', null, undefined],
    ['undefined', undefined, undefined],
  ])('reads the message of %s', (_label, value, message) => {
    expect(recognize(value).message).toBe(message);
  });
});

describe('recognize: status', () => {
  it.each([
    ['status', { status: 503 }, 503],
    ['statusCode', { statusCode: 404 }, 404],
    ['status before statusCode', { status: 500, statusCode: 404 }, 500],
    ['the lowest status', { status: 100 }, 100],
    ['the highest status', { status: 599 }, 599],
    ['a status below 100', { status: 99 }, undefined],
    ['a status above 599', { status: 600 }, undefined],
    ['a fractional status', { status: 500.5 }, undefined],
    ['a string status', { status: '500' }, undefined],
    ['no status', {}, undefined],
  ])('reads %s', (_label, value, status) => {
    expect(recognize(value).status).toBe(status);
  });
});
