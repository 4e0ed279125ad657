import { createRequire } from 'node:module';
import { InngestTestEngine, InngestTestRun, mockCtx } from '@inngest/test';
import { Inngest, Middleware, serializeError, StepError } from 'inngest';
import type * as InngestModule from 'inngest';
import { describe, expect, it } from 'vitest';
import { ModelQuotaExceededError, ModelRateLimitError, TransientError, type FaultlineError } from '../../src/index.js';
import { fromInngestError, toInngestError } from '../../src/inngest/index.js';
import { BYTE_IDENTITY_CASES, contractOf } from '../durable/byte-identity-cases.js';

// Inngest functions run in process by @inngest/test's InngestTestEngine, on inngest's own executor: a step
// that throws what toInngestError makes, then the failure event inngest would send to onFailure, built
// from inngest's own serialization of the error that ended the run.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const inngest = new Inngest({ id: 'faultline-test', logger: silent });
const question = { name: 'app/question', data: { question: 'Why?' } };

/** What the functions saw, by the place they saw it. */
interface Seen {
  fromHandlerError?: FaultlineError;
  fromEventError?: FaultlineError;
}

/** A real function whose step throws toInngestError(failure), and whose onFailure reads both forms of the error. */
function agent(failure: () => unknown, seen: Seen) {
  return inngest.createFunction(
    {
      id: 'answer',
      triggers: [{ event: 'app/question' }],
      onFailure: ({ error, event }) => {
        seen.fromHandlerError = fromInngestError(error);
        seen.fromEventError = fromInngestError(event.data.error);
      },
    },
    async ({ step }) =>
      step.run('call model', () => {
        throw toInngestError(failure());
      }),
  );
}

type AgentFunction = ReturnType<typeof agent>;

/** Runs the function until its step has run: what the executor answers Inngest for that step. */
async function runStep(fn: AgentFunction, transformCtx?: InngestTestEngine.Options['transformCtx']) {
  const engine = new InngestTestEngine({ function: fn, events: [question], ...(transformCtx && { transformCtx }) });
  const { result } = await new InngestTestRun({ testEngine: engine }).waitFor('step-ran');
  return result;
}

/**
 * The `inngest/function.failed` event Inngest sends once the run has failed. The step's failure comes
 * back to the function as a StepError (built by inngest from the step's serialized error), which ends
 * the run; inngest serializes that error, and Inngest's server keeps its name, message, stack and
 * cause (UserError in pkg/execution/state/driver_response.go), through JSON.
 */
function failureEvent(stepError: unknown) {
  // inngest types its serialized error without the cause it holds.
  const serialized: { readonly name: string; readonly message: string; readonly stack: string; readonly cause?: unknown } = serializeError(new StepError('call model', stepError));
  const { name, message, stack, cause } = serialized;
  const error = JSON.parse(JSON.stringify({ name, message, stack, cause })) as unknown;
  return { name: 'inngest/function.failed', data: { function_id: 'faultline-test-answer', run_id: '01JRUN', event: question, error } };
}

/**
 * Runs the function's onFailure handler with `event`, as Inngest does: the same function, called for its
 * failure handler (the test engine calls a function's main handler alone, so this asks its execution for
 * the failure handler, as inngest's own serve handler does for the `-failure` function id).
 */
async function runOnFailure(fn: AgentFunction, event: ReturnType<typeof failureEvent>): Promise<void> {
  const failureHandler = new Proxy(fn, {
    get: (target, key) =>
      key === 'createExecution'
        ? (options: { readonly partialOptions: object }) => target['createExecution']({ ...options, partialOptions: { ...options.partialOptions, handlerKind: 'failure' } } as never)
        : (Reflect.get(target, key) as unknown),
  });
  await new InngestTestEngine({ function: failureHandler, events: [event] }).execute();
}

describe('a step that throws toInngestError(error), run by InngestTestEngine', () => {
  it('ends the run as non-retriable for a ModelQuotaExceededError, and every reader rebuilds the class', async () => {
    const seen: Seen = {};
    const fn = agent(() => new ModelQuotaExceededError({ provider: 'openai', requestId: 'req_1' }), seen);
    const ran = await runStep(fn);
    expect(ran.retriable).toBe(false);
    expect(ran.step.op).toBe('StepFailed');
    expect(ran.step.error).toMatchObject({ name: 'NonRetriableError', message: 'The account is out of quota, credits or budget for this provider' });

    // The run's next execution: the step's failure, memoized, thrown in the function as a StepError.
    const stepError = new StepError('call model', ran.step.error);
    expect(fromInngestError(stepError)).toMatchObject({ name: 'ModelQuotaExceededError', provider: 'openai', requestId: 'req_1', retryable: false });

    await runOnFailure(fn, failureEvent(ran.step.error));
    for (const rebuilt of [seen.fromHandlerError, seen.fromEventError]) {
      expect(rebuilt).toBeInstanceOf(ModelQuotaExceededError);
      expect(rebuilt).toMatchObject({ provider: 'openai', requestId: 'req_1', retryable: false, code: 'MODEL_QUOTA_EXCEEDED' });
    }
  });

  it('has a rate limit retried no earlier than its retryAfterMs, in whole seconds rounded up', async () => {
    const seen: Seen = {};
    const ran = await runStep(agent(() => new ModelRateLimitError({ provider: 'openai', retryAfterMs: 1500 }), seen));
    // `retriable` is the Retry-After header the executor answers Inngest with.
    expect(ran.retriable).toBe('2');
    expect(ran.step.op).toBe('StepError');
    expect(fromInngestError(ran.step.error)).toMatchObject({ name: 'ModelRateLimitError', provider: 'openai', retryAfterMs: 1500, retryable: true });
  });

  it('ends the run on the last attempt of a rate limit, and onFailure still rebuilds it with its delay', async () => {
    const seen: Seen = {};
    const fn = agent(() => new ModelRateLimitError({ retryAfterMs: 30_000 }), seen);
    // The last of a single attempt: what Inngest tells the executor on the run's final retry.
    const ran = await runStep(fn, (ctx) => ({ ...mockCtx(ctx), maxAttempts: 1 }));
    expect(ran.retriable).toBe(false);
    expect(ran.step.op).toBe('StepFailed');
    await runOnFailure(fn, failureEvent(ran.step.error));
    expect(seen.fromEventError).toBeInstanceOf(ModelRateLimitError);
    expect(seen.fromEventError).toMatchObject({ retryAfterMs: 30_000, retryable: true });
    expect(seen.fromHandlerError).toBeInstanceOf(ModelRateLimitError);
  });

  it('leaves a retryable error without a delay to Inngest’s own retries, and onFailure rebuilds it whole', async () => {
    const seen: Seen = {};
    const fn = agent(() => new TransientError('connection reset', { details: { host: 'db-1' } }), seen);
    const ran = await runStep(fn);
    expect(ran.retriable).toBe(true);
    expect(ran.step.op).toBe('StepError');
    expect(ran.step.error).toMatchObject({ name: 'TransientError', message: 'connection reset' });
    await runOnFailure(fn, failureEvent(ran.step.error));
    expect(seen.fromEventError?.constructor).toBe(TransientError);
    expect([seen.fromEventError?.message, seen.fromEventError?.retryable, seen.fromEventError?.details]).toEqual(['connection reset', true, { host: 'db-1' }]);
  });

  it('keeps Inngest’s own decisions: a NonRetriableError of the other module format’s copy still ends the run', async () => {
    const cjs = createRequire(import.meta.url)('inngest') as typeof InngestModule;
    const ran = await runStep(agent(() => new cjs.NonRetriableError('stop'), {}));
    expect(ran.retriable).toBe(false);
    expect(ran.step.op).toBe('StepFailed');
  });
});

/** The middleware of docs/inngest.md: toInngestError on every step's and every function's error. */
class FaultlineMiddleware extends Middleware.BaseMiddleware {
  readonly id = 'faultline';

  override async wrapStepHandler({ next }: Middleware.WrapStepHandlerArgs): Promise<unknown> {
    try {
      return await next();
    } catch (error) {
      throw toInngestError(error);
    }
  }

  override async wrapFunctionHandler({ next }: Middleware.WrapFunctionHandlerArgs): Promise<unknown> {
    try {
      return await next();
    } catch (error) {
      throw toInngestError(error);
    }
  }
}

describe('the middleware of docs/inngest.md, on a client', () => {
  const client = new Inngest({ id: 'faultline-middleware', logger: silent, middleware: [FaultlineMiddleware] });

  it('maps what a step throws, as it is thrown', async () => {
    const quota = client.createFunction({ id: 'quota', triggers: [{ event: 'app/question' }] }, async ({ step }) =>
      step.run('call model', () => {
        throw new ModelQuotaExceededError({ provider: 'openai' });
      }),
    );
    const limited = client.createFunction({ id: 'limited', triggers: [{ event: 'app/question' }] }, async ({ step }) =>
      step.run('call model', () => {
        throw new ModelRateLimitError({ retryAfterMs: 5000 });
      }),
    );
    const stopped = await runStep(quota);
    expect({ retriable: stopped.retriable, op: stopped.step.op }).toEqual({ retriable: false, op: 'StepFailed' });
    expect(fromInngestError(stopped.step.error)).toMatchObject({ name: 'ModelQuotaExceededError', provider: 'openai' });
    const delayed = await runStep(limited);
    expect({ retriable: delayed.retriable, op: delayed.step.op }).toEqual({ retriable: '5', op: 'StepError' });
  });

  it('maps what the function itself throws', async () => {
    const fn = client.createFunction({ id: 'validate', triggers: [{ event: 'app/question' }] }, () => {
      throw new ModelQuotaExceededError();
    });
    const engine = new InngestTestEngine({ function: fn, events: [question] });
    const { result } = await new InngestTestRun({ testEngine: engine }).waitFor('function-rejected');
    expect(result.retriable).toBe(false);
    expect(fromInngestError(result.error)).toBeInstanceOf(ModelQuotaExceededError);
  });
});

describe.each(BYTE_IDENTITY_CASES)('%s, thrown in a step through toInngestError and run by InngestTestEngine', (_title, make) => {
  it('serializes as the error thrown, byte for byte, in the StepError caught, the onFailure handler’s error and event.data.error', async () => {
    const error = make();
    const seen: Seen = {};
    const fn = agent(() => error, seen);
    const ran = await runStep(fn);
    await runOnFailure(fn, failureEvent(ran.step.error));
    const readers = [fromInngestError(new StepError('call model', ran.step.error)), seen.fromHandlerError, seen.fromEventError];
    expect(readers.map((rebuilt) => contractOf(rebuilt))).toEqual([contractOf(error), contractOf(error), contractOf(error)]);
  });
});
