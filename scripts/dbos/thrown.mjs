// The errors the `byte-…` workflows of `npm run test:dbos` throw in a step, by case, made again by the
// runner to compare what a client and a row read back with what was thrown, byte for byte.
import { ModelQuotaExceededError, ToolExecutionError, TransientError, ValidationError } from 'faultline';

export const THROWN = {
  fields: () => new ModelQuotaExceededError('The account is out of credit', { provider: 'openai', requestId: 'req_b', status: 429, details: { plan: 'free' } }),
  // A cause chain: a faultline cause, and a foreign one with a code under it.
  chain: () => new ToolExecutionError('search failed', {
    toolName: 'search', retryable: false,
    cause: new TransientError('connection reset', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
  }),
  // Cut by the limits: a request id is cut at 1,024 characters, and marked (`truncated`).
  cut: () => new ValidationError('Invalid arguments', { requestId: 'r'.repeat(3000), fields: { query: 'Required' } }),
};
