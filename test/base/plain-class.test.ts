/**
 * Constructors of yours (issue #28): below `subclass`, a constructor of your own runs once per `new`
 * and faultline never calls it; a class written without `subclass` (the "plain class", as 0.2's way
 * of writing one now is) works as JavaScript says, serializes its own fields, reads back as its
 * family, and is refused by registerErrorClass with the subclass line to write.
 */
import { describe, expect, it } from 'vitest';
import {
  deserializeError, FaultlineError, normalizeError, registerErrorClass, serializeError, StorageError, ToolError, type ToolErrorOptions,
} from '../../src/index.js';

describe('a constructor of yours below subclass', () => {
  it('runs exactly once per new, with the arguments given, never with undefined ones from faultline', () => {
    const calls: unknown[][] = [];
    class CountedError extends ToolError.subclass('CountedError', { code: 'COUNTED', fields: { attempt: 'whole' } }) {
      constructor(message: string, attempt: number) {
        calls.push([message, attempt]);
        super(message, { attempt });
      }
    }
    const first = new CountedError('first', 1);
    expect(calls).toEqual([['first', 1]]);
    new CountedError('second', 2);
    expect(calls).toEqual([['first', 1], ['second', 2]]);
    expect([first.attempt, first.code, first.message]).toEqual([1, 'COUNTED', 'first']);
    // Nothing faultline does with an error of the class runs it again.
    const json = serializeError(first);
    serializeError(first);
    normalizeError(first);
    String(first);
    expect(deserializeError(json, { classes: [CountedError] })).toBeInstanceOf(CountedError);
    const unregister = registerErrorClass(CountedError);
    try {
      expect(deserializeError(json)).toBeInstanceOf(CountedError);
    } finally {
      unregister();
    }
    expect(calls).toHaveLength(2);
  });

  it('that requires its arguments is never called without them: not at its first construction, not when an error is read back', () => {
    let built = 0;
    class StrictError extends ToolError.subclass('StrictError', { fields: { amountCents: 'whole' } }) {
      constructor(options: { readonly amountCents: number }) {
        if (typeof (options as unknown) !== 'object') throw new TypeError('options are required');
        super(options);
        built += 1;
      }
    }
    const json = { name: 'StrictError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false, amountCents: 5 };
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- deserializeError rebuilds the class without running its constructor, by design
    const back = deserializeError(json, { classes: [StrictError] }) as StrictError;
    expect([built, back.amountCents]).toEqual([0, 5]);
    expect(new StrictError({ amountCents: 5 }).amountCents).toBe(5);
    expect(built).toBe(1);
  });

  it('may pass options to super, default a parameter, or keep its own class state', () => {
    class GitToolError extends ToolError.subclass('GitToolError', {}) {
      readonly kind = 'vcs';
      constructor(message?: string, options?: ToolErrorOptions) {
        super(message, { toolName: 'git', retryable: true, ...options });
      }
    }
    class UpstreamError extends ToolError.subclass('UpstreamError', {}) {
      constructor(url = 'unknown', status = 500) {
        super(`${url} failed`, { status });
      }
    }
    const git = new GitToolError('x');
    expect([git.toolName, git.retryable, git.kind]).toEqual(['git', true, 'vcs']);
    expect(new UpstreamError('https://a.test', 502).status).toBe(502);
    expect(new UpstreamError().message).toBe('unknown failed');
  });

  it('reads new.target as the class itself', () => {
    class TargetError extends ToolError.subclass('TargetError', { code: 'TARGET' }) {
      readonly target: unknown;
      constructor() {
        super();
        this.target = new.target;
      }
    }
    expect(new TargetError().target).toBe(TargetError);
  });
});

describe('a class written without subclass (a plain class)', () => {
  class HttpError extends ToolError {
    override readonly code = 'HTTP_FAILED';
    readonly kind = 'http';
    constructor(message: string, public readonly statusText: string, override readonly status: number) {
      super(message);
    }
  }

  it('runs its constructor once per new, and holds what its parameter properties and class fields say', () => {
    let runs = 0;
    class CountedPlainError extends ToolError {
      constructor(message?: string) {
        super(message);
        runs += 1;
      }
    }
    new CountedPlainError('first');
    expect(runs).toBe(1);
    new CountedPlainError('second');
    expect(runs).toBe(2);
    const error = new HttpError('Upstream failed', 'Bad Gateway', 502);
    expect([error.code, error.kind, error.statusText, error.status]).toEqual(['HTTP_FAILED', 'http', 'Bad Gateway', 502]);
    expect(error).toBeInstanceOf(ToolError);
  });

  it('has its family’s defaults', () => {
    class BareToolError extends ToolError {}
    const error = new BareToolError();
    expect([error.code, error.category, error.message, error.retryable]).toEqual(['TOOL_ERROR', 'TOOL', 'The tool call failed', false]);
    expect(error).toBeInstanceOf(BareToolError);
    expect(new ToolError() instanceof BareToolError).toBe(false);
  });

  // Failed against eee4187, where a plain class's errors took the name of the nearest declared class
  // ('ToolError', or 'FaultlineError' right below the base); fixed in ac020f0.
  it('is named by JavaScript: its errors print, serialize and read back under the class’s own name', () => {
    class BareToolError extends ToolError {}
    const error = new BareToolError();
    expect(error.name).toBe('BareToolError');
    expect(error.toString()).toBe('BareToolError [TOOL_ERROR]: The tool call failed');
    expect(error.stack?.startsWith('BareToolError: The tool call failed\n')).toBe(true);
    expect(serializeError(new HttpError('Upstream failed', 'Bad Gateway', 502)).name).toBe('HttpError');
    class LedgerError extends FaultlineError {
      override readonly category = 'STORAGE';
    }
    expect(deserializeError(serializeError(new LedgerError('x'))).name).toBe('LedgerError');
  });

  it('writes its own enumerable fields to JSON', () => {
    const json = serializeError(new HttpError('Upstream failed', 'Bad Gateway', 502));
    expect({ ...json, name: undefined }).toEqual({
      name: undefined, code: 'HTTP_FAILED', category: 'TOOL', message: 'Upstream failed', retryable: false, status: 502,
      kind: 'http', statusText: 'Bad Gateway',
    });
    expect(Object.keys(json)).toEqual(['name', 'code', 'category', 'message', 'retryable', 'status', 'kind', 'statusText']);
  });

  it('reads back as its family (by category), with its name, code and fields kept', () => {
    const json = JSON.stringify(serializeError(new HttpError('Upstream failed', 'Bad Gateway', 502)));
    const back = deserializeError(json);
    expect(Object.getPrototypeOf(back)).toBe(ToolError.prototype);
    expect(back instanceof HttpError).toBe(false);
    expect([back.name, back.code, back.status]).toEqual([(JSON.parse(json) as { name: string }).name, 'HTTP_FAILED', 502]);
    expect(back as unknown).toMatchObject({ kind: 'http', statusText: 'Bad Gateway' });
    expect(JSON.stringify(back)).toBe(json);
  });

  it('right below FaultlineError reads back as the family of the category it sets', () => {
    class LedgerError extends FaultlineError {
      override readonly category = 'STORAGE';
      override readonly code = 'LEDGER';
    }
    const back = deserializeError(serializeError(new LedgerError('x')));
    expect(Object.getPrototypeOf(back)).toBe(StorageError.prototype);
    expect([back.code, back.category]).toEqual(['LEDGER', 'STORAGE']);
  });

  it('is refused by registerErrorClass and by deserializeError’s classes, with the subclass line to write', () => {
    expect(() => registerErrorClass(HttpError)).toThrow(
      new TypeError(
        'registerErrorClass: HttpError is written without subclass, so it has no declared name to be read back by (a minifier renames the class), ' +
          "and its errors read back as ToolError. Declare it: class HttpError extends ToolError.subclass('HttpError', { code: ..., fields: ... }) {}.",
      ),
    );
    expect(() => deserializeError({ name: 'HttpError', code: 'X', category: 'TOOL', message: 'x', retryable: false }, { classes: [HttpError] })).toThrow(
      "class HttpError extends ToolError.subclass('HttpError', { code: ..., fields: ... }) {}",
    );
  });

  it('is 0.2’s way of declaring a class, now a plain class: static defaults are a static like any other, read by nothing', () => {
    class LegacyError extends ToolError {
      static readonly defaults = { name: 'LegacyError', code: 'LEGACY', fields: { amount: 'whole' } };
    }
    const error = new LegacyError({ amount: 3 } as ToolErrorOptions);
    expect([error.code, error.details]).toEqual(['TOOL_ERROR', { amount: 3 }]);
    expect(() => registerErrorClass(LegacyError)).toThrow("Declare it: class LegacyError extends ToolError.subclass('LegacyError'");
  });

  it('below a class made by subclass, inherits its declared fields and is matched by its prototype only', () => {
    class ChargeError extends ToolError.subclass('ChargeError', { fields: { chargeId: 'string' } }) {}
    class PlainChargeError extends ChargeError {}
    const error = new PlainChargeError({ chargeId: 'ch_1' });
    expect(error.chargeId).toBe('ch_1');
    expect(error).toBeInstanceOf(ChargeError);
    expect(new ChargeError() instanceof PlainChargeError).toBe(false);
  });
});
