import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chainDeclares, CLASS_NAME, declaredPrototypeOf, ERROR_BRAND, hasFaultlineBrand } from '../../src/foundation/brand.js';
import { deserializeError, FaultlineError, ModelError, StorageError, ToolError, ToolNotFoundError, ToolTimeoutError } from '../../src/index.js';
import type * as FaultlineModule from '../../src/index.js';
import { revokedProxy } from '../hardening/hostile.js';

type Faultline = typeof FaultlineModule;

/** This copy of the source, as a module namespace. */
const FAULTLINE = (await import('../../src/index.js'));

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
  });
});

/** The prototype `subclass` (or builtInClass) wrote a class's declaration on. */
const declaredOf = (cls: { readonly prototype: object }): object => Object.getPrototypeOf(cls.prototype) as object;

describe('declaredPrototypeOf', () => {
  it('is the prototype subclass returned, for the class written below it and for the class used as it is', () => {
    class ChargeError extends ToolError.subclass('ChargeError', { code: 'CHARGE' }) {}
    const AsIs = ToolError.subclass('AsIsError', {});
    expect(declaredPrototypeOf(ChargeError)).toBe(declaredOf(ChargeError));
    expect(declaredPrototypeOf(AsIs)).toBe(AsIs.prototype);
    expect(declaredPrototypeOf(ToolTimeoutError)).toBe(declaredOf(ToolTimeoutError));
  });

  it('is undefined for a class written without subclass, and for the abstract base', () => {
    class PlainError extends ToolError {}
    class PlainBelowPlain extends PlainError {}
    expect(declaredPrototypeOf(PlainError)).toBeUndefined();
    expect(declaredPrototypeOf(PlainBelowPlain)).toBeUndefined();
    expect(declaredPrototypeOf(FaultlineError)).toBeUndefined();
  });
});

describe('chainDeclares', () => {
  it('finds each declared class on the prototype chain, and nothing else', () => {
    const error = new ToolTimeoutError();
    expect(chainDeclares(error, declaredOf(ToolTimeoutError))).toBe(true);
    expect(chainDeclares(error, declaredOf(ToolError))).toBe(true);
    expect(chainDeclares(error, declaredOf(ToolNotFoundError))).toBe(false);
    expect(chainDeclares(error, declaredOf(ModelError))).toBe(false);
  });

  it('takes a prototype of another realm or copy with the same names and codes up the chain for the one asked', () => {
    const copyOf = (proto: object): object => {
      const out = Object.create(Object.getPrototypeOf(proto) as object) as object;
      for (const key of Reflect.ownKeys(proto)) Object.defineProperty(out, key, Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor);
      return out;
    };
    const error = Object.create(copyOf(declaredOf(ToolTimeoutError))) as object;
    expect(chainDeclares(error, declaredOf(ToolTimeoutError))).toBe(true);
  });

  it('does not take a class of the same name with another parent or code for the one asked', () => {
    const below = (parent: object, name: string, code: string): object =>
      Object.create(parent, { [CLASS_NAME]: { value: name }, code: { value: code } }) as object;
    const root = Object.create(FaultlineError.prototype) as object;
    const storage = below(root, 'StorageError', 'STORAGE_ERROR');
    const asked = below(below(root, 'ToolError', 'TOOL_ERROR'), 'LedgerError', 'LEDGER');
    expect(chainDeclares(Object.create(below(storage, 'LedgerError', 'LEDGER')) as object, asked)).toBe(false); // another parent
    expect(chainDeclares(Object.create(below(below(root, 'ToolError', 'TOOL_ERROR'), 'LedgerError', 'OTHER')) as object, asked)).toBe(false); // another code
    expect(chainDeclares(Object.create(below(below(root, 'ToolError', 'MY_TOOL'), 'LedgerError', 'LEDGER')) as object, asked)).toBe(false); // a parent of another code
    expect(chainDeclares(Object.create(below(below(root, 'ToolError', 'TOOL_ERROR'), 'LedgerError', 'LEDGER')) as object, asked)).toBe(true);
  });

  it('takes the errors of a 0.2 copy, whose abstract base declared its name, for 0.3’s built-ins', () => {
    const base02 = Object.create(Error.prototype, {
      [CLASS_NAME]: { value: 'FaultlineError' }, code: { value: 'FAULTLINE_ERROR' }, [ERROR_BRAND]: { value: true },
    }) as object;
    const tool02 = Object.create(base02, { [CLASS_NAME]: { value: 'ToolError' }, code: { value: 'TOOL_ERROR' } }) as object;
    const timeout02 = Object.create(tool02, { [CLASS_NAME]: { value: 'ToolTimeoutError' }, code: { value: 'TOOL_TIMEOUT' } }) as object;
    const error = Object.create(timeout02) as object;
    expect([error instanceof ToolTimeoutError, error instanceof ToolError, error instanceof ModelError, error instanceof ToolNotFoundError]).toEqual([true, true, false, false]);
  });

  it('does not throw on a revoked Proxy', () => {
    expect(chainDeclares(revokedProxy(), declaredOf(ToolError))).toBe(false);
  });

  it('stops on a prototype chain longer than any faultline builds', () => {
    let deep: object = Object.create(declaredOf(ToolError)) as object;
    for (let step = 0; step < 100; step++) deep = Object.create(deep) as object;
    expect(chainDeclares(deep, declaredOf(ToolError))).toBe(false);
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
      const ancestors = new Set([name, ...(HIERARCHY[name] ?? [])]);
      // FaultlineError apart, in the test below.
      for (const candidate of CLASS_NAMES) {
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

  // Failed against eee4187 (the abstract base declared no name to compare); fixed in 90b330f.
  it.each(directions)('keeps every built-in error %s an instance of the other build’s FaultlineError', (_label, maker) => {
    const [from, other] = maker === 'esm' ? [esm, cjs] : [cjs, esm];
    for (const name of CLASS_NAMES) expect({ name, is: new (classOf(from, name))('x') instanceof other.FaultlineError }).toEqual({ name, is: true });
  });

  it('keeps a user subclass defined against the CJS build an instance of the ESM build’s classes', () => {
    class PaymentDeclinedError extends cjs.ToolError.subclass('PaymentDeclinedError', { code: 'PAYMENT_DECLINED' }) {}
    const error = new PaymentDeclinedError('declined', { toolName: 'charge' });
    expect(error instanceof esm.ToolError).toBe(true);
    expect(error instanceof esm.ModelError).toBe(false);
    expect(error instanceof esm.ToolTimeoutError).toBe(false);
    expect(esm.isFaultlineError(error)).toBe(true);
    expect(esm.normalizeError(error)).toBe(error);
  });

  it('keeps a user class defined once against each build an instance of the other, by its declared name', () => {
    class EsmRefundError extends esm.ToolError.subclass('RefundError', { code: 'REFUND' }) {}
    class CjsRefundError extends cjs.ToolError.subclass('RefundError', { code: 'REFUND' }) {}
    expect(new CjsRefundError() instanceof EsmRefundError).toBe(true);
    expect(new EsmRefundError() instanceof CjsRefundError).toBe(true);
    expect(new cjs.ToolError() instanceof EsmRefundError).toBe(false);
  });

  it('rebuilds a subclass of a user subclass, defined against one build, with the other build’s deserializeError', () => {
    class ChargeError extends esm.ToolError.subclass('ChargeError', { code: 'CHARGE', retryable: true, fields: { chargeId: 'string' } }) {}
    class RefundError extends ChargeError.subclass('ChargeRefundError', { message: 'The refund failed' }) {}
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

// A second copy of faultline's source, as two installed versions are: vi.resetModules makes the next
// import evaluate every module again, so that its classes, prototypes and tables are its own.
describe('instanceof across two copies of the source (two installed versions)', () => {
  let copy: Faultline;

  beforeAll(async () => {
    vi.resetModules();
    copy = (await import('../../src/index.js'));
  });

  it('loads a distinct copy', () => {
    expect(copy.ToolError).not.toBe(ToolError);
    expect(copy.FaultlineError).not.toBe(FaultlineError);
  });

  it('keeps every built-in an instance of the other copy’s built-ins, its own class and ancestors only', () => {
    for (const name of CLASS_NAMES) {
      const ancestors = new Set([name, ...(HIERARCHY[name] ?? [])]);
      for (const [from, other] of [[copy, FAULTLINE], [FAULTLINE, copy]] as const) {
        const error = new (classOf(from, name))('x');
        for (const candidate of CLASS_NAMES) {
          expect({ name, candidate, is: error instanceof classOf(other, candidate) }).toEqual({ name, candidate, is: ancestors.has(candidate) });
        }
      }
    }
  });

  // Failed against eee4187, where declaredPrototypeOf(FaultlineError) was undefined and
  // FaultlineError[Symbol.hasInstance] answered false for every error of another copy; fixed in 90b330f.
  it('keeps every built-in an instance of the other copy’s FaultlineError', () => {
    for (const name of CLASS_NAMES) {
      expect({ name, is: new (classOf(copy, name))('x') instanceof FaultlineError }).toEqual({ name, is: true });
      expect({ name, is: new (classOf(FAULTLINE, name))('x') instanceof copy.FaultlineError }).toEqual({ name, is: true });
    }
  });

  it('takes two classes of yours with the same name, parent and code, one per copy, for one class', () => {
    class OursError extends ToolError.subclass('LedgerSyncError', { code: 'LEDGER_SYNC', fields: { ledger: 'string' } }) {}
    class TheirsError extends copy.ToolError.subclass('LedgerSyncError', { code: 'LEDGER_SYNC', fields: { ledger: 'string' } }) {}
    expect(new TheirsError() instanceof OursError).toBe(true);
    expect(new OursError() instanceof TheirsError).toBe(true);
    expect(new TheirsError() instanceof ToolError).toBe(true);
    expect(new copy.ToolError() instanceof OursError).toBe(false);
    // A family of yours, and a class below it, made once in each copy.
    const OurFamily = FaultlineError.subclass('BillingError', { category: 'TOOL', code: 'BILLING' });
    const TheirFamily = copy.FaultlineError.subclass('BillingError', { category: 'TOOL', code: 'BILLING' });
    const OurCard = OurFamily.subclass('CardError', { code: 'CARD' });
    const TheirCard = TheirFamily.subclass('CardError', { code: 'CARD' });
    expect([new TheirCard() instanceof OurCard, new TheirCard() instanceof OurFamily, new OurCard() instanceof TheirFamily]).toEqual([true, true, true]);
    expect(new TheirFamily() instanceof OurCard).toBe(false);
  });

  it('never takes classes of one name that differ in parent or code for each other', () => {
    const Ours = ToolError.subclass('LedgerError', { code: 'LEDGER' });
    const OtherParent = copy.StorageError.subclass('LedgerError', { code: 'LEDGER' });
    const OtherCode = copy.ToolError.subclass('LedgerError', { code: 'LEDGER_V2' });
    const SameCopyOtherParent = StorageError.subclass('LedgerError', { code: 'LEDGER' });
    for (const Other of [OtherParent, OtherCode, SameCopyOtherParent] as readonly (new () => FaultlineError)[]) {
      expect(new Other() instanceof Ours).toBe(false);
      expect(new Ours() instanceof Other).toBe(false);
    }
    // A class of one name whose parent's code differs: a ToolError of yours below StorageError is no ToolError.
    const ParentCode = copy.ToolError.subclass('ChildError', { code: 'CHILD' });
    const OtherParentCode = copy.ToolNotFoundError.subclass('ChildError', { code: 'CHILD' });
    expect(new OtherParentCode() instanceof ToolError.subclass('ChildError', { code: 'CHILD' })).toBe(false);
    expect(new ParentCode() instanceof ToolError.subclass('ChildError', { code: 'CHILD' })).toBe(true);
  });

  it('takes a class defined again in one copy with the same name, parent and code for itself (a module loaded twice, hot reload)', () => {
    const define = () => class ReloadedError extends ToolError.subclass('ReloadedError', { code: 'RELOADED' }) {};
    const [First, Second] = [define(), define()];
    expect(new First() instanceof Second && new Second() instanceof First).toBe(true);
  });

  it('matches a class written without subclass by its prototype only', () => {
    class OursPlain extends ToolError {}
    class TheirsPlain extends copy.ToolError {}
    Object.defineProperty(TheirsPlain, 'name', { value: 'OursPlain' });
    expect(new TheirsPlain() instanceof OursPlain).toBe(false);
    expect(new OursPlain() instanceof TheirsPlain).toBe(false);
    expect(new OursPlain() instanceof OursPlain).toBe(true);
    // Still an instance of the other copy's declared ancestors.
    expect(new TheirsPlain() instanceof ToolError).toBe(true);
  });

  it('rebuilds a class of the other copy, and one below it, with every field, to the same bytes', () => {
    class ChargeError extends copy.ToolError.subclass('CopyChargeError', { code: 'CHARGE', fields: { chargeId: 'string', amount: 'whole' } }) {}
    class RefundError extends ChargeError.subclass('CopyRefundError', { fields: { refundId: 'string' } }) {}
    const json = JSON.stringify(copy.serializeError(new RefundError({ chargeId: 'ch_1', amount: 5, refundId: 're_1' })));
    const back = deserializeError(json, { classes: [RefundError] });
    expect(Object.getPrototypeOf(back)).toBe(RefundError.prototype);
    expect(back as unknown).toMatchObject({ chargeId: 'ch_1', amount: 5, refundId: 're_1' });
    expect(JSON.stringify(back)).toBe(json);
  });

  // Failed against eee4187, where a copy wrote its brand on first use only, so that until it had built
  // an error this copy's deserializeError refused its classes as "no faultline class"; fixed in 90b330f.
  it('takes a class of a copy that has not built an error yet in deserializeError’s classes', async () => {
    vi.resetModules();
    const fresh = (await import('../../src/index.js'));
    const FreshError = fresh.ToolError.subclass('FreshError', { code: 'FRESH' });
    const json = { name: 'FreshError', code: 'FRESH', category: 'TOOL', message: 'x', retryable: false };
    expect(Object.getPrototypeOf(deserializeError(json, { classes: [FreshError] }))).toBe(FreshError.prototype);
  });
});
