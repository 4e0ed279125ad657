/**
 * The constructions behind the golden files in test/contract/golden/. golden.test.ts serializes
 * each one and compares the text byte for byte with its checked-in file; scripts/update-golden.mjs
 * writes the files from the same list when the contract changes on purpose.
 */
import { readFileSync } from 'node:fs';
import {
  AgentAbortedError, AgentError, AgentMaxIterationsError, AgentStateError, AuthenticationError, AuthError,
  AuthorizationError, ModelApiError, ModelContentFilterError, ModelContextLengthError, ModelError, ModelQuotaExceededError, ModelRateLimitError,
  ModelTimeoutError,
  SecurityError, StorageError, TimeoutError, ToolError, ToolExecutionError, ToolNotFoundError, ToolPermissionError,
  ToolTimeoutError, TransientError, UnknownError, ValidationError,
  type FaultlineError, type FaultlineErrorOptions, type SerializeOptions,
} from '../../src/index.js';
import { ModelOutputError } from '../../src/errors/model.js';

/**
 * A user class with its own fields, as the README shows users writing one. `amount` is a whole
 * number, `card` any JSON value: the golden file's bytes are those the 0.2 class wrote.
 */
export class PaymentDeclinedError extends ToolError.subclass('PaymentDeclinedError', {
  code: 'PAYMENT_DECLINED',
  message: 'The payment was declined',
  fields: { amount: 'whole', currency: 'string', card: 'json' },
}) {}

/** A cause chain every golden error carries: a faultline cause whose own cause is a foreign error with a code. */
function upstreamCause(): TransientError {
  return new TransientError('Upstream connection reset', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
}

/** The fields every built-in class accepts, each one set; two of the details are secrets. */
function common(): FaultlineErrorOptions & { cause: unknown } {
  return {
    retryAfterMs: 1500,
    status: 503,
    requestId: 'req_01HZX3',
    recommendations: ['Retry after the suggested delay', 'Check the provider status page'],
    details: {
      operation: 'search',
      attempt: 2,
      ratio: 0.25,
      dryRun: false,
      input: { query: 'weather in Paris', limit: 10, filters: ['news', 'recent'], nested: { deep: [1, [2, 3]] } },
      apiKey: 'sk-proj-abcdefghijklmnopqrstuvwx',
      endpoint: 'https://bot:hunter2@api.example.com/v1',
    },
    cause: upstreamCause(),
  };
}

const MESSAGE = 'The operation failed';

/** One golden case: the file it is compared with, how to build and serialize the error, and the same in words (the conformance corpus's `input`). */
export interface GoldenCase {
  readonly file: string;
  readonly build: () => FaultlineError;
  readonly options?: SerializeOptions;
  readonly describes?: string;
}

/** In words, what `common()` sets on every built-in class's golden error. */
export const COMMON_FIELDS =
  "the message 'The operation failed'; retryAfterMs 1500, status 503, requestId 'req_01HZX3', two recommendations; details with a " +
  'string, whole and fractional numbers, a boolean, nested objects and arrays, an `apiKey` holding an OpenAI key and an `endpoint` URL ' +
  "with a password in its userinfo (both redacted); and as cause a TransientError 'Upstream connection reset' whose cause is a foreign " +
  "Error 'socket hang up' with the code ECONNRESET";

/** Every built-in concrete class, each with every field it has set. Written out, not read from src. */
export const BUILT_IN_CASES: readonly GoldenCase[] = [
  { file: 'ModelError', build: () => new ModelError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o' }) },
  { file: 'ModelRateLimitError', build: () => new ModelRateLimitError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o' }) },
  {
    file: 'ModelTimeoutError',
    build: () => new ModelTimeoutError(MESSAGE, { ...common(), provider: 'anthropic', model: 'claude-sonnet', timeoutMs: 30000 }),
  },
  { file: 'ModelApiError', build: () => new ModelApiError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o' }) },
  {
    file: 'ModelContextLengthError',
    build: () => new ModelContextLengthError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o-mini' }),
  },
  { file: 'ModelQuotaExceededError', build: () => new ModelQuotaExceededError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o' }) },
  { file: 'ModelContentFilterError', build: () => new ModelContentFilterError(MESSAGE, { ...common(), provider: 'azure', model: 'gpt-4o' }) },
  { file: 'ModelOutputError', build: () => new ModelOutputError(MESSAGE, { ...common(), provider: 'openai', model: 'gpt-4o' }) },
  { file: 'ToolError', build: () => new ToolError(MESSAGE, { ...common(), toolName: 'search' }) },
  { file: 'ToolNotFoundError', build: () => new ToolNotFoundError(MESSAGE, { ...common(), toolName: 'delete' }) },
  { file: 'ToolPermissionError', build: () => new ToolPermissionError(MESSAGE, { ...common(), toolName: 'shell' }) },
  {
    file: 'ToolExecutionError',
    // A secret inside a string value: `password=...` is redacted where it stands.
    build: () =>
      new ToolExecutionError(MESSAGE, {
        ...common(),
        toolName: 'sql',
        details: { ...common().details, stderr: 'connect failed: password=hunter2' },
      }),
    describes: "A ToolExecutionError built with the common fields, its details also holding `stderr: 'connect failed: password=hunter2'` (the password redacted where it stands), and toolName 'sql'.",
  },
  { file: 'ToolTimeoutError', build: () => new ToolTimeoutError(MESSAGE, { ...common(), toolName: 'browse', timeoutMs: 10000 }) },
  { file: 'AgentError', build: () => new AgentError(MESSAGE, { ...common(), agentId: 'planner' }) },
  {
    file: 'AgentMaxIterationsError',
    build: () => new AgentMaxIterationsError(MESSAGE, { ...common(), agentId: 'planner', maxIterations: 25 }),
  },
  {
    file: 'AgentStateError',
    build: () => new AgentStateError(MESSAGE, { ...common(), agentId: 'planner', currentState: 'done', targetState: 'running' }),
  },
  { file: 'AgentAbortedError', build: () => new AgentAbortedError(MESSAGE, { ...common(), agentId: 'planner' }) },
  { file: 'StorageError', build: () => new StorageError(MESSAGE, { ...common(), store: 'redis' }) },
  { file: 'SecurityError', build: () => new SecurityError(MESSAGE, { ...common(), policy: 'input-guard' }) },
  { file: 'AuthError', build: () => new AuthError(MESSAGE, common()) },
  { file: 'AuthenticationError', build: () => new AuthenticationError(MESSAGE, { ...common(), status: 401 }) },
  { file: 'AuthorizationError', build: () => new AuthorizationError(MESSAGE, { ...common(), status: 403 }) },
  {
    file: 'ValidationError',
    build: () => new ValidationError(MESSAGE, { ...common(), status: 422, fields: { 'user.email': 'Invalid email', query: 'Required' } }),
    describes: "A ValidationError built with the common fields, status 422 in place of 503, and fields { 'user.email': 'Invalid email', query: 'Required' }.",
  },
  { file: 'TransientError', build: () => new TransientError(MESSAGE, common()) },
  { file: 'TimeoutError', build: () => new TimeoutError(MESSAGE, { ...common(), timeoutMs: 5000 }) },
  { file: 'UnknownError', build: () => new UnknownError(MESSAGE, common()) },
];

/** The outputs beyond the built-in classes: an AggregateError cause, cuts, a stream's failure, the numbers of issue #31, a user class. */
export const OTHER_CASES: readonly GoldenCase[] = [
  {
    file: 'aggregate-cause',
    build: () =>
      new ToolExecutionError('Every provider failed', {
        toolName: 'search',
        cause: new AggregateError(
          [
            new ModelRateLimitError('Rate limited', { provider: 'openai', retryAfterMs: 2000, status: 429 }),
            Object.assign(new Error('getaddrinfo EAI_AGAIN api.example.com'), { code: 'EAI_AGAIN' }),
            'a plain string reason',
            { reason: 'quota', remaining: 0 },
          ],
          'All promises were rejected',
        ),
      }),
    describes:
      "A ToolExecutionError 'Every provider failed' with toolName 'search', whose cause is an AggregateError 'All promises were rejected' " +
      "of four: a ModelRateLimitError (provider 'openai', retryAfterMs 2000, status 429), a foreign Error with the code EAI_AGAIN, a " +
      "string, and a plain object { reason: 'quota', remaining: 0 }.",
  },
  {
    file: 'truncated',
    build: () => {
      const first = new ToolError('First attempt', { toolName: 'search', cause: new ToolError('Never written: past maxDepth') });
      const second = new ToolError('Second attempt', { toolName: 'search' });
      const top = new AgentError('The agent gave up after every attempt failed, twice over', {
        agentId: 'planner',
        details: { step: 3 },
        cause: new AggregateError([first, second, new Error('Never written: past maxErrors')], 'Both attempts failed'),
      });
      // A cycle: the second attempt's cause is the top error itself.
      Object.defineProperty(second, 'cause', { value: top, writable: true, configurable: true });
      return top;
    },
    options: { maxDepth: 3, maxMessageLength: 40, maxErrors: 2 },
    describes:
      "An AgentError with a message longer than 40 characters, agentId 'planner', details { step: 3 } and as cause an AggregateError " +
      'of three: a ToolError whose own cause lies past maxDepth, a ToolError whose cause is the top error itself (a cycle), and an ' +
      'Error past maxErrors. Serialized with { maxDepth: 3, maxMessageLength: 40, maxErrors: 2 }: every cut is marked in `truncated`.',
  },
  {
    // A streamed call that failed after it showed output (issue #17): outputStarted, and a cut name and
    // code past 1,024 characters (truncated.strings, issue #20).
    file: 'output-started',
    build: () => new ModelApiError('Overloaded', { provider: 'anthropic', model: 'claude', outputStarted: true, code: `OVERLOADED_${'X'.repeat(1100)}` }),
    describes: "A ModelApiError 'Overloaded' of a stream that had shown output (outputStarted), with a code of 1,111 characters: cut to 1,024 and marked (`truncated.strings`).",
  },
  {
    // What a failed call cost (issue #31): every count, beside details whose keys are secrets' names.
    file: 'usage',
    build: () =>
      new ModelApiError('Overloaded', {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        status: 529,
        usage: { inputTokens: 1200, outputTokens: 85, totalTokens: 1285, cachedInputTokens: 1024, reasoningTokens: 40 },
        details: { apiKey: 'sk-proj-abcdefghijklmnopqrstuvwx', token: 'hunter2' },
      }),
    describes: 'A ModelApiError with status 529 and every count of usage, beside details whose keys are the names of secrets (both redacted).',
  },
  {
    // Which limit a request hit, and when it resets (issue #31).
    file: 'rate-limit',
    build: () =>
      new ModelRateLimitError('Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200.', {
        provider: 'openai',
        model: 'gpt-4o',
        status: 429,
        retryAfterMs: 2400,
        rateLimit: { dimension: 'tokens', limit: 30000, remaining: 0, resetMs: 2400 },
        usage: { inputTokens: 0 },
      }),
    describes: 'A ModelRateLimitError with its rateLimit (tokens, limit 30000, remaining 0, resetMs 2400), retryAfterMs 2400 and a usage of 0 input tokens.',
  },
  {
    // How far over the context a request was (issue #31).
    file: 'context-length',
    build: () =>
      new ModelContextLengthError("This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.", {
        provider: 'openai',
        model: 'gpt-4o',
        status: 400,
        requestedTokens: 130000,
        maxContextTokens: 128000,
      }),
    describes: 'A ModelContextLengthError with requestedTokens 130000 and maxContextTokens 128000.',
  },
  {
    file: 'user-class',
    build: () =>
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- a class with fields extends an intersection, which the rule cannot follow (docs/extending.md)
      new PaymentDeclinedError('Card declined by issuer', {
        toolName: 'charge',
        amount: 4999,
        currency: 'EUR',
        card: { brand: 'visa', last4: '4242' },
        requestId: 'ch_123',
        cause: Object.assign(new Error('do_not_honor'), { code: 'card_declined' }),
      }),
    describes:
      "A PaymentDeclinedError, a class of the user's below ToolError (code PAYMENT_DECLINED; fields amount: 'whole', currency: " +
      "'string', card: 'json'), with toolName 'charge', amount 4999, currency 'EUR', a card object and a foreign cause with a code.",
  },
];

/** Every golden case. */
export const GOLDEN_CASES: readonly GoldenCase[] = [...BUILT_IN_CASES, ...OTHER_CASES];

/** The checked-in text of a golden file. */
export function goldenText(file: string): string {
  return readFileSync(new URL(`./golden/${file}.json`, import.meta.url), 'utf8');
}
