import { describe, expect, it } from 'vitest';
import { finishReasonError, ModelContentFilterError, ModelContextLengthError } from '../../src/index.js';

describe('finishReasonError', () => {
  it.each([
    ['content_filter', ModelContentFilterError], ['refusal', ModelContentFilterError], ['SAFETY', ModelContentFilterError],
    ['RECITATION', ModelContentFilterError], ['PROHIBITED_CONTENT', ModelContentFilterError], ['BLOCKLIST', ModelContentFilterError],
    ['SPII', ModelContentFilterError], ['content-filter', ModelContentFilterError], ['model_context_window_exceeded', ModelContextLengthError],
  ])('gives for %s the error it stands for, keeping the reason and the context', (reason, Class) => {
    const error = finishReasonError(reason, { provider: 'p', model: 'm', details: { turn: 3 } });
    expect(error?.constructor).toBe(Class);
    expect(error).toMatchObject({ provider: 'p', model: 'm', retryable: false, details: { turn: 3, finishReason: reason } });
  });

  it.each(['stop', 'end_turn', 'tool_calls', 'tool_use', 'length', 'max_tokens', 'stop_sequence', 'pause_turn', 'STOP', 'MAX_TOKENS', 'tool-calls', 'other', 'Content_Filter', '', undefined, null, 42, {}])(
    'gives undefined for a normal stop, or anything else: %s',
    (reason) => {
      expect(finishReasonError(reason)).toBeUndefined();
    },
  );

  it.each(['toString', '__proto__', 'constructor', 'content_filter content-filter'])('gives undefined for %s, which only looks like a key or a list of reasons', (reason) => {
    expect(finishReasonError(reason)).toBeUndefined();
  });

  it('reads nothing of the context for a normal stop: a context whose reads throw is never touched', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const throwing = Object.defineProperty({}, 'details', { get: () => { throw new Error('read'); }, enumerable: true });
    expect([finishReasonError('stop', proxy as never), finishReasonError('end_turn', throwing as never)]).toEqual([undefined, undefined]);
  });
});
