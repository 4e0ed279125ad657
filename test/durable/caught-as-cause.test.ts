import { describe, expect, it } from 'vitest';
import { withCaughtCause } from '../../src/durable/caught-as-cause.js';
import { deserializeError, ToolError } from '../../src/index.js';

describe('withCaughtCause', () => {
  it('gives an error written without a cause the value caught, not enumerable', () => {
    const caught = new Error('ActivityFailure');
    const error = withCaughtCause(deserializeError(JSON.stringify(new ToolError('x'))), caught);
    expect(error.cause).toBe(caught);
    expect(Object.getOwnPropertyDescriptor(error, 'cause')).toEqual({ value: caught, writable: true, configurable: true, enumerable: false });
  });

  it('keeps the cause an error was written with, so that it re-serializes as it was written', () => {
    const written = JSON.stringify(new ToolError('x', { cause: new Error('socket hang up') }));
    const error = withCaughtCause(deserializeError(written), new Error('ActivityFailure'));
    expect((error.cause as Error).message).toBe('socket hang up');
    expect(JSON.stringify(error)).toBe(written);
  });
});
