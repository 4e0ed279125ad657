import * as inngest from 'inngest';
import { describe, expectTypeOf, it } from 'vitest';
import {
  fromInngestError, toInngestError, type CarriedCause, type InngestNonRetriableError, type InngestRetryAfterError, type InngestStepError,
} from '../../src/inngest/index.js';
import type { InngestSdk } from '../../src/inngest/sdk.js';
import type { FaultlineError, SerializedError } from '../../src/index.js';

describe('faultline/inngest types', () => {
  it('the shapes faultline/inngest declares are inngest’s classes as seen from outside, both ways', () => {
    expectTypeOf<inngest.NonRetriableError>().toExtend<InngestNonRetriableError>();
    expectTypeOf<InngestNonRetriableError>().toExtend<inngest.NonRetriableError>();
    expectTypeOf<inngest.RetryAfterError>().toExtend<InngestRetryAfterError>();
    expectTypeOf<InngestRetryAfterError>().toExtend<inngest.RetryAfterError>();
    expectTypeOf<inngest.StepError>().toExtend<InngestStepError>();
    expectTypeOf<InngestStepError>().toExtend<inngest.StepError>();
  });

  it('inngest’s module has the classes toInngestError takes from it', () => {
    expectTypeOf<typeof inngest>().toExtend<InngestSdk>();
  });

  it('the functions take any value', () => {
    expectTypeOf(toInngestError).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(toInngestError).returns.toEqualTypeOf<InngestNonRetriableError | InngestRetryAfterError | InngestStepError | Error>();
    expectTypeOf(fromInngestError).toEqualTypeOf<(value: unknown) => FaultlineError>();
  });

  it('what toInngestError returns is what a step may throw and a function may return', () => {
    const client = new inngest.Inngest({ id: 'types' });
    client.createFunction({ id: 'answer', triggers: [{ event: 'app/question' }] }, async ({ step }) =>
      step.run('call model', (): string => {
        throw toInngestError(new Error('x'));
      }),
    );
    expectTypeOf<ReturnType<typeof toInngestError>>().toExtend<Error>();
  });

  it('an onFailure handler’s error and event.data.error go to fromInngestError as they are', () => {
    const client = new inngest.Inngest({ id: 'types' });
    client.createFunction(
      {
        id: 'answer',
        triggers: [{ event: 'app/question' }],
        onFailure: ({ error, event }) => {
          expectTypeOf(fromInngestError(error)).toEqualTypeOf<FaultlineError>();
          expectTypeOf(fromInngestError(event.data.error)).toEqualTypeOf<FaultlineError>();
        },
      },
      () => 'done',
    );
  });

  it('the carried cause holds the serialized error', () => {
    expectTypeOf<CarriedCause['faultline']>().toEqualTypeOf<SerializedError>();
  });
});
