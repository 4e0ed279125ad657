// Issue #18, end to end with a real LangGraph graph: a node calls a tool wrapped in safeTool, and the tool
// calls interrupt(). The graph pauses and resumes as it would without faultline, and onError hears nothing.
import { Annotation, Command, END, INTERRUPT, interrupt, isInterrupted, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeTool } from '../../src/agent/index.js';
import type { ErrorEvent } from '../../src/index.js';

const State = Annotation.Root({
  action: Annotation<string>(),
  outcome: Annotation<string>(),
});

/** A graph of one node, which asks a person to approve the action through `approve`, and its checkpointer. */
function approvalGraph(approve: (input: { readonly action: string }, config: { readonly signal?: AbortSignal | undefined }) => Promise<string>) {
  return new StateGraph(State)
    .addNode('ask', async (state, config) => ({ outcome: await approve({ action: state.action }, config) }))
    .addEdge(START, 'ask')
    .addEdge('ask', END)
    .compile({ checkpointer: new MemorySaver() });
}

// The tool itself: interrupt() throws on the first run, and gives the answer when the graph resumes.
const askPerson = ({ action }: { readonly action: string }): string => {
  const answer = interrupt<{ question: string }, string>({ question: `Approve ${action}?` });
  return `${action}: ${answer}`;
};

/** Runs the graph until it pauses, then resumes it with the answer: what it gave at each step. */
async function pauseAndResume(graph: ReturnType<typeof approvalGraph>, thread: string) {
  const config = { configurable: { thread_id: thread } };
  const paused = await graph.invoke({ action: 'delete the report' }, config);
  const pending = (await graph.getState(config)).tasks.flatMap((task) => task.interrupts.map((item) => item.value as unknown));
  const resumed = await graph.invoke(new Command({ resume: 'yes' }), config);
  const interrupts = ((paused as Record<string, unknown>)[INTERRUPT] as readonly { readonly value: unknown }[]).map((item) => item.value);
  return { paused: { interrupted: isInterrupted(paused), interrupts, pending }, resumed };
}

describe('safeTool inside a LangGraph graph', () => {
  it('lets interrupt() pause the graph and a Command resume it, as the bare tool does, without telling onError', async () => {
    const events: ErrorEvent[] = [];
    let runs = 0;
    const approve = safeTool({
      name: 'approve',
      input: z.object({ action: z.string() }),
      run: (input) => {
        runs++;
        return askPerson(input);
      },
      onError: (event) => { events.push(event); },
    });
    const withFaultline = await pauseAndResume(approvalGraph(async (input, config) => {
      const result = await approve(input, config);
      if (!result.ok) throw new Error(`the tool failed: ${result.error}`);
      return result.value;
    }), 'with-faultline');
    const bare = await pauseAndResume(approvalGraph((input) => Promise.resolve(askPerson(input))), 'bare');

    expect(withFaultline.paused.interrupted).toBe(true);
    expect(withFaultline.paused.pending).toEqual([{ question: 'Approve delete the report?' }]);
    expect(withFaultline.resumed).toEqual({ action: 'delete the report', outcome: 'delete the report: yes' });
    // The tool ran twice, as a node with interrupt() does: once to pause, once to resume.
    expect([runs, events]).toEqual([2, []]);
    // Exactly what the graph does without faultline: the same pause, the same interrupts, the same result.
    expect(withFaultline).toEqual(bare);
  });
});
