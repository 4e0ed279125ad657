/**
 * No process-wide state grows with the number of classes (issue #28): subclass keeps no registry of
 * the classes it made. 200,000 classes made in a loop and dropped add no own property to globalThis,
 * and a class nobody holds is collected (a WeakRef to it is cleared after a full GC).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FaultlineError, ToolError } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Resolves on the next macrotask, so that no stack frame holds a class any more. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('classes made by subclass and dropped', () => {
  it('leave nothing behind: no own property of globalThis, and a WeakRef to one is cleared after GC', async () => {
    new ToolError(); // installs the abstract base's defaults and brand, on first use
    const globalsBefore = Reflect.ownKeys(globalThis);
    const parentBefore = [Reflect.ownKeys(ToolError), Reflect.ownKeys(ToolError.prototype), Reflect.ownKeys(FaultlineError.prototype)];
    const refs = ((): WeakRef<object>[] => {
      const kept: WeakRef<object>[] = [];
      for (let index = 0; index < 200_000; index++) {
        const Made = ToolError.subclass(`LoopError${index}`, { code: `LOOP_${index}`, fields: { n: 'whole' } });
        if (index % 50_000 === 0) {
          class Written extends Made {}
          new Written({ n: index });
          kept.push(new WeakRef(Made), new WeakRef(Written));
        }
      }
      const Family = FaultlineError.subclass('LoopFamilyError', { category: 'TOOL' });
      kept.push(new WeakRef(Family));
      return kept;
    })();
    expect(Reflect.ownKeys(globalThis)).toEqual(globalsBefore);
    expect([Reflect.ownKeys(ToolError), Reflect.ownKeys(ToolError.prototype), Reflect.ownKeys(FaultlineError.prototype)]).toEqual(parentBefore);
    await nextTask();
    gc();
    await nextTask();
    gc();
    expect(refs.map((ref) => ref.deref() === undefined)).toEqual(refs.map(() => true));
  }, 120_000);
});
