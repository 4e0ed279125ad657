// Every message that leaves the process through an adapter is redacted by the contract's rules: a
// secret in an error's message never reaches a JSON-RPC caller, a problem detail, an MCP client, a
// model's tool result, a span, or Restate's journal.
import { describe, expect, it } from 'vitest';
import { ModelError, TransientError, ValidationError, type FaultlineError } from '../../src/index.js';
import { retry } from '../../src/retry/index.js';
import { toProblemDetails } from '../../src/http/index.js';
import { toJsonRpcError } from '../../src/jsonrpc/index.js';
import { toMcpToolResult, toSpanAttributes, toToolResult } from '../../src/agent/index.js';
import { toRestateError } from '../../src/restate/index.js';

const SECRET_MESSAGE = 'connect postgres://app:hunter2@db/app failed; token=sk-live-abcdef123456';

// What leaves through each adapter, as text.
const WRITERS: readonly (readonly [string, (error: FaultlineError) => string])[] = [
  ['toJsonRpcError (exposed)', (error) => JSON.stringify(toJsonRpcError(error, 1, { expose: true }))],
  ['toProblemDetails (exposed)', (error) => JSON.stringify(toProblemDetails(error, { expose: true }))],
  ['toMcpToolResult', (error) => JSON.stringify(toMcpToolResult(error))],
  ['toToolResult', (error) => JSON.stringify(toToolResult(error))],
  ['toSpanAttributes', (error) => JSON.stringify(toSpanAttributes(error))],
  ['toRestateError', (error) => { const mapped = toRestateError(error); return JSON.stringify({ message: mapped.message, stack: mapped.stack, metadata: (mapped as { metadata?: unknown }).metadata }); }],
];

describe('what leaves through an adapter is redacted', () => {
  it.each(WRITERS)('%s, for a retryable and a terminal error', (_, write) => {
    for (const error of [new TransientError(SECRET_MESSAGE), new ValidationError(SECRET_MESSAGE)]) {
      const text = write(error);
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('sk-live-abcdef123456');
    }
  });
});

describe('what leaves through an adapter is bounded, whatever the strings an error holds', () => {
  const HUGE = 'x'.repeat(10_000_000);

  /** An error every string of which is ten million characters, as a hostile peer or SDK error may make one. */
  function hugeError(): FaultlineError {
    const error = new TransientError(HUGE, { code: HUGE, requestId: HUGE, recommendations: [HUGE, HUGE], details: { blob: HUGE } });
    Object.defineProperty(error, 'name', { value: HUGE });
    return error;
  }

  it.each(WRITERS)('%s writes at most 100,000 characters', (_, write) => {
    expect(write(hugeError()).length).toBeLessThanOrEqual(100_000);
  }, 60_000);

  it('an onError event’s error too', async () => {
    const events: string[] = [];
    await retry(() => Promise.reject(hugeError()), { maxAttempts: 1, onError: (event) => { events.push(JSON.stringify(event)); } }).catch(() => undefined);
    expect(events[0]?.length).toBeLessThanOrEqual(100_000);
  }, 60_000);

  it('a request id of ten million characters in an SDK error’s headers is written at 1,024', () => {
    const sdkError = Object.assign(new Error('429 Rate limit'), { status: 429, headers: new Headers({ 'x-request-id': HUGE }), error: { type: 'requests' } });
    expect(JSON.stringify(toJsonRpcError(ModelError.from(sdkError), 1)).length).toBeLessThanOrEqual(100_000);
  }, 60_000);
});
