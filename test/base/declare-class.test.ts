/**
 * What a declaration writes (src/base/declare-class.ts, installRoot in src/base/faultline-error.ts):
 * the prototype of the class `subclass` and `builtInClass` return holds the name, code, defaults,
 * field table and declared name; the abstract base's defaults, brand and inspect hook are written on
 * first use; and declaring classes keeps no process-wide state.
 */
import { describe, expect, it, vi } from 'vitest';
import { FIELD_TABLE } from '../../src/contract/class-fields.js';
import { CLASS_NAME, ERROR_BRAND } from '../../src/foundation/brand.js';
import { FaultlineError, ModelContextLengthError, ModelError, ModelRateLimitError, StorageError, ToolError, ToolTimeoutError, UnknownError } from '../../src/index.js';
import { BUILT_IN_CLASSES } from '../../src/read-back/class-registry.js';

const declaration = (cls: { readonly prototype: object }): Record<PropertyKey, unknown> =>
  Object.getPrototypeOf(cls.prototype) as Record<PropertyKey, unknown>;

describe('the declared prototype', () => {
  it('holds the declared name under CLASS_NAME, and every field its class and its ancestors declare', () => {
    class ChargeError extends ToolError.subclass('ChargeError', { fields: { chargeId: 'string' } }) {}
    class RefundError extends ChargeError.subclass('RefundError', { fields: { refundId: 'whole' } }) {}
    expect(declaration(RefundError)[CLASS_NAME]).toBe('RefundError');
    expect(declaration(RefundError)[FIELD_TABLE]).toEqual({ toolName: 'string', chargeId: 'string', refundId: 'whole' });
    expect(declaration(ChargeError)[FIELD_TABLE]).toEqual({ toolName: 'string', chargeId: 'string' });
    const own = Object.getOwnPropertyDescriptor(declaration(RefundError), CLASS_NAME);
    expect(own?.enumerable).toBe(false);
  });

  it('of every built-in class holds its name and its code, as a class of yours does', () => {
    for (const cls of BUILT_IN_CLASSES) {
      const proto = declaration(cls);
      expect(proto[CLASS_NAME]).toBe(cls.name);
      expect(Object.hasOwn(proto, 'code')).toBe(true);
      expect((Object.getPrototypeOf(cls) as { readonly name: string }).name).toBe(cls.name);
    }
    expect(declaration(ToolTimeoutError)[FIELD_TABLE]).toEqual({ toolName: 'string', timeoutMs: 'whole' });
    expect(declaration(ModelError)[FIELD_TABLE]).toEqual({ provider: 'string', model: 'string', outputStarted: 'boolean', usage: 'usage' });
    expect(declaration(ModelRateLimitError)[FIELD_TABLE]).toEqual({ provider: 'string', model: 'string', outputStarted: 'boolean', usage: 'usage', rateLimit: 'rateLimit' });
    expect(declaration(ModelContextLengthError)[FIELD_TABLE]).toEqual({
      provider: 'string', model: 'string', outputStarted: 'boolean', usage: 'usage', requestedTokens: 'whole', maxContextTokens: 'whole',
    });
  });

  it('writes a computed retryable as an enumerable getter, which setting turns into an own plain field', () => {
    class RuleError extends StorageError.subclass('RuleError', { retryable: (error) => error.status === 503 }) {}
    const descriptor = Object.getOwnPropertyDescriptor(declaration(RuleError), 'retryable');
    expect([typeof descriptor?.get, descriptor?.enumerable]).toEqual(['function', true]);
    const error = new RuleError({ retryable: true });
    expect(Object.getOwnPropertyDescriptor(error, 'retryable')?.value).toBe(true);
  });
});

describe('the abstract base', () => {
  it('has its defaults, its brand and its inspect hook on its prototype once an error was built, none of them in the class body', () => {
    new UnknownError();
    const proto = FaultlineError.prototype as unknown as Record<PropertyKey, unknown>;
    expect([proto.name, proto.code, proto.category, proto.message, proto.retryable]).toEqual(['FaultlineError', 'FAULTLINE_ERROR', 'UNKNOWN', 'An error occurred', false]);
    expect(proto[ERROR_BRAND]).toBe(true);
    expect(Object.getOwnPropertyDescriptor(proto, ERROR_BRAND)?.enumerable).toBe(false);
    expect(typeof proto[Symbol.for('nodejs.util.inspect.custom')]).toBe('function');
    // The abstract base declares no class name: a class right below it starts a family.
    expect(Object.hasOwn(proto, CLASS_NAME)).toBe(false);
  });

  it('is installed by a fresh copy of faultline on its first construction, not when it is loaded or a class is declared', async () => {
    vi.resetModules();
    const copy = (await import('../../src/index.js'));
    expect(copy.FaultlineError).not.toBe(FaultlineError);
    const proto = copy.FaultlineError.prototype;
    expect(Reflect.ownKeys(proto).sort()).toEqual(['constructor', 'toJSON', 'toString']);
    const Declared = copy.ToolError.subclass('DeclaredError', { code: 'DECLARED' });
    expect(Reflect.ownKeys(proto).sort()).toEqual(['constructor', 'toJSON', 'toString']);
    new Declared();
    expect((proto as unknown as Record<PropertyKey, unknown>)[ERROR_BRAND]).toBe(true);
    expect(proto.code).toBe('FAULTLINE_ERROR');
  });
});
