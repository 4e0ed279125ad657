import { DBOS, Error as DbosErrors } from '@dbos-inc/dbos-sdk';
import { DBOSJSON, deserializeResError, serializeResError } from '@dbos-inc/dbos-sdk/internal/serialization';
import { describe, expect, it } from 'vitest';
import {
  deserializeError, ModelQuotaExceededError, ModelRateLimitError, ToolExecutionError, TransientError, ValidationError, type FaultlineError,
} from '../../src/index.js';
import { dbosSerialization, SERIALIZATION_NAME } from '../../src/dbos/index.js';
import { serializedErrorSchema } from '../../src/schema/index.js';
import { BYTE_IDENTITY_CASES } from '../durable/byte-identity-cases.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';

// DBOS's own serialization, in process: serializeResError is what DBOS runs on an error a step or a
// workflow throws (serialize-error's copy, then the serializer), deserializeResError what it runs to
// revive one (a replayed step, a handle's getResult, a DBOSClient). No Postgres is needed for either.

/** Values DBOS writes that are not faultline's errors, and their rows before the recipe is registered. */
const OTHER_VALUES: readonly unknown[] = [
  'text', 42, null, [1, 'two', { three: 3 }], { at: new Date(0), big: 12n, seen: new Set([1]), map: new Map([['k', 'v']]) },
  { name: 'Data', message: 'looks like an error but is data' }, new Error('a plain error, as DBOS writes one'),
  { name: 'X', code: 'Y', category: 'NOT_A_CATEGORY', message: 'm', retryable: false },
];
const ROWS_BEFORE = OTHER_VALUES.map((value) => DBOSJSON.stringify(value));
DBOS.registerSerialization(dbosSerialization);

const secret = (): Error => Object.assign(new Error('connect postgres://app:hunter2@db.internal/app refused'), { password: 'hunter2', code: 'ECONNREFUSED' });

/** The row DBOS writes for `error` in a step's or a workflow's `error` column, and the value superjson holds in it. */
async function rowOf(error: Error): Promise<{ readonly text: string; readonly json: unknown }> {
  const { serializedValue } = await serializeResError(error, DBOSJSON, undefined);
  const text = serializedValue ?? '';
  return { text, json: (JSON.parse(text) as { json: unknown }).json };
}

/** What DBOS revives from the row it wrote for `error`. */
async function revived(error: Error): Promise<Error> {
  const { serializedValue, serialization } = await serializeResError(error, DBOSJSON, undefined);
  return deserializeResError(serializedValue, serialization, DBOSJSON);
}

function deepChain(depth: number): FaultlineError {
  let error: FaultlineError = new TransientError('the bottom', { cause: secret() });
  for (let level = 1; level < depth; level++) error = new ToolExecutionError(`level ${level}`, { toolName: 'search', cause: error });
  return error;
}

function circular(): FaultlineError {
  const inner = new TransientError('inner');
  const outer = new ModelRateLimitError('outer', { cause: inner, retryAfterMs: 300 });
  Object.defineProperty(inner, 'cause', { value: outer });
  return outer;
}

const ERRORS: readonly (readonly [string, () => FaultlineError])[] = [
  ...BYTE_IDENTITY_CASES,
  ['an error with no cause', () => new ModelQuotaExceededError('The account is out of credit', { provider: 'openai', requestId: 'req_1' })],
  ['an error whose cause holds secrets', () => new ModelQuotaExceededError('out of credit', { provider: 'openai', cause: secret() })],
  ['a chain of faultline causes', () => new ValidationError('bad', { fields: { q: 'Required' }, cause: new TransientError('reset', { cause: secret() }) })],
  ['a cause that is not an error', () => new ValidationError('bad', { cause: { attempt: 2, token: 'sk-EXAMPLEEXAMPLEEXAMPLEEXAMPLE' } })],
  ['an AggregateError cause with causes of its own', () => new ToolExecutionError('all failed', { cause: new AggregateError([secret(), new TransientError('t', { cause: secret() })], 'both') })],
  ['a cause chain deeper than the writer writes', () => deepChain(30)],
  ['a circular cause chain', circular],
  ['details with secrets and a message cut', () => new ValidationError('x'.repeat(5000), { details: { apiKey: 'sk-EXAMPLEEXAMPLEEXAMPLEEXAMPLE', nested: { error: secret() } } })],
];

describe('dbosSerialization, as DBOS runs it', () => {
  it.each(ERRORS)('writes %s as the contract the error itself writes, byte for byte', async (_title, make) => {
    const error = make();
    const { json } = await rowOf(error);
    expect(JSON.stringify(json)).toBe(JSON.stringify(error));
    expect(serializedErrorSchema.safeParse(json).success).toBe(true);
  });

  it.each(ERRORS)('keeps no secret and no stack of %s in the row', async (_title, make) => {
    const { text } = await rowOf(make());
    for (const leaked of ['hunter2', 'sk-EXAMPLE', '"stack"', 'at file:', '.ts:']) expect(text).not.toContain(leaked);
  });

  it.each(ERRORS)('revives %s as the same class, with the same fields', async (_title, make) => {
    const error = make();
    const back = await revived(error);
    expect(back.constructor).toBe(error.constructor);
    expect(JSON.stringify(back)).toBe(JSON.stringify(error));
  });

  it('marks the row with the recipe’s name, in superjson’s own annotation', async () => {
    const { text } = await rowOf(new TransientError('reset'));
    expect(JSON.parse(text)).toEqual({
      json: { name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'reset', retryable: true },
      meta: { values: [['custom', SERIALIZATION_NAME]] },
      __dbos_serializer: 'superjson',
    });
  });

  it('writes the errors of a DBOSMaxStepRetriesError as the contract, and revives them as their class', async () => {
    const attempts = [new TransientError('first', { cause: secret() }), new ModelRateLimitError('second', { retryAfterMs: 300 })];
    const error = new DbosErrors.DBOSMaxStepRetriesError('call model', 2, attempts);
    const { text, json } = await rowOf(error);
    expect((json as { errors: unknown }).errors).toEqual(attempts.map((attempt) => JSON.parse(JSON.stringify(attempt)) as unknown));
    expect(text).not.toContain('hunter2');
    const back = deserializeError((json as { errors: readonly unknown[] }).errors[1]);
    expect(back).toBeInstanceOf(ModelRateLimitError);
  });

  it('keeps every other value as DBOS writes it, byte for byte', () => {
    expect(OTHER_VALUES.map((value) => DBOSJSON.stringify(value))).toEqual(ROWS_BEFORE);
  });

  it('writes a faultline error inside a value as its contract, and reads it back as the error', () => {
    const value = { answer: 42, failure: new ModelQuotaExceededError('out of credit', { cause: secret() }) };
    const text = DBOSJSON.stringify(value);
    expect(text).not.toContain('hunter2');
    const back = DBOSJSON.parse(text) as { answer: number; failure: unknown };
    expect(back.answer).toBe(42);
    expect(back.failure).toBeInstanceOf(ModelQuotaExceededError);
  });

  it('reads a serialized faultline error inside a value (what toJSON returns) as the error it stands for', () => {
    const json = new TransientError('reset').toJSON();
    const back = DBOSJSON.parse(DBOSJSON.stringify({ last: json })) as { last: unknown };
    expect(back.last).toBeInstanceOf(TransientError);
    expect(JSON.stringify(back.last)).toBe(JSON.stringify(json));
  });
});

describe('dbosSerialization, called directly', () => {
  it('applies to faultline errors and their records, and to nothing else', () => {
    const applies = (value: unknown): boolean => dbosSerialization.isApplicable(value);
    expect(applies(new TransientError())).toBe(true);
    expect(applies(new TransientError().toJSON())).toBe(true);
    expect([new Error('x'), 'x', 1, null, undefined, [], {}, { name: 'n', message: 'm' }].map(applies)).toEqual([false, false, false, false, false, false, false, false]);
    // The head of the contract, but a field of the wrong type: data.
    expect(applies({ ...new TransientError().toJSON(), retryAfterMs: 'soon' })).toBe(false);
  });

  it('reads a value again each time it is written: one changed meanwhile is written as it now is', () => {
    const value = { last: new TransientError('reset').toJSON() as Record<string, unknown> };
    expect(DBOSJSON.stringify(value)).toContain('"custom"');
    value.last.category = 'NOT_A_CATEGORY';
    expect(DBOSJSON.stringify(value)).toBe(JSON.stringify({ json: value, __dbos_serializer: 'superjson' }));
  });

  it('reads back a row changed by hand as the data it holds', () => {
    const changed = { name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'm', retryable: true, status: -1 };
    expect(dbosSerialization.deserialize(changed)).toBe(changed);
  });

  it.each(HOSTILE_KINDS)('never throws on a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      const applies = dbosSerialization.isApplicable(value);
      expect(typeof applies).toBe('boolean');
      if (applies) expect(serializedErrorSchema.safeParse(dbosSerialization.serialize(value)).success).toBe(true);
    }
  });

  it('writes a record whose cause getter throws as the error without that cause', () => {
    const record = new TransientError('reset').toJSON() as Record<string, unknown>;
    Object.defineProperty(record, 'cause', { enumerable: true, get: () => { throw new Error('getter'); } });
    expect(dbosSerialization.isApplicable(record)).toBe(true);
    expect(dbosSerialization.serialize(record)).toEqual({ name: 'TransientError', code: 'TRANSIENT', category: 'TRANSIENT', message: 'reset', retryable: true });
  });

  it('is not the record of an error when a field getter throws', () => {
    const record = new TransientError('reset').toJSON() as Record<string, unknown>;
    Object.defineProperty(record, 'status', { enumerable: true, get: () => { throw new Error('getter'); } });
    expect(dbosSerialization.isApplicable(record)).toBe(false);
  });
});
