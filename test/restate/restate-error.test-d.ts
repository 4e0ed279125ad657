import * as restate from '@restatedev/restate-sdk';
import { describe, expectTypeOf, it } from 'vitest';
import {
  asTerminalError, fromRestateError, toRestateError, type RestateRetryableError, type RestateTerminalError,
} from '../../src/restate/index.js';
import type { FaultlineError } from '../../src/index.js';

describe('faultline/restate types', () => {
  it('asTerminalError is the asTerminalError option of a service, an object and a workflow', () => {
    expectTypeOf(asTerminalError).toExtend<NonNullable<restate.ServiceOptions['asTerminalError']>>();
    const service = restate.service({
      name: 'agent',
      handlers: { run: async (_ctx: restate.Context, input: string) => Promise.resolve(input) },
      options: { asTerminalError },
    });
    expectTypeOf(service.name).toEqualTypeOf<'agent'>();
    expectTypeOf(asTerminalError).toExtend<NonNullable<restate.ObjectOptions['asTerminalError']>>();
    expectTypeOf(asTerminalError).toExtend<NonNullable<restate.WorkflowOptions['asTerminalError']>>();
  });

  it('the shapes faultline/restate declares are the SDK’s classes as seen from outside, both ways', () => {
    expectTypeOf<restate.TerminalError>().toExtend<RestateTerminalError>();
    expectTypeOf<RestateTerminalError>().toExtend<restate.TerminalError>();
    expectTypeOf<restate.RetryableError>().toExtend<RestateRetryableError>();
    expectTypeOf<RestateRetryableError>().toExtend<restate.RetryableError>();
  });

  it('the functions take any value', () => {
    expectTypeOf(toRestateError).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(toRestateError).returns.toEqualTypeOf<RestateTerminalError | RestateRetryableError>();
    expectTypeOf(fromRestateError).toEqualTypeOf<(value: unknown) => FaultlineError>();
  });
});
