import { describe, expect, it } from 'vitest';
import { FaultlineError, type ErrorCategory } from '../../src/index.js';

export type AnyClass = abstract new (...args: never) => unknown;
type Constructor = new (message?: string, options?: never) => FaultlineError;

/** One row of issue #2's class table, with the class's default message and own fields. */
export interface ClassRow {
  readonly Class: Constructor;
  readonly parent: AnyClass;
  readonly name: string;
  readonly code: string;
  readonly retryable: boolean;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The family a table belongs to: its base and category, the other families and its own leaves. */
export interface Family {
  readonly base: AnyClass;
  readonly category: ErrorCategory;
  readonly otherFamilies: readonly AnyClass[];
  readonly leaves: readonly AnyClass[];
}

/** Checks every row of a family's class table: lineage, defaults, default message and own fields. */
export function describeClassTable(family: Family, table: readonly ClassRow[]): void {
  describe.each(table)('$name', ({ Class, parent, name, code, retryable, message, fields }) => {
    it('extends its parent and is an instance of every ancestor', () => {
      // Declared with builtInClass: the class sits below the class it returned, whose parent is `parent`.
      expect(Object.getPrototypeOf(Object.getPrototypeOf(Class))).toBe(parent);
      const error = new Class();
      for (const ancestor of [Class, parent, family.base, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    });

    it('is no instance of a class it does not descend from', () => {
      const error = new Class();
      for (const other of [...family.otherFamilies, ...family.leaves.filter((leaf) => leaf !== Class)]) {
        expect(error instanceof other).toBe(false);
      }
    });

    it('has its name, code, category and retryable default', () => {
      const error = new Class();
      expect([error.name, error.code, error.category, error.retryable]).toEqual([name, code, family.category, retryable]);
    });

    it('has a deterministic, non-empty default message', () => {
      expect(new Class().message).toBe(message);
      expect(new Class().message).toBe(new Class().message);
    });

    it('sets its own fields from options', () => {
      const error = new Class('x', fields as never) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(fields)) expect(error[key]).toBe(value);
    });
  });
}
