// Every message that leaves the process through an adapter is redacted by the contract's rules: a
// secret in an error's message never reaches a JSON-RPC caller, a problem detail, an MCP client, a
// model's tool result, a span, or Restate's journal.
import { describe, expect, it } from 'vitest';
import { TransientError, ValidationError, type FaultlineError } from '../../src/index.js';
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
