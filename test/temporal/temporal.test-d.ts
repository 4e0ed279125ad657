import type { ApplicationFailure, TemporalFailure } from '@temporalio/common';
import { describe, expectTypeOf, it } from 'vitest';
import { ModelQuotaExceededError, ModelRateLimitError, type FaultlineError, type SerializeOptions } from '../../src/index.js';
import { createClassifier, type ErrorPolicy } from '../../src/retry/index.js';
import { DETAILS_LIMITS, fromTemporalFailure, toApplicationFailure, type ToApplicationFailureOptions } from '../../src/temporal/index.js';

describe('faultline/temporal types', () => {
  it('toApplicationFailure gives an ApplicationFailure for a faultline error, and a TemporalFailure for any value', () => {
    expectTypeOf(toApplicationFailure(new ModelRateLimitError())).toEqualTypeOf<ApplicationFailure>();
    expectTypeOf(toApplicationFailure(new ModelRateLimitError()).nonRetryable).toEqualTypeOf<boolean | null | undefined>();
    const caught: unknown = new Error('x');
    expectTypeOf(toApplicationFailure(caught)).toEqualTypeOf<TemporalFailure>();
    expectTypeOf(toApplicationFailure(caught)).toExtend<Error>();
  });

  it('takes a classifier of faultline/retry as its classify', () => {
    expectTypeOf(createClassifier()).toExtend<NonNullable<ToApplicationFailureOptions['classify']>>();
    expectTypeOf<ToApplicationFailureOptions>().toEqualTypeOf<{ readonly classify?: (error: unknown) => ErrorPolicy }>();
    toApplicationFailure(new ModelRateLimitError(), { classify: createClassifier({ codes: { MODEL_RATE_LIMITED: { logLevel: 'debug' } } }) });
    // @ts-expect-error: a misspelt option is refused by the types too
    toApplicationFailure(new ModelRateLimitError(), { classifier: createClassifier() });
  });

  it('fromTemporalFailure takes any value and gives a faultline error', () => {
    expectTypeOf(fromTemporalFailure).toEqualTypeOf<(value: unknown) => FaultlineError>();
  });

  it('narrows to a class by instanceof, and reads engineError once asked whether it is there', () => {
    const failure = fromTemporalFailure(new Error('x'));
    if (failure instanceof ModelQuotaExceededError) expectTypeOf(failure.provider).toEqualTypeOf<string | undefined>();
    if ('engineError' in failure) expectTypeOf(failure.engineError).toEqualTypeOf<unknown>();
  });

  it('DETAILS_LIMITS are serialize options, its numbers literal and readonly', () => {
    expectTypeOf(DETAILS_LIMITS).toExtend<SerializeOptions>();
    expectTypeOf(DETAILS_LIMITS.maxMessageLength).toEqualTypeOf<2000>();
  });
});
