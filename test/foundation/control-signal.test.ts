import {
  Command, GraphBubbleUp, GraphDrained, GraphInterrupt, GraphRecursionError, isGraphBubbleUp, NodeInterrupt, ParentCommand,
} from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { AgentAbortedError, ModelRateLimitError, TimeoutError, ToolError, UnknownError } from '../../src/index.js';
import { isControlSignal } from '../../src/foundation/control-signal.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { withThrowingGetters } from '../hardening/hostile.js';

function aborted(reason?: unknown): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}

// An Error of another realm or release, as LangGraph's own guards see it: by name, or by the flag.
function named(name: string): Error {
  const error = new Error('from another copy');
  error.name = name;
  return error;
}

describe('isControlSignal: LangGraph’s signals', () => {
  it.each<[string, unknown]>([
    ['GraphInterrupt (what interrupt() throws)', new GraphInterrupt([{ id: 'i1', value: 'Approve?' }])],
    ['NodeInterrupt', new NodeInterrupt('stop here')],
    ['ParentCommand', new ParentCommand(new Command({ goto: 'review' }))],
    ['GraphDrained', new GraphDrained('shutdown')],
    ['a GraphBubbleUp of its own', new (class extends GraphBubbleUp {})()],
    ['any value whose is_bubble_up is true (isGraphBubbleUp)', { is_bubble_up: true }],
    ['an Error named GraphInterrupt, of a release before is_bubble_up', named('GraphInterrupt')],
    ['an Error named NodeInterrupt', named('NodeInterrupt')],
    ['an Error named ParentCommand', named('ParentCommand')],
    ['an Error named GraphDrained', named('GraphDrained')],
  ])('%s is one', (_, value) => {
    expect(isControlSignal(value)).toBe(true);
  });

  it('agrees with LangGraph’s isGraphBubbleUp on its own errors', () => {
    for (const value of [new GraphInterrupt(), new NodeInterrupt('x'), new ParentCommand(new Command({})), new GraphRecursionError('x'), new Error('x')]) {
      expect(isControlSignal(value)).toBe(isGraphBubbleUp(value));
    }
  });
});

describe('isControlSignal: the abort the caller asked for', () => {
  it.each<[string, unknown, unknown]>([
    ['the default reason (a DOMException named AbortError)', undefined, 'reason'],
    ['an Error reason', new Error('user cancelled'), 'reason'],
    ['a string reason', 'cancelled', 'reason'],
    ['a faultline error given as the reason', new AgentAbortedError('cancelled'), 'reason'],
    ['a TimeoutError DOMException reason (AbortSignal.timeout)', new DOMException('timed out', 'TimeoutError'), 'reason'],
    ['a DOMException named AbortError that fetch made', new Error('user cancelled'), new DOMException('This operation was aborted', 'AbortError')],
    ['an Error named AbortError (node-fetch, LangChain)', 'cancelled', named('AbortError')],
  ])('%s, thrown once the caller’s signal has aborted, is one', (_, reason, thrown) => {
    const signal = aborted(reason);
    expect(isControlSignal(thrown === 'reason' ? signal.reason : thrown, signal)).toBe(true);
  });

  it('is no abort of the caller’s before its signal aborts, nor without its signal', () => {
    const abortError = new DOMException('This operation was aborted', 'AbortError');
    expect(isControlSignal(abortError, new AbortController().signal)).toBe(false);
    expect(isControlSignal(abortError)).toBe(false);
    expect(isControlSignal(aborted().reason)).toBe(false);
  });

  it('is not any other value thrown after the abort', () => {
    const signal = aborted(new Error('user cancelled'));
    for (const value of [new Error('user cancelled'), new TypeError('fetch failed'), new ToolError('x'), undefined, null, 'cancelled']) {
      expect(isControlSignal(value, signal)).toBe(false);
    }
  });

  it('takes no undefined reason of a signal that is not one for the abort of an undefined thrown', () => {
    expect(isControlSignal(undefined, { aborted: true, reason: undefined } as unknown as AbortSignal)).toBe(false);
  });
});

describe('isControlSignal: what is not one', () => {
  it.each<[string, unknown]>([
    ['an ordinary Error', new Error('boom')],
    ['a TypeError', new TypeError('fetch failed')],
    ['another LangGraph error (GraphRecursionError)', new GraphRecursionError('too many steps')],
    ['a faultline error', new ToolError('Index unavailable', { toolName: 'search' })],
    ['a faultline AgentAbortedError', new AgentAbortedError()],
    ['a faultline error with is_bubble_up set', Object.assign(new ModelRateLimitError(), { is_bubble_up: true })],
    ['a faultline error named GraphInterrupt', Object.assign(new UnknownError(), { name: 'GraphInterrupt' })],
    ['a plain object named GraphInterrupt, not an Error', { name: 'GraphInterrupt' }],
    ['is_bubble_up that is only truthy', { is_bubble_up: 'true' }],
    ['an AbortError without the caller’s signal', new DOMException('aborted', 'AbortError')],
    ['a TimeoutError DOMException', new DOMException('timed out', 'TimeoutError')],
    ['a faultline TimeoutError', new TimeoutError()],
    ['undefined', undefined],
    ['null', null],
    ['a string', 'GraphInterrupt'],
    ['a number', 42],
    ['a function', () => undefined],
  ])('%s is not', (_, value) => {
    expect(isControlSignal(value)).toBe(false);
  });

  it.each(HOSTILE_KINDS)('a %s is not, and never makes it throw, as the value or as the signal', (kind) => {
    expect(isControlSignal(hostileValue(kind))).toBe(false);
    expect(isControlSignal(hostileValue(kind), aborted())).toBe(false);
    expect(isControlSignal(new Error('x'), hostileValue(kind) as AbortSignal)).toBe(false);
  });

  it('never throws on getters that throw, of the value or of the signal', () => {
    const error = withThrowingGetters(new Error('x'), 'is_bubble_up', 'name');
    expect(isControlSignal(error)).toBe(false);
    expect(isControlSignal(error, aborted())).toBe(false);
    const signal = withThrowingGetters({ aborted: true, reason: 'x' }, 'aborted', 'reason') as unknown as AbortSignal;
    expect(isControlSignal(new DOMException('aborted', 'AbortError'), signal)).toBe(false);
  });

  it('takes the OpenAI and Anthropic SDKs’ APIUserAbortError as the caller’s abort, once the caller’s signal has aborted', () => {
    const userAbort = Object.assign(new Error('Request was aborted.'), { name: 'APIUserAbortError' });
    expect([isControlSignal(userAbort, aborted()), isControlSignal(userAbort, new AbortController().signal), isControlSignal(userAbort)]).toEqual([true, false, false]);
  });
});
