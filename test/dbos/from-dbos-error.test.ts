import { Error as DbosErrors } from '@dbos-inc/dbos-sdk';
import { DBOSJSON, deserializeResError, safeParseError, serializeResError } from '@dbos-inc/dbos-sdk/internal/serialization';
import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, ModelQuotaExceededError, TimeoutError, ToolExecutionError, TransientError, UnknownError, ValidationError, type FaultlineError,
} from '../../src/index.js';
import { dbosSerialization, fromDbosError } from '../../src/dbos/index.js';
import { BYTE_IDENTITY_CASES, contractOf } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

// This file does not register dbosSerialization: what DBOS hands back here is what it makes of a row
// by itself (a plain Error with the fields copied onto it), as a reader that did not register the recipe
// gets it, or as rows written before it was registered are read.

const secret = (): Error => Object.assign(new Error('connect postgres://app:hunter2@db.internal/app refused'), { password: 'hunter2' });
const thrown = (): FaultlineError => new ModelQuotaExceededError('The account is out of credit', {
  provider: 'openai', requestId: 'req_1', cause: new TransientError('reset', { cause: secret() }),
});

async function row(error: Error): Promise<string> {
  return (await serializeResError(error, DBOSJSON, undefined)).serializedValue ?? '';
}

async function dbosRevived(error: Error): Promise<Error> {
  return deserializeResError(await row(error), 'js_superjson', DBOSJSON);
}

describe('fromDbosError', () => {
  it('is the error itself for a faultline error (what DBOS revives with dbosSerialization registered)', () => {
    const error = thrown();
    expect(fromDbosError(error)).toBe(error);
  });

  it('rebuilds the class from the plain Error DBOS revives by itself, with the contract the error writes', async () => {
    const error = thrown();
    const revived = await dbosRevived(error);
    expect(revived.constructor).toBe(Error); // what DBOS gives without the recipe
    expect((revived.cause as Error).cause).toHaveProperty('password', 'hunter2'); // and what it keeps
    const read = fromDbosError(revived);
    expect(read).toBeInstanceOf(ModelQuotaExceededError);
    expect(read.cause).toBeInstanceOf(TransientError);
    expect(JSON.stringify(read)).toBe(JSON.stringify(error));
  });

  it('gives an error rebuilt with no cause of its own no cause, and the value it was read from as its engineError, not enumerable', async () => {
    const thrownError = new ValidationError('bad', { fields: { q: 'Required' } });
    const revived = await dbosRevived(thrownError);
    const read = fromDbosError(revived);
    expect(Object.hasOwn(read, 'cause')).toBe(false);
    expect(Object.getOwnPropertyDescriptor(read, 'engineError')).toEqual({ value: revived, enumerable: false, writable: true, configurable: true });
    expect(contractOf(read)).toBe(contractOf(thrownError));
  });

  it('rebuilds it from the row’s text, and from the row parsed', async () => {
    const text = await row(thrown());
    for (const form of [text, JSON.parse(text) as unknown, (JSON.parse(text) as { json: unknown }).json]) {
      const read = fromDbosError(form);
      expect(read).toBeInstanceOf(ModelQuotaExceededError);
      expect(JSON.stringify(read)).toBe(JSON.stringify(thrown()));
    }
  });

  it('rebuilds it from the Error DBOS makes of a row it cannot read (the row’s text as its message)', async () => {
    // A row dbosSerialization wrote, read where it is not registered: safeParseError, as DBOS's workflow lists use it.
    const written = JSON.stringify({ json: thrown().toJSON(), meta: { values: [['custom', dbosSerialization.name]] }, __dbos_serializer: 'superjson' });
    const unread = await safeParseError(DBOSJSON, written, 'js_superjson');
    expect(unread.message).toBe(written);
    expect(fromDbosError(unread)).toBeInstanceOf(ModelQuotaExceededError);
  });

  it('reads a DBOSMaxStepRetriesError as its last attempt’s error, live or revived', async () => {
    const attempts = [new TransientError('first'), new TransientError('second', { cause: secret() })];
    const live = new DbosErrors.DBOSMaxStepRetriesError('call model', 2, attempts);
    expect(fromDbosError(live)).toBe(attempts[1]);
    const read = fromDbosError(await dbosRevived(live));
    expect(read).toBeInstanceOf(TransientError);
    expect(JSON.stringify(read)).toBe(JSON.stringify(attempts[1]));
  });

  it('does not change an error DBOS still holds: the last attempt of a live DBOSMaxStepRetriesError keeps having no cause', () => {
    const last = new TransientError('no cause');
    expect(fromDbosError(new DbosErrors.DBOSMaxStepRetriesError('call model', 1, [last]))).toBe(last);
    expect(Object.hasOwn(last, 'cause')).toBe(false);
  });

  it.each<[string, () => unknown, new (...args: never[]) => FaultlineError, boolean]>([
    ['a step timeout', () => new DbosErrors.DBOSStepTimeoutError('call model', 100), TimeoutError, true],
    ['a retries error with no errors', () => new DbosErrors.DBOSMaxStepRetriesError('call model', 0, []), UnknownError, false],
    ['a plain Error', () => new Error('boom'), UnknownError, false],
    ['an error whose message is not a row', () => new Error('{not json'), UnknownError, false],
    ['text that is not a row', () => 'boom', UnknownError, false],
    ['a row of another error', () => JSON.stringify({ json: { name: 'Error', message: 'x' }, __dbos_serializer: 'superjson' }), UnknownError, false],
    ['undefined', () => undefined, UnknownError, false],
  ])('normalizes %s', (_title, make, Class, retryable) => {
    const read = fromDbosError(make());
    expect(read.constructor).toBe(Class);
    expect(read.retryable).toBe(retryable);
  });

  it('keeps no raw field of a foreign cause', async () => {
    const read = fromDbosError(await dbosRevived(new ToolExecutionError('failed', { cause: secret() })));
    expect(JSON.stringify(read)).not.toContain('hunter2');
    expect(read.cause).toBeInstanceOf(Error);
    expect(read.cause).not.toHaveProperty('password');
    expect(read.toJSON().cause).toEqual({ name: 'Error', message: 'connect postgres://app:[REDACTED]@db.internal/app refused' });
  });

  it('rebuilds a ValidationError’s fields', async () => {
    const read = fromDbosError(await dbosRevived(new ValidationError('bad', { fields: { q: 'Required' } })));
    expect(read).toBeInstanceOf(ValidationError);
    expect(read).toHaveProperty('fields', { q: 'Required' });
  });
});

describe('fromDbosError under hostile input', () => {
  it.each(HOSTILE_KINDS)('never throws on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(fromDbosError(value)).toBeInstanceOf(UnknownError);
    }
  });

  it('never throws on a DBOSMaxStepRetriesError whose errors are hostile', () => {
    const error = Object.assign(new Error('retries'), { dbosErrorCode: 23, errors: [hostileValue('revokedProxy')] });
    expect(fromDbosError(error)).toBeInstanceOf(UnknownError);
  });

  it('reads a cancelled workflow, DBOS’s own or an awaited one, as an AgentAbortedError', () => {
    for (const error of [new DbosErrors.DBOSWorkflowCancelledError('wf-1'), new DbosErrors.DBOSAwaitedWorkflowCancelledError('wf-2')]) {
      const read = fromDbosError(error);
      expect([read.constructor, read.message, read.cause]).toEqual([AgentAbortedError, error.message, error]);
    }
  });

  it('stops at a DBOSMaxStepRetriesError that holds itself in its errors, without running the stack out', () => {
    const error = Object.assign(new Error('retries'), { dbosErrorCode: 23, errors: [] as unknown[] });
    error.errors.push(error);
    const read = fromDbosError(error);
    expect([read.constructor, read.message]).toEqual([UnknownError, 'retries']);
  });

  it('does not parse a row longer than any the writer writes', () => {
    const huge = `{"json":${JSON.stringify(new TransientError('x').toJSON())},"pad":"${'x'.repeat(60_000_000)}"}`;
    expect(fromDbosError(huge)).toBeInstanceOf(UnknownError);
  });
});

describe.each(BYTE_IDENTITY_CASES)('%s, written by DBOS without the recipe and read back by fromDbosError', (_title, make) => {
  it('serializes as the error thrown, byte for byte, from the plain Error DBOS revives, the row’s text and the row parsed', async () => {
    const error = make();
    const text = await row(error);
    for (const form of [await dbosRevived(error), text, JSON.parse(text) as unknown]) expect(contractOf(fromDbosError(form))).toBe(contractOf(error));
  });
});
