import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainHasClass, CLASS_IDENTITY, CLASS_NAME, ERROR_BRAND, hasFaultlineBrand } from '../../src/foundation/brand.js';
import { ToolError, ToolTimeoutError } from '../../src/index.js';
import type * as FaultlineModule from '../../src/index.js';
import type { ErrorDefaults, FaultlineError, ToolErrorOptions } from '../../src/index.js';
import { revokedProxy } from '../hardening/hostile.js';

type Faultline = typeof FaultlineModule;

describe('hasFaultlineBrand', () => {
  it('is true for a faultline error and false for look-alikes', () => {
    expect(hasFaultlineBrand(new ToolError())).toBe(true);
    expect(hasFaultlineBrand(new Error('x'))).toBe(false);
    expect(hasFaultlineBrand({ name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL' })).toBe(false);
    expect(hasFaultlineBrand({ [ERROR_BRAND]: 'yes' })).toBe(false);
  });

  it.each([['null', null], ['a string', 'ToolError'], ['a number', 1], ['a revoked Proxy', revokedProxy()]])(
    'is false for %s without throwing',
    (_label, value) => {
      expect(hasFaultlineBrand(value)).toBe(false);
    },
  );

  it('uses the realm-wide symbols every copy shares', () => {
    expect(ERROR_BRAND).toBe(Symbol.for('faultline.error'));
    expect(CLASS_NAME).toBe(Symbol.for('faultline.className'));
    expect(CLASS_IDENTITY).toBe(Symbol.for('faultline.classIdentity'));
  });
});

/** chainHasClass with the identity given as it is. */
const has = (value: object, className: string, identity: string): boolean => chainHasClass(value, className, (given: string) => given, identity);

describe('chainHasClass', () => {
  it('computes the identity only where a prototype of the name has one to compare', () => {
    const error = new ToolTimeoutError();
    let computed = 0;
    const identityOf = (identity: string): string => {
      computed += 1;
      return identity;
    };
    expect(chainHasClass(error, 'ModelError', identityOf, 'ModelError<FaultlineError:MODEL_ERROR')).toBe(false);
    expect(computed).toBe(0);
    expect(chainHasClass(error, 'ToolError', identityOf, 'ToolError<FaultlineError:TOOL_ERROR')).toBe(true);
    expect(computed).toBe(1);
  });

  it('finds each class on the prototype chain by its declared name and identity, and nothing else', () => {
    const error = new ToolTimeoutError();
    expect(has(error, 'ToolTimeoutError', 'ToolTimeoutError<ToolError:TOOL_TIMEOUT')).toBe(true);
    expect(has(error, 'ToolError', 'ToolError<FaultlineError:TOOL_ERROR')).toBe(true);
    expect(has(error, 'FaultlineError', 'FaultlineError<:FAULTLINE_ERROR')).toBe(true);
    expect(has(error, 'ToolNotFoundError', 'ToolNotFoundError<ToolError:TOOL_NOT_FOUND')).toBe(false);
    expect(has(error, 'Error', 'Error<:')).toBe(false);
  });

  it('does not take a class of the same name with another parent or code for the one asked', () => {
    const error = new ToolTimeoutError();
    expect(has(error, 'ToolError', 'ToolError<StorageError:TOOL_ERROR')).toBe(false);
    expect(has(error, 'ToolError', 'ToolError<FaultlineError:MY_TOOL')).toBe(false);
  });

  it('compares by name alone a prototype of an older copy, which has no identity', () => {
    const older = Object.create(Object.create(Error.prototype, { [CLASS_NAME]: { value: 'ToolError' } }) as object) as object;
    expect(has(older, 'ToolError', 'ToolError<FaultlineError:TOOL_ERROR')).toBe(true);
  });

  it('does not throw on a revoked Proxy', () => {
    expect(has(revokedProxy(), 'ToolError', 'ToolError<FaultlineError:TOOL_ERROR')).toBe(false);
  });

  it('stops on a prototype chain longer than any faultline builds', () => {
    let deep: object = Object.create(null) as object;
    Object.defineProperty(deep, CLASS_NAME, { value: 'Deep' });
    for (let step = 0; step < 100; step++) deep = Object.create(deep) as object;
    expect(has(deep, 'Deep', 'Deep<:')).toBe(false);
  });
});

// Issue #2's hierarchy, written out: every built-in class and its ancestors below FaultlineError.
const HIERARCHY: Readonly<Record<string, readonly string[]>> = {
  ModelError: [],
  ModelRateLimitError: ['ModelError'],
  ModelTimeoutError: ['ModelError'],
  ModelApiError: ['ModelError'],
  ModelContextLengthError: ['ModelError'],
  ModelQuotaExceededError: ['ModelError'],
  ModelContentFilterError: ['ModelError'],
  ToolError: [],
  ToolNotFoundError: ['ToolError'],
  ToolPermissionError: ['ToolError'],
  ToolExecutionError: ['ToolError'],
  ToolTimeoutError: ['ToolError'],
  AgentError: [],
  AgentMaxIterationsError: ['AgentError'],
  AgentStateError: ['AgentError'],
  AgentAbortedError: ['AgentError'],
  StorageError: [],
  SecurityError: [],
  AuthError: [],
  AuthenticationError: ['AuthError'],
  AuthorizationError: ['AuthError'],
  ValidationError: [],
  TransientError: [],
  TimeoutError: [],
  UnknownError: [],
};
const CLASS_NAMES = Object.keys(HIERARCHY);
const ALL_NAMES = [...CLASS_NAMES, 'FaultlineError'];

type Concrete = new (message?: string, options?: object) => FaultlineError;

function classOf(copy: Faultline, name: string): Concrete {
  const value = (copy as unknown as Record<string, unknown>)[name];
  if (typeof value !== 'function') throw new Error(`the build does not export ${name}`);
  return value as Concrete;
}

describe('instanceof across the ESM and the CJS build', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const esmPath = `${root}dist/index.js`;
  const cjsPath = `${root}dist/index.cjs`;
  let esm: Faultline;
  let cjs: Faultline;

  beforeAll(async () => {
    if (!existsSync(esmPath) || !existsSync(cjsPath)) {
      throw new Error('dist/index.js or dist/index.cjs is missing: run `npm run build` before this test (npm test does).');
    }
    esm = (await import(pathToFileURL(esmPath).href)) as Faultline;
    cjs = createRequire(import.meta.url)(cjsPath) as Faultline;
  });

  it('loads two distinct copies', () => {
    expect(esm.ToolError).not.toBe(cjs.ToolError);
    expect(esm.FaultlineError).not.toBe(cjs.FaultlineError);
  });

  const directions = [
    ['made by the ESM build, checked against the CJS build', 'esm'],
    ['made by the CJS build, checked against the ESM build', 'cjs'],
  ] as const;

  describe.each(directions)('an error %s', (_label, maker) => {
    const copies = (): readonly [Faultline, Faultline] => (maker === 'esm' ? [esm, cjs] : [cjs, esm]);

    it.each(CLASS_NAMES)('%s is an instance of exactly its own class and ancestors', (name) => {
      const [from, other] = copies();
      const error = new (classOf(from, name))('x');
      const ancestors = new Set([name, ...(HIERARCHY[name] ?? []), 'FaultlineError']);
      for (const candidate of ALL_NAMES) {
        const OtherClass = (other as unknown as Record<string, unknown>)[candidate] as abstract new () => unknown;
        expect({ candidate, is: error instanceof OtherClass }).toEqual({ candidate, is: ancestors.has(candidate) });
      }
      expect(error).toBeInstanceOf(Error);
    });

    it.each(CLASS_NAMES)('%s is a faultline error to the other copy and comes back from its mappers as is', (name) => {
      const [from, other] = copies();
      const error = new (classOf(from, name))('x');
      expect(other.isFaultlineError(error)).toBe(true);
      expect(other.normalizeError(error)).toBe(error);
      expect(other.ToolError.from(error)).toBe(error);
      expect(other.ModelError.from(error)).toBe(error);
    });
  });

  it('keeps a user subclass defined against the CJS build an instance of the ESM build’s classes', () => {
    class PaymentDeclinedError extends cjs.ToolError {
      static override readonly defaults = { name: 'PaymentDeclinedError', code: 'PAYMENT_DECLINED' } satisfies ErrorDefaults;
    }
    const error = new PaymentDeclinedError('declined', { toolName: 'charge' });
    expect(error instanceof esm.ToolError).toBe(true);
    expect(error instanceof esm.FaultlineError).toBe(true);
    expect(error instanceof esm.ModelError).toBe(false);
    expect(error instanceof esm.ToolTimeoutError).toBe(false);
    expect(esm.isFaultlineError(error)).toBe(true);
    expect(esm.normalizeError(error)).toBe(error);
  });

  it('keeps a user class defined once against each build an instance of the other, by its declared name', () => {
    class EsmRefundError extends esm.ToolError {
      static override readonly defaults = { name: 'RefundError', code: 'REFUND' } satisfies ErrorDefaults;
    }
    class CjsRefundError extends cjs.ToolError {
      static override readonly defaults = { name: 'RefundError', code: 'REFUND' } satisfies ErrorDefaults;
    }
    expect(new CjsRefundError() instanceof EsmRefundError).toBe(true);
    expect(new EsmRefundError() instanceof CjsRefundError).toBe(true);
    expect(new cjs.ToolError() instanceof EsmRefundError).toBe(false);
  });

  it('rebuilds a subclass of a user subclass, defined against one build, with the other build’s deserializeError', () => {
    class ChargeError extends esm.ToolError<ToolErrorOptions & { readonly chargeId?: string }> {
      static override readonly defaults: ErrorDefaults = { name: 'ChargeError', code: 'CHARGE', retryable: true, fields: { chargeId: 'string' } };
      declare readonly chargeId?: string;
    }
    class RefundError extends ChargeError {
      static override readonly defaults: ErrorDefaults = { name: 'ChargeRefundError', message: 'The refund failed' };
    }
    const json = JSON.stringify(cjs.serializeError(new RefundError({ chargeId: 'ch_1', toolName: 'refund' })));
    expect(JSON.parse(json)).toEqual({
      name: 'ChargeRefundError', code: 'CHARGE', category: 'TOOL', message: 'The refund failed', retryable: true, chargeId: 'ch_1', toolName: 'refund',
    });
    for (const read of [
      () => cjs.deserializeError(json, { classes: [RefundError] }),
      () => esm.deserializeError(json, { classes: [RefundError] }),
    ]) {
      const back = read();
      expect(back).toBeInstanceOf(RefundError);
      expect(back instanceof cjs.ToolError && back instanceof ChargeError).toBe(true);
      expect([back.message, (back as { readonly chargeId?: string }).chargeId, back.retryable]).toEqual(['The refund failed', 'ch_1', true]);
      expect(JSON.stringify(back)).toBe(json);
    }
    const unregister = cjs.registerErrorClass(RefundError);
    try {
      expect(cjs.deserializeError(json)).toBeInstanceOf(RefundError);
    } finally {
      unregister();
    }
  });

  it('does not count plain objects that copy name, code and category as instances', () => {
    const copy = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'x', retryable: false };
    for (const build of [esm, cjs]) {
      expect(copy instanceof build.ToolError).toBe(false);
      expect(copy instanceof build.FaultlineError).toBe(false);
      expect(build.isFaultlineError(copy)).toBe(false);
      expect(build.normalizeError(copy)).not.toBe(copy);
    }
  });

  it('does not count a plain Error named like a faultline class as an instance', () => {
    const impostor = Object.assign(new Error('x'), { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL' });
    expect(impostor instanceof esm.ToolError).toBe(false);
    expect(cjs.isFaultlineError(impostor)).toBe(false);
  });

  it('answers instanceof for a revoked Proxy without throwing', () => {
    const value = revokedProxy();
    for (const build of [esm, cjs]) {
      expect(() => value instanceof build.ToolError).not.toThrow();
      expect(() => value instanceof build.FaultlineError).not.toThrow();
      expect(build.isFaultlineError(value)).toBe(false);
    }
  });

  it('keeps every class’s JavaScript name in both builds', () => {
    for (const build of [esm, cjs]) {
      for (const name of ALL_NAMES) {
        expect((build as unknown as Record<string, { name: string }>)[name]?.name).toBe(name);
      }
    }
  });
});
