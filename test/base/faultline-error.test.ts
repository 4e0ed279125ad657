import { describe, expect, it } from 'vitest';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError,
  AuthorizationError, FaultlineError, isFaultlineError, ModelApiError, ModelContextLengthError, ModelError,
  ModelRateLimitError, ModelTimeoutError, SecurityError, serializeError, StorageError, TimeoutError, ToolError,
  ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError, UnknownError,
  ValidationError, type FaultlineErrorOptions, type ToolErrorOptions,
} from '../../src/index.js';
import { revokedProxy, throwingProxy } from '../hardening/hostile.js';

// Every concrete built-in class with the options type its constructor takes at most; used where a
// rule holds for all of them (construction never throws).
type AnyErrorClass = new (message?: string, options?: FaultlineErrorOptions) => FaultlineError;
const ALL_CLASSES: readonly AnyErrorClass[] = [
  ModelError, ModelRateLimitError, ModelTimeoutError, ModelApiError, ModelContextLengthError,
  ToolError, ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError,
  AgentError, AgentMaxIterationsError, AgentStateError, AgentAbortedError,
  StorageError, SecurityError, AuthError, AuthenticationError, AuthorizationError,
  ValidationError, TransientError, TimeoutError, UnknownError,
];

describe('FaultlineError is abstract', () => {
  it('throws a TypeError when constructed directly at run time', () => {
    expect((): unknown => Reflect.construct(FaultlineError, ['x'])).toThrow(TypeError);
    expect((): unknown => Reflect.construct(FaultlineError, [])).toThrow(/abstract/);
  });

  it('lets a subclass be constructed', () => {
    expect(new ToolError()).toBeInstanceOf(FaultlineError);
  });
});

describe('the message', () => {
  it('is the one given', () => {
    expect(new ToolError('The tool broke').message).toBe('The tool broke');
  });

  it('is the class default when none is given, or null is given', () => {
    expect(new ToolNotFoundError().message).toBe('The requested tool is not registered');
    expect(new ToolNotFoundError(null).message).toBe('The requested tool is not registered');
  });

  it('stays empty when the empty string is given', () => {
    expect(new ToolError('').message).toBe('');
  });

  it('is the string form of a non-string message', () => {
    expect(new ToolError(42 as unknown as string).message).toBe('42');
  });

  it('is the string form of a Symbol message, without throwing', () => {
    expect(new ToolError(Symbol('s') as unknown as string).message).toBe('Symbol(s)');
  });

  it('falls back to the default when the message cannot be turned into a string', () => {
    const hostile = {
      toString(): string {
        throw new Error('no string');
      },
    };
    expect(new ToolError(hostile as unknown as string).message).toBe('The tool call failed');
    expect(new ToolError(Object.create(null) as string).message).toBe('The tool call failed');
  });

  it('is an own property only when given, so the default is read from the class', () => {
    expect(Object.hasOwn(new ToolError(), 'message')).toBe(false);
    expect(Object.hasOwn(new ToolError('x'), 'message')).toBe(true);
  });
});

describe('options', () => {
  const options = {
    code: 'CUSTOM_CODE',
    retryable: true,
    retryAfterMs: 1500,
    status: 502,
    requestId: 'req_123',
    recommendations: ['Retry later', 'Check the tool logs'],
    details: { attempt: 2, operation: 'search', nested: { ok: true } },
  } satisfies FaultlineErrorOptions;

  it('override every default field', () => {
    const error = new ToolNotFoundError('m', options);
    expect(error.code).toBe('CUSTOM_CODE');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(1500);
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('req_123');
    expect(error.recommendations).toEqual(['Retry later', 'Check the tool logs']);
    expect(error.details).toEqual({ attempt: 2, operation: 'search', nested: { ok: true } });
  });

  it('turn a default retryable off', () => {
    expect(new ToolTimeoutError(undefined, { retryable: false }).retryable).toBe(false);
  });

  it('leave the defaults when absent, undefined or null', () => {
    for (const given of [undefined, {}, { code: undefined, retryable: undefined }, null]) {
      const error = new ToolTimeoutError(undefined, given);
      expect(error.code).toBe('TOOL_TIMEOUT');
      expect(error.retryable).toBe(true);
      expect(error.retryAfterMs).toBeUndefined();
    }
  });

  it('become own fields of the instance, while defaults stay on the class', () => {
    const error = new ToolError('x', { toolName: 'search', retryable: true });
    expect(Object.keys(error).sort()).toEqual(['retryable', 'toolName']);
    expect(Object.hasOwn(new ToolError(), 'code')).toBe(false);
  });

  it('do not leak from one instance into the next', () => {
    const first = new ToolError('x', { code: 'FIRST', toolName: 'a' });
    const second = new ToolError('y');
    expect(first.code).toBe('FIRST');
    expect(second.code).toBe('TOOL_ERROR');
    expect(second.toolName).toBeUndefined();
  });
});

describe('numeric options', () => {
  const invalid: readonly (readonly [string, unknown])[] = [
    ['NaN', Number.NaN],
    ['-1', -1],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ["the string '5'", '5'],
  ];
  // Each numeric field, with a class that has it.
  const fields: readonly (readonly [string, AnyErrorClass])[] = [
    ['retryAfterMs', ToolError],
    ['status', ToolError],
    ['timeoutMs', ToolTimeoutError],
    ['timeoutMs', ModelTimeoutError],
    ['timeoutMs', TimeoutError],
    ['maxIterations', AgentMaxIterationsError],
  ];

  for (const [field, Class] of fields) {
    // A retryAfterMs past the whole numbers is kept as the largest (see below), not dropped.
    const dropped = field === 'retryAfterMs' ? invalid.filter(([label]) => label !== 'Infinity') : invalid;
    it.each(dropped)(`drops %s as ${field} of ${Class.name}`, (_label, value) => {
      const error = new Class('x', { [field]: value });
      expect(Object.hasOwn(error, field)).toBe(false);
      expect((error as unknown as Record<string, unknown>)[field]).toBeUndefined();
    });

    it.each([
      [2.4, 2],
      [2.5, 3],
      [0, 0],
      [30_000, 30_000],
    ])(`rounds %s to %s as ${field} of ${Class.name}`, (value, expected) => {
      const error = new Class('x', { [field]: value });
      expect((error as unknown as Record<string, unknown>)[field]).toBe(expected);
    });
  }

  it.each([
    ['1e308', 1e308],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['2 ** 60', 2 ** 60],
  ])('keeps a retryAfterMs of %s, a delay no timer can wait, as Number.MAX_SAFE_INTEGER', (_label, value) => {
    expect(new ToolError('x', { retryAfterMs: value }).retryAfterMs).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('drops a status past the whole numbers', () => {
    expect(Object.hasOwn(new ToolError('x', { status: 1e308 }), 'status')).toBe(false);
  });

  it('keeps the class default status when the given one is invalid', () => {
    expect(new AuthenticationError(undefined, { status: Number.NaN }).status).toBe(401);
    expect(new AuthenticationError(undefined, { status: -401 }).status).toBe(401);
  });
});

describe('building never throws', () => {
  const throwingGetter = {
    toolName: 'kept',
    get code(): string {
      throw new Error('getter');
    },
    get retryable(): boolean {
      throw new Error('getter');
    },
    get cause(): unknown {
      throw new Error('getter');
    },
  };

  const hostileOptions: readonly (readonly [string, () => unknown])[] = [
    ['options with throwing getters', () => throwingGetter],
    ['a revoked Proxy as options', revokedProxy],
    ['a Proxy that throws on every trap as options', throwingProxy],
    ['a string as options', () => 'options'],
  ];

  for (const Class of ALL_CLASSES) {
    it.each(hostileOptions)(`builds ${Class.name} from %s`, (_label, make) => {
      const build = (): FaultlineError => new Class('still built', make() as never);
      expect(build).not.toThrow();
      const error = build();
      expect(error).toBeInstanceOf(Class);
      expect(error.message).toBe('still built');
      expect(typeof error.code).toBe('string');
      expect(Object.hasOwn(error, 'cause')).toBe(false);
    });
  }

  it('skips a throwing getter and keeps the other options', () => {
    const error = new ToolError('x', throwingGetter);
    expect(error.toolName).toBe('kept');
    expect(error.code).toBe('TOOL_ERROR');
    expect(error.retryable).toBe(false);
  });
});

describe('cause', () => {
  it('is kept as the standard non-enumerable own cause, by reference', () => {
    const original = new Error('root');
    const error = new ToolExecutionError('wrapped', { cause: original });
    expect(Object.getOwnPropertyDescriptor(error, 'cause')).toEqual({
      value: original, writable: true, enumerable: false, configurable: true,
    });
    expect(Object.keys(error)).not.toContain('cause');
  });

  it('keeps any value as cause, even a falsy one', () => {
    expect(new ToolError('x', { cause: 0 }).cause).toBe(0);
    expect(Object.hasOwn(new ToolError('x', { cause: undefined }), 'cause')).toBe(true);
  });

  it('is absent when not given', () => {
    expect(Object.hasOwn(new ToolError('x', {}), 'cause')).toBe(false);
    expect(Object.hasOwn(new ToolError('x'), 'cause')).toBe(false);
  });
});

describe('keys an options object cannot set', () => {
  it('ignores name, category, message, stack, constructor, then and __proto__', () => {
    // JSON.parse makes `__proto__` an own key, as a request body would.
    const options = JSON.parse(
      '{"name":"Evil","category":"MODEL","message":"evil","stack":"evil stack","constructor":"evil","then":"evil","__proto__":{"polluted":true},"toolName":"ok"}',
    ) as ToolErrorOptions;
    const error = new ToolNotFoundError('real message', options);
    expect(error.name).toBe('ToolNotFoundError');
    expect(error.category).toBe('TOOL');
    expect(error.message).toBe('real message');
    expect(error.stack?.startsWith('ToolNotFoundError: real message')).toBe(true);
    expect(error.constructor).toBe(ToolNotFoundError);
    expect(Object.getPrototypeOf(error)).toBe(ToolNotFoundError.prototype);
    expect(error.toolName).toBe('ok');
    expect(Object.keys(error)).toEqual(['toolName']);
    expect('then' in error).toBe(false);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect((error as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('toString', () => {
  it('reads "Name [CODE]: message"', () => {
    const error = new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete' });
    expect(error.toString()).toBe("ToolNotFoundError [TOOL_NOT_FOUND]: Tool 'delete' is not registered");
    expect(String(error)).toBe("ToolNotFoundError [TOOL_NOT_FOUND]: Tool 'delete' is not registered");
  });

  it('leaves the colon out when the message is empty', () => {
    expect(new ToolNotFoundError('').toString()).toBe('ToolNotFoundError [TOOL_NOT_FOUND]');
  });

  it('uses the default message and an overridden code', () => {
    expect(new ToolError(undefined, { code: 'X_Y' }).toString()).toBe('ToolError [X_Y]: The tool call failed');
  });
});

describe('stack', () => {
  it('starts with the class name and the message', () => {
    expect(new ModelRateLimitError('Slow down').stack?.startsWith('ModelRateLimitError: Slow down\n')).toBe(true);
  });

  it('starts with the class name and the default message when none is given', () => {
    expect(new StorageError().stack?.startsWith('StorageError: The store operation failed\n')).toBe(true);
  });

  it('holds on the very first construction of a new subclass', () => {
    class FirstTimeError extends ToolError.subclass('FirstTimeError', { code: 'FIRST_TIME', message: 'First' }) {}
    expect(new FirstTimeError().stack?.startsWith('FirstTimeError: First\n')).toBe(true);
  });
});

describe('the brand', () => {
  it('marks every instance through the prototype, costing the instance no own property', () => {
    const error = new ToolError();
    expect(isFaultlineError(error)).toBe(true);
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
  });
});

describe('instanceof', () => {
  it('is false for values that are not faultline errors', () => {
    for (const value of [null, undefined, 'ToolError', 1, {}, new Error('x'), ToolError]) {
      expect(value instanceof ToolError).toBe(false);
      expect(value instanceof FaultlineError).toBe(false);
    }
  });

  it('is false for a plain object that copies name, code and category', () => {
    const copy = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false };
    expect(copy instanceof ToolError).toBe(false);
    expect(copy instanceof FaultlineError).toBe(false);
  });

  it('does not throw on a revoked Proxy', () => {
    const value = revokedProxy();
    expect(() => value instanceof ToolError).not.toThrow();
    expect(() => value instanceof FaultlineError).not.toThrow();
  });

  it('does not throw on a Proxy that throws on every trap', () => {
    const value = throwingProxy();
    expect(() => value instanceof ToolError).not.toThrow();
  });
});

describe('toJSON', () => {
  it('gives the same as serializeError', () => {
    const error = new ToolNotFoundError("Tool 'delete' is not registered", { toolName: 'delete', retryAfterMs: 10 });
    expect(error.toJSON()).toEqual(serializeError(error));
    expect(JSON.stringify(error)).toBe(JSON.stringify(serializeError(error)));
  });
});
