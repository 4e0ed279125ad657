// Issue #18: safeTool turns every failure into a result, but passes a control signal on as it is: a
// LangGraph interrupt or command, and the abort of the caller's signal.
import { Command, GraphInterrupt, NodeInterrupt, ParentCommand } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeTool } from '../../src/agent/index.js';
import type { ErrorEvent } from '../../src/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { rejection } from '../rejection.js';


const LANGGRAPH_SIGNALS: readonly (readonly [string, () => object])[] = [
  ['GraphInterrupt', () => new GraphInterrupt([{ id: 'i1', value: 'Approve?' }])],
  ['NodeInterrupt', () => new NodeInterrupt('stop here')],
  ['ParentCommand', () => new ParentCommand(new Command({ goto: 'review' }))],
  ['a value whose is_bubble_up is true', () => ({ is_bubble_up: true })],
];

describe('safeTool passes a control signal on', () => {
  it.each(LANGGRAPH_SIGNALS)('rethrows %s as it is, from an async run or a sync one, with or without a time limit: run called once, onError never', async (_, make) => {
    for (const timeoutMs of [undefined, 60_000]) {
      for (const sync of [false, true]) {
        const signal = make();
        const events: ErrorEvent[] = [];
        let runs = 0;
        const tool = safeTool({
          name: 'approve',
          input: z.object({}),
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a LangGraph signal need not be an Error (isGraphBubbleUp reads any value)
          run: sync ? () => { runs++; throw signal; } : async () => { runs++; await Promise.resolve(); throw signal; },
          timeoutMs,
          onError: (event) => { events.push(event); },
        });
        expect(await rejection(tool({}))).toBe(signal);
        expect([runs, events]).toEqual([1, []]);
      }
    }
  });

  it('rethrows a signal the schema throws, too', async () => {
    const interrupt = new GraphInterrupt();
    const events: ErrorEvent[] = [];
    const tool = safeTool({ name: 'approve', input: { safeParse: () => { throw interrupt; } }, run: () => 'ran', onError: (event) => { events.push(event); } });
    expect(await rejection(tool({}))).toBe(interrupt);
    expect(events).toEqual([]);
  });

  it.each([
    ['signal', 'the signal’s reason', (signal: AbortSignal): unknown => signal.reason],
    ['signal', 'a DOMException named AbortError', (): unknown => new DOMException('This operation was aborted', 'AbortError')],
    ['abortSignal', 'the signal’s reason', (signal: AbortSignal): unknown => signal.reason],
  ] as const)('rethrows what run throws once the caller’s %s aborted (%s): the very value, onError never', async (key, _, abortValue) => {
    const controller = new AbortController();
    const reason = new Error('the user cancelled');
    const events: ErrorEvent[] = [];
    let value: unknown;
    let seenReason: unknown;
    const tool = safeTool({
      name: 'search',
      input: z.object({}),
      // A run that honours its signal: it fails as the signal aborts.
      run: (_input, { signal }) => new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          seenReason = signal.reason;
          value = abortValue(signal);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- it rejects with the abort under test, whatever it is
          reject(value);
        }, { once: true });
        controller.abort(reason);
      }),
      timeoutMs: 60_000,
      onError: (event) => { events.push(event); },
    });
    const thrown = await rejection(tool({}, { [key]: controller.signal }));
    expect(thrown).toBe(value);
    // run's own signal aborted with the caller's reason.
    expect([seenReason, events]).toEqual([reason, []]);
  });

  it('rejects with the reason of a caller’s signal that has already aborted, without calling run', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the user cancelled'));
    let runs = 0;
    const events: ErrorEvent[] = [];
    const tool = safeTool({ name: 'search', input: z.object({}), run: () => { runs++; return 'ran'; }, onError: (event) => { events.push(event); } });
    expect(await rejection(tool({}, { signal: controller.signal }))).toBe(controller.signal.reason);
    expect([runs, events]).toEqual([0, []]);
  });

  it('keeps an AbortError the caller did not ask for a failure, as before: without the caller’s signal, or while it is live', async () => {
    const events: string[] = [];
    const tool = safeTool({
      name: 'search',
      input: z.object({}),
      run: () => { throw new DOMException('This operation was aborted', 'AbortError'); },
      onError: (event) => { events.push(event.error.name); },
    });
    expect(await tool({})).toMatchObject({ ok: false });
    expect(await tool({}, { signal: new AbortController().signal })).toMatchObject({ ok: false });
    expect(events).toHaveLength(2);
  });

  it('keeps its own time limit a failure: the run’s signal aborts with a ToolTimeoutError, and the result is aborted', async () => {
    const controller = new AbortController();
    const tool = safeTool({
      name: 'slow',
      input: z.object({}),
      run: (_input, { signal }) => new Promise((_resolve, reject) => { signal.addEventListener('abort', () => { reject(signal.reason as Error); }); }),
      timeoutMs: 10,
    });
    expect(await tool({}, { signal: controller.signal })).toMatchObject({ ok: false, errorType: 'aborted', code: 'TOOL_TIMEOUT' });
  });

  it('ignores a second argument that holds no signal, as frameworks hand tools more than one', async () => {
    const tool = safeTool({ name: 'echo', input: z.object({ q: z.string() }), run: ({ q }) => q });
    for (const options of [undefined, {}, { signal: 'no' }, { abortSignal: { aborted: 'no' } }, { toolCallId: 'c1', messages: [] }]) {
      expect(await tool({ q: 'x' }, options as never)).toEqual({ ok: true, value: 'x' });
    }
  });

  it.each(HOSTILE_KINDS)('never rejects for a %s given as the second argument or as its signal', async (kind) => {
    const tool = safeTool({ name: 'echo', input: z.object({ q: z.string() }), run: ({ q }) => q });
    expect(await tool({ q: 'x' }, hostileValue(kind) as never)).toEqual({ ok: true, value: 'x' });
    expect(await tool({ q: 'x' }, { signal: hostileValue(kind) as never })).toEqual({ ok: true, value: 'x' });
  });
});
