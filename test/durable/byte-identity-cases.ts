// The errors every engine must give back byte for byte: what `serializeError` writes of the error
// rebuilt from the engine is what it writes of the error thrown. None is retryable, so that every engine
// carries it (Restate carries the serialized error on a TerminalError alone).
import { ModelQuotaExceededError, serializeError, ToolExecutionError, TransientError, ValidationError, type FaultlineError } from '../../src/index.js';

export const BYTE_IDENTITY_CASES: readonly (readonly [string, () => FaultlineError])[] = [
  ['a built-in class with fields', () => new ModelQuotaExceededError('The account is out of credit', {
    provider: 'openai', requestId: 'req_1', status: 429, details: { plan: 'free', region: 'eu' },
  })],
  ['an error with a cause chain', () => new ToolExecutionError('search failed', {
    toolName: 'search', retryable: false,
    cause: new TransientError('connection reset', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
  })],
  // A request id is cut at 1,024 characters whatever the limits: cut and marked (`truncated`) alike by
  // the writer's defaults and by each engine's tighter limits.
  ['an error cut by the limits', () => new ValidationError('bad arguments', { requestId: 'r'.repeat(3000), fields: { query: 'Required' } })],
];

/** What `serializeError` writes of an error, as text: the bytes compared. */
export function contractOf(error: unknown): string {
  return JSON.stringify(serializeError(error));
}

/** The value an engine's reader kept on a rebuilt error, read as the docs tell a user to read it. */
export function engineErrorOf(error: object): unknown {
  return 'engineError' in error ? error.engineError : undefined;
}
