import { describe, expect, it, vi } from 'vitest';
import { ToolError, UnknownError, type FaultlineError } from '../../src/index.js';
import type { Recognition } from '../../src/mapper/recognise.js';
import { isTransientKind, mappedOptions, mapInto } from '../../src/mapper/scoped.js';

describe('mapInto', () => {
  it('returns a faultline error as it is, without building anything', () => {
    const original = new ToolError();
    const build = vi.fn(() => new UnknownError());
    expect(mapInto(original, { toolName: 'search' }, build)).toBe(original);
    expect(build).not.toHaveBeenCalled();
  });

  it('hands anything else to build with its recognition and the context, and returns what build made', () => {
    const made = new UnknownError();
    const build = vi.fn<(value: unknown, recognition: Recognition, context: { toolName: string }) => FaultlineError>(() => made);
    const value = Object.assign(new Error('reset'), { code: 'ECONNRESET', status: 503 });
    const context = { toolName: 'search' };
    expect(mapInto(value, context, build)).toBe(made);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build.mock.calls[0]?.[0]).toBe(value);
    expect(build.mock.calls[0]?.[1]).toEqual({ kind: 'network', message: 'reset', status: 503 });
    expect(build.mock.calls[0]?.[2]).toBe(context);
  });
});

describe('isTransientKind', () => {
  it.each([
    ['network', true], ['timeout', true], ['aborted', false], ['validation', false], ['unknown', false],
  ] as const)('says a %s failure may succeed on another try: %s', (kind, expected) => {
    expect(isTransientKind({ kind, message: undefined, status: undefined })).toBe(expected);
  });
});

describe('mappedOptions', () => {
  const recognition = (status: number | undefined): Recognition => ({ kind: 'unknown', message: undefined, status });

  it('takes the status the value carried over the one in the context', () => {
    const value = new Error('x');
    expect(mappedOptions(value, recognition(502), { status: 500, toolName: 'search' })).toEqual({
      status: 502,
      toolName: 'search',
      cause: value,
    });
  });

  it('falls back to the context status when the value carried none', () => {
    expect(mappedOptions('boom', recognition(undefined), { status: 503 })).toEqual({ status: 503, cause: 'boom' });
  });

  it('leaves the status undefined when neither has one, and works without a context', () => {
    const options = mappedOptions(null, recognition(undefined), undefined);
    expect(options).toEqual({ status: undefined, cause: null });
    expect(Object.hasOwn(options, 'cause')).toBe(true);
  });
});

describe('every family keeps the status a foreign value carried', () => {
  it.each([
    ['ToolError', () => ToolError.from(Object.assign(new Error('upstream'), { status: 502 }))],
    ['UnknownError', () => UnknownError.from(Object.assign(new Error('upstream'), { statusCode: 502 }))],
  ] as const)('%s.from copies status 502', (_name, make) => {
    expect(make().status).toBe(502);
  });
});
