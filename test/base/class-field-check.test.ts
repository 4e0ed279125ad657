import { describe, expect, it } from 'vitest';
import {
  deserializeError, ToolError, type ErrorDefaults, type FieldOptionsOf, type FieldsOf, type ToolErrorOptions,
} from '../../src/index.js';

interface ChargeOptions extends ToolErrorOptions {
  readonly amountCents?: number | undefined;
}

describe('a field written as a class field instead of with declare', () => {
  it('is refused at the first construction, with the fix, when the class lists it in fields', () => {
    class ChargeError extends ToolError<ChargeOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'ChargeError', code: 'CHARGE', fields: { amountCents: 'whole' } };
      readonly amountCents?: number;
    }
    const message =
      "ChargeError.amountCents is a class field, set after the constructor has read the options, so the option 'amountCents' is lost. " +
      'Write `declare readonly amountCents?: <type>;` (docs/extending.md).';
    expect(() => new ChargeError({ amountCents: 1200 })).toThrow(new TypeError(message));
    expect(() => new ChargeError({ amountCents: 1200 })).toThrow(TypeError); // and at every construction after
  });

  it('is not seen when the class does not list it: the option is kept under details, as for any option the class does not know', () => {
    class RefundError extends ToolError<ChargeOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'RefundError', code: 'REFUND' };
      readonly amountCents?: number;
    }
    const error = new RefundError({ amountCents: 1200 });
    expect([error.amountCents, error.details]).toEqual([undefined, { amountCents: 1200 }]);
  });

  it('is refused when it hides a field every error has', () => {
    class CodedError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'CodedError' };
      override readonly code = 'MY_CODE';
    }
    expect(() => new CodedError()).toThrow(
      "CodedError.code is a class field, set after the constructor has read the options, so the option 'code' is lost. Write `declare readonly code?: <type>;` (docs/extending.md).",
    );
  });

  it('lets a class field of another name through, with a value or without (the class’s own state)', () => {
    class KindError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'KindError' };
      readonly kind = 'payment';
      summary: string | undefined;
    }
    const error = new KindError();
    expect([error.kind, error.summary]).toEqual(['payment', undefined]);
  });

  it('lets a constructor of yours pass options to super, default a parameter, or assign a field it lists', () => {
    interface AttemptOptions extends ToolErrorOptions {
      readonly attempt?: number | undefined;
    }
    class GitToolError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'GitToolError' };
      constructor(message?: string, options?: ToolErrorOptions) {
        super(message, { toolName: 'git', retryable: true, ...options });
      }
    }
    class UpstreamError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'UpstreamError' };
      constructor(url = 'unknown', status = 500) {
        super(`${url} failed`, { status });
      }
    }
    class AttemptError extends ToolError<AttemptOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'AttemptError', fields: { attempt: 'whole' } };
      declare readonly attempt?: number;
      constructor(message: string, attempt: number) {
        super(message);
        (this as { attempt?: number }).attempt = attempt;
      }
    }
    expect([new GitToolError('x').toolName, new GitToolError('x').retryable]).toEqual(['git', true]);
    expect(new UpstreamError('https://a.test', 502).status).toBe(502);
    expect(new AttemptError('x', 3).toJSON().attempt).toBe(3);
  });

  it('lets a TypeScript parameter property through: a field, then an assignment that keeps the value', () => {
    class HttpError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'HttpError', code: 'HTTP' };
      constructor(message: string, public readonly statusText: string, override readonly status: number) {
        super(message);
      }
    }
    const error = new HttpError('x', 'Bad Gateway', 502);
    expect([error.status, error.statusText, error.toJSON().status]).toEqual([502, 'Bad Gateway', 502]);
  });

  it('refuses a class field named name, with where the name is set', () => {
    class NamedFieldError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'NamedFieldError' };
      override readonly name = 'PaymentError';
    }
    expect(() => new NamedFieldError()).toThrow(
      "NamedFieldError.name is a class field: the class's name is set in its defaults, static override readonly defaults: ErrorDefaults = { name: '...', ... } (docs/extending.md).",
    );
  });

  it('reads new.target as the class itself, and checks no class whose constructor returns another object', () => {
    class CodeFromStatics extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'CodeFromStatics', code: 'STATICS' };
      constructor(message?: string, options?: ToolErrorOptions) {
        super(message ?? new.target.defaults.code, options);
      }
    }
    class HidesCode extends CodeFromStatics {
      static override readonly defaults: ErrorDefaults = { name: 'HidesCode' };
      override readonly code = 'X';
    }
    expect(() => new HidesCode()).toThrow('HidesCode.code is a class field');
    const cached = new ToolError('cached', { status: 1 });
    class Cached extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'CachedError' };
      constructor(message?: string) {
        super(message);
        // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the case under test: a constructor that returns another object
        if (message === undefined) return cached;
      }
    }
    expect(new Cached('x').message).toBe('x');
  });

  it('keeps the value of a field declared with declare', () => {
    class DeclaredChargeError extends ToolError<ChargeOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'DeclaredChargeError', fields: { amountCents: 'whole' } };
      declare readonly amountCents?: number;
    }
    const error = new DeclaredChargeError({ amountCents: 1200 });
    expect([error.amountCents, error.toJSON().amountCents]).toEqual([1200, 1200]);
  });

  it('keeps every value of fields declared by one table and interfaces, extending.md’s way', () => {
    const TABLE = { amountCents: 'whole', currency: 'string' } as const;
    interface TableOptions extends ToolErrorOptions, FieldOptionsOf<typeof TABLE> {}
    // eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the instance's fields
    interface TableChargeError extends FieldsOf<typeof TABLE> {}
    // eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
    class TableChargeError extends ToolError<TableOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'TableChargeError', code: 'TABLE_CHARGE', fields: TABLE };
    }
    const error = new TableChargeError({ amountCents: 1200.4, currency: 'EUR', toolName: 'charge' });
    expect([error.amountCents, error.currency, error.details]).toEqual([1200, 'EUR', undefined]);
    expect(error.toJSON()).toEqual({
      name: 'TableChargeError', code: 'TABLE_CHARGE', category: 'TOOL', message: 'The tool call failed', retryable: false,
      amountCents: 1200, currency: 'EUR', toolName: 'charge',
    });
  });

  it('runs a constructor of yours once more at the first construction only: the probe', () => {
    let runs = 0;
    class CountedError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'CountedError' };
      constructor(message?: string) {
        super(message);
        runs += 1;
      }
    }
    new CountedError('first');
    expect(runs).toBe(2);
    new CountedError('second');
    expect(runs).toBe(3);
  });

  it('checks no class whose constructor requires its arguments, and never runs when an error is read back', () => {
    let built = 0;
    class StrictError extends ToolError<ChargeOptions> {
      static override readonly defaults: ErrorDefaults = { name: 'StrictError', fields: { amountCents: 'whole' } };
      declare readonly amountCents?: number;
      constructor(options?: ChargeOptions) {
        if (options === undefined) throw new TypeError('options are required');
        super(options);
        built += 1;
      }
    }
    deserializeError({ name: 'StrictError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false }, { classes: [StrictError] });
    expect(built).toBe(0);
    expect(new StrictError({ amountCents: 5 }).amountCents).toBe(5);
    expect(built).toBe(1);
  });
});
