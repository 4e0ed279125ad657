import { describe, expect, it } from 'vitest';
import { withEngineError } from '../../src/durable/engine-error.js';
import { deserializeError, serializeError, ToolError } from '../../src/index.js';
import { BYTE_IDENTITY_CASES, engineErrorOf } from './byte-identity-cases.js';

describe('withEngineError', () => {
  it('keeps the value read from as engineError, not enumerable, and gives the error no cause', () => {
    const caught = new Error('ActivityFailure');
    const written = JSON.stringify(new ToolError('x', { toolName: 'search' }));
    const error = withEngineError(deserializeError(written), caught);
    expect(engineErrorOf(error)).toBe(caught);
    expect(Object.getOwnPropertyDescriptor(error, 'engineError')).toEqual({ value: caught, writable: true, configurable: true, enumerable: false });
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect(JSON.stringify(serializeError(error))).toBe(written);
  });

  it('keeps the cause an error was written with, so that it re-serializes as it was written', () => {
    const written = JSON.stringify(new ToolError('x', { cause: new Error('socket hang up') }));
    const error = withEngineError(deserializeError(written), new Error('ActivityFailure'));
    expect((error.cause as Error).message).toBe('socket hang up');
    expect(JSON.stringify(error)).toBe(written);
  });
});

describe('the errors every engine must give back byte for byte', () => {
  it('hold what each case says: fields, a chain of two causes, and a cut marked in the contract', () => {
    const [fields, chain, cut] = BYTE_IDENTITY_CASES.map(([, make]) => serializeError(make()));
    expect(fields).toMatchObject({ provider: 'openai', requestId: 'req_1', status: 429, details: { plan: 'free', region: 'eu' } });
    expect(chain?.cause).toMatchObject({ name: 'TransientError', cause: { name: 'Error', message: 'read ECONNRESET', code: 'ECONNRESET' } });
    expect([cut?.requestId?.length, cut?.truncated]).toEqual([1024, { strings: true }]);
  });
});
