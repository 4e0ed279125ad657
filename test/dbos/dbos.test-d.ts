import { DBOS, DBOSClient, type SerializationRecipe, type StepConfig } from '@dbos-inc/dbos-sdk';
import type { JSONValue } from '@dbos-inc/dbos-sdk/internal/serialization';
import { describe, expectTypeOf, it } from 'vitest';
import type { FaultlineError } from '../../src/index.js';
import {
  dbosSerialization, dbosStepConfig, fromDbosError, SERIALIZATION_NAME,
  type DbosErrorValue, type DbosJson, type DbosJsonObject, type DbosStepConfig, type DbosStepOptions,
} from '../../src/dbos/index.js';

describe('faultline/dbos types', () => {
  it('dbosSerialization is what DBOS.registerSerialization takes', () => {
    expectTypeOf(dbosSerialization).toExtend<SerializationRecipe<DbosErrorValue, DbosJsonObject>>();
    // Type-checked, never run: the call an application writes.
    const register = (): void => {
      DBOS.registerSerialization(dbosSerialization);
    };
    expectTypeOf(register).toBeFunction();
    expectTypeOf<DbosJson>().toExtend<JSONValue>();
    expectTypeOf(dbosSerialization.name).toEqualTypeOf<'faultline'>();
    expectTypeOf(SERIALIZATION_NAME).toEqualTypeOf<'faultline'>();
  });

  it('dbosStepConfig is a StepConfig, for registerStep and runStep alike', () => {
    expectTypeOf<DbosStepConfig>().toExtend<StepConfig>();
    expectTypeOf(dbosStepConfig).parameter(0).toEqualTypeOf<DbosStepOptions | undefined>();
    const callModel = async (question: string): Promise<string> => Promise.resolve(question);
    const step = DBOS.registerStep(callModel, dbosStepConfig({ name: 'call model', maxAttempts: 5 }));
    expectTypeOf(step).toEqualTypeOf<(this: unknown, question: string) => Promise<string>>();
    // Type-checked, never run.
    const run = async (): Promise<string> => DBOS.runStep(async () => Promise.resolve('x'), dbosStepConfig({ name: 'x' }));
    expectTypeOf(run).returns.toEqualTypeOf<Promise<string>>();
    const { shouldRetry } = dbosStepConfig();
    expectTypeOf(shouldRetry).toExtend<NonNullable<StepConfig['shouldRetry']>>();
  });

  it('DbosStepOptions takes what StepConfig says of the schedule, the name and the timeout', () => {
    expectTypeOf<Pick<Required<StepConfig>, 'maxAttempts' | 'intervalSeconds' | 'backoffRate' | 'timeoutMS' | 'name'>>().toExtend<DbosStepOptions>();
  });

  it('fromDbosError takes any value, as a DBOSClient rejects with it', async () => {
    expectTypeOf(fromDbosError).toEqualTypeOf<(value: unknown) => FaultlineError>();
    const client = await DBOSClient.create({ systemDatabaseUrl: 'postgresql://127.0.0.1/app' });
    await client.retrieveWorkflow('id').getResult().catch((error: unknown) => {
      expectTypeOf(fromDbosError(error)).toEqualTypeOf<FaultlineError>();
    });
  });
});
