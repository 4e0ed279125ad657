import { describe, expect, it } from 'vitest';
import { ToolError, UnknownError } from '../../src/index.js';
import type { Recognition } from '../../src/recognition/recognize.js';
import { isTransientKind, mappedOptions } from '../../src/recognition/mapped-options.js';

describe('isTransientKind', () => {
  it.each([
    ['network', true], ['timeout', true], ['aborted', false], ['unknown', false],
  ] as const)('says a %s failure may succeed on another try: %s', (kind, expected) => {
    expect(isTransientKind({ kind, message: undefined, status: undefined, issues: undefined })).toBe(expected);
  });
});

describe('mappedOptions', () => {
  const recognition = (status: number | undefined): Recognition => ({ kind: 'unknown', message: undefined, status, issues: undefined });

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
