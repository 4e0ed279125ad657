// The errors the service of `npm run test:restate` throws in a step, by case, made again by the runner
// to compare what the caller reads back with what was thrown, byte for byte. None is retryable, so each
// reaches the caller as a TerminalError carrying the serialized error.
import { ModelQuotaExceededError, SecurityError, ToolExecutionError, TransientError, ValidationError } from 'faultline';

export const THROWN = {
  quota: () => new ModelQuotaExceededError('The account is out of credit', { provider: 'openai', requestId: 'req_q', status: 429, details: { plan: 'free' } }),
  validation: () => new ValidationError('Invalid arguments', { fields: { userId: 'Required' } }),
  security: () => new SecurityError('Blocked by the PII filter', { policy: 'pii' }),
  // A cause chain: a faultline cause, and a foreign one with a code under it.
  chain: () => new ToolExecutionError('search failed', {
    toolName: 'search', retryable: false,
    cause: new TransientError('connection reset', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
  }),
  // Cut by the limits: a request id is cut at 1,024 characters, and marked (`truncated`).
  cut: () => new ValidationError('Invalid arguments', { requestId: 'r'.repeat(3000), fields: { query: 'Required' } }),
};
