import { describe, expect, it } from 'vitest';
import { BUILT_IN_NAMES, isBuiltIn } from '../../src/base/built-in-classes.js';
import { identityOf } from '../../src/base/class-identity.js';
import {
  deserializeError, FaultlineError, StorageError, ToolError, ValidationError, type ErrorDefaults,
} from '../../src/index.js';
import { BUILT_IN_CLASSES } from '../../src/read-back/class-registry.js';

describe('a class’s identity', () => {
  it('is its declared name, its parent’s and its code; the built-in names are each built-in’s own', () => {
    expect(BUILT_IN_NAMES.split(' ')).toEqual([FaultlineError, ...BUILT_IN_CLASSES].map((cls) => cls.defaults.name));
    expect([FaultlineError, ...BUILT_IN_CLASSES].filter((cls) => !isBuiltIn(cls))).toEqual([]);
    expect(identityOf(ToolError)).toBe('ToolError<FaultlineError:TOOL_ERROR');
  });

  it('writes a parent that declares no name by its JavaScript name as a bundler may rename it, so the ESM and the CJS build agree', () => {
    const define = (baseName: string) => {
      const Base = { [baseName]: class extends ToolError {} }[baseName] as typeof ToolError;
      return class ChargeFailedError extends Base {
        static override readonly defaults: ErrorDefaults = { name: 'ChargeFailedError', code: 'CHARGE_FAILED' };
      };
    };
    const [esm, cjs, rollup] = [define('BaseError'), define('_BaseError'), define('BaseError$1')];
    expect([identityOf(esm), identityOf(cjs), identityOf(rollup)]).toEqual(Array(3).fill('ChargeFailedError<BaseError<ToolError:CHARGE_FAILED'));
    expect(new esm() instanceof cjs && new cjs() instanceof esm && new rollup() instanceof esm).toBe(true);
  });

  it('tells apart two classes of one name under two parents that declare none', () => {
    class GitBase extends ToolError {}
    class NpmBase extends ToolError {}
    class GitFailed extends GitBase {
      static override readonly defaults: ErrorDefaults = { name: 'CommandFailedError' };
    }
    class NpmFailed extends NpmBase {
      static override readonly defaults: ErrorDefaults = { name: 'CommandFailedError' };
    }
    const git = new GitFailed('x');
    expect(git instanceof NpmFailed).toBe(false);
    expect(() => new NpmFailed('y')).toThrow(
      "The error class name 'CommandFailedError' is taken by another class, CommandFailedError<GitBase<ToolError:TOOL_ERROR; " +
        "this one is CommandFailedError<NpmBase<ToolError:TOOL_ERROR, and instanceof and deserializeError would take one for the other. " +
        "Give it a name of its own: static override readonly defaults: ErrorDefaults = { name: 'NpmBaseCommandFailedError', ... }.",
    );
  });

  it('takes an inherited code when the class declares none', () => {
    class LedgerError extends StorageError {
      static override readonly defaults: ErrorDefaults = { name: 'LedgerError' };
    }
    expect(identityOf(LedgerError)).toBe('LedgerError<StorageError:STORAGE_ERROR');
  });
});

describe('two classes that share a declared name', () => {
  it('refuses a class of yours named like a built-in at its first construction, and at every one after, even before the built-in was built', () => {
    class ValidationError2 extends StorageError {
      static override readonly defaults: ErrorDefaults = { name: 'ValidationError', code: 'STORE_VALIDATION' };
    }
    const message =
      "The error class name 'ValidationError' is taken by faultline's own ValidationError; this one is " +
      'ValidationError<StorageError:STORE_VALIDATION, and instanceof and deserializeError would take one for the other. Give it a ' +
      "name of its own: static override readonly defaults: ErrorDefaults = { name: 'StorageValidationError', ... }.";
    expect(() => new ValidationError2()).toThrow(new TypeError(message));
    expect(() => new ValidationError2('again')).toThrow(TypeError);
    expect(new ValidationError('bad input').code).toBe('VALIDATION_FAILED');
  });

  it('refuses a built-in’s name even for a copy of the built-in, and does not pass its mark on to defaults spread from it', () => {
    class SameValidationError extends FaultlineError {
      static override readonly defaults: ErrorDefaults = { ...ValidationError.defaults };
    }
    expect(isBuiltIn(SameValidationError)).toBe(false);
    expect(() => new SameValidationError()).toThrow("The error class name 'ValidationError' is taken by faultline's own ValidationError; this one is ValidationError<FaultlineError:VALIDATION_FAILED");
  });

  it('never takes the built-in for yours, nor yours for the built-in, with instanceof', () => {
    class ValidationError3 extends StorageError {
      static override readonly defaults: ErrorDefaults = { name: 'ValidationError' };
    }
    const builtIn = new ValidationError('bad input');
    expect(builtIn instanceof ValidationError3).toBe(false);
    // Built without the constructor, as a copy from before the check would have made it.
    const yours = Object.create(ValidationError3.prototype) as object;
    expect(yours instanceof ValidationError).toBe(false);
  });

  it('refuses the second of two classes of yours, naming the first', () => {
    class LedgerError extends StorageError {
      static override readonly defaults: ErrorDefaults = { name: 'LedgerError', code: 'LEDGER_FAILED' };
    }
    class OtherLedgerError extends ToolError {
      static override readonly defaults: ErrorDefaults = { name: 'LedgerError', code: 'LEDGER_FAILED' };
    }
    expect(new LedgerError().code).toBe('LEDGER_FAILED');
    expect(() => new OtherLedgerError()).toThrow(
      "The error class name 'LedgerError' is taken by another class, LedgerError<StorageError:LEDGER_FAILED; this one is " +
        "LedgerError<ToolError:LEDGER_FAILED, and instanceof and deserializeError would take one for the other. Give it a name of its own: " +
        "static override readonly defaults: ErrorDefaults = { name: 'ToolLedgerError', ... }.",
    );
  });

  it('lets a class defined again with the same parent and code through (a module loaded twice, hot reload)', () => {
    const define = () =>
      class ReloadedError extends ToolError {
        static override readonly defaults: ErrorDefaults = { name: 'ReloadedError', code: 'RELOADED' };
      };
    const First = define();
    const Second = define();
    expect(new First() instanceof Second && new Second() instanceof First).toBe(true);
  });

  it('claims nothing for a class that declares no name of its own (a minifier renames it)', () => {
    const a = class extends ToolError {};
    const b = class extends StorageError {};
    Object.defineProperty(a, 'name', { value: 't' });
    Object.defineProperty(b, 'name', { value: 't' });
    expect([new a().name, new b().name]).toEqual(['t', 't']);
    expect(new a() instanceof b || new b() instanceof a).toBe(false);
  });

  it('still lets one deserializeError call read a built-in’s name into a class of yours, which it never constructs', () => {
    class LegacyValidationError extends StorageError {
      static override readonly defaults: ErrorDefaults = { name: 'ValidationError' };
    }
    const back = deserializeError({ name: 'ValidationError', code: 'VALIDATION_FAILED', category: 'VALIDATION', message: 'old', retryable: false }, { classes: [LegacyValidationError] });
    expect(back).toBeInstanceOf(LegacyValidationError);
    expect(back instanceof ValidationError).toBe(false);
  });
});
