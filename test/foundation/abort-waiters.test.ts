import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { whenAborted } from '../../src/foundation/abort-waiters.js';

const listeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

describe('whenAborted', () => {
  it('adds one listener for any number of waiters, and calls each waiter once when the signal aborts', () => {
    const controller = new AbortController();
    const calls: number[] = [];
    for (let index = 0; index < 20; index++) whenAborted(controller.signal, () => { calls.push(index); });
    expect(listeners(controller.signal)).toBe(1);
    controller.abort();
    controller.abort();
    expect([calls, listeners(controller.signal)]).toEqual([Array.from({ length: 20 }, (_, index) => index), 0]);
  });

  it('removes the listener when the last waiter stops, and calls no waiter that stopped', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const stopFirst = whenAborted(controller.signal, () => { calls.push('first'); });
    const stopSecond = whenAborted(controller.signal, () => { calls.push('second'); });
    stopFirst();
    expect(listeners(controller.signal)).toBe(1);
    stopSecond();
    stopSecond();
    expect(listeners(controller.signal)).toBe(0);
    // A new waiter after all left gets a listener of its own again.
    whenAborted(controller.signal, () => { calls.push('third'); });
    expect(listeners(controller.signal)).toBe(1);
    controller.abort();
    expect([calls, listeners(controller.signal)]).toEqual([['third'], 0]);
  });

  it('lets a waiter stop once the signal has aborted, or while the waiters are being called, without harm', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    let stopSecond = (): void => undefined;
    const stopFirst = whenAborted(controller.signal, () => { calls.push('first'); stopSecond(); });
    stopSecond = whenAborted(controller.signal, () => { calls.push('second'); });
    controller.abort();
    stopFirst();
    expect([calls, listeners(controller.signal)]).toEqual([['first'], 0]);
  });

  it('keeps the waiters of different signals apart', () => {
    const [one, two] = [new AbortController(), new AbortController()];
    const calls: string[] = [];
    whenAborted(one.signal, () => { calls.push('one'); });
    whenAborted(two.signal, () => { calls.push('two'); });
    two.abort();
    expect([calls, listeners(one.signal), listeners(two.signal)]).toEqual([['two'], 1, 0]);
  });

  it('leaves nothing behind for a signal whose addEventListener throws: the next waiter tries again', () => {
    const controller = new AbortController();
    let refuse = true;
    const signal = new Proxy(controller.signal, {
      get: (target, key) => (key === 'addEventListener' && refuse ? () => { throw new Error('no'); } : Reflect.get(target, key, target) as unknown),
    });
    expect(() => whenAborted(signal, () => undefined)).toThrow('no');
    refuse = false;
    let called = 0;
    whenAborted(signal, () => { called++; });
    controller.abort();
    expect(called).toBe(1);
  });
});
