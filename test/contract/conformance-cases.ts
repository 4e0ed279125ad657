/**
 * The conformance corpus (conformance/cases.json in the package): every golden case, the input it was
 * made from in words and the exact JSON it must write and read back as; the nodes a reader must read as
 * the family class of their category; and the inputs it must refuse. scripts/update-conformance.mjs writes
 * the file from this module; conformance.test.ts holds the file to it, and faultline's own reader to every case.
 */
import { COMMON_FIELDS, GOLDEN_CASES, goldenText } from './golden-cases.js';

/** A node a reader must accept: read as `readsAs` (the class of its name), and written back as the same JSON. */
export interface ValidCase {
  readonly name: string;
  readonly input: string;
  readonly options?: object;
  readonly readsAs: string;
  readonly note?: string;
  readonly json: unknown;
}

/** A node a reader must read as the family class of its category, keeping its name, code and every field. */
export interface FallbackCase {
  readonly name: string;
  readonly why: string;
  readonly readsAs: string;
  readonly json: unknown;
}

/** An input a reader must refuse. */
export interface InvalidCase {
  readonly name: string;
  readonly why: string;
  readonly json: unknown;
}

const HEAD = { name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: 'It failed', retryable: false };

const FALLBACK: readonly FallbackCase[] = [
  { name: 'an unknown name', why: 'No class of the reader has the name PaymentDeclinedError.', readsAs: 'ToolError', json: { ...HEAD, name: 'PaymentDeclinedError', code: 'PAYMENT_DECLINED', amount: 4999 } },
  { name: 'a category not its class’s', why: 'SecurityError is of the SECURITY category; read as TOOL, it would be retried while its status says 403.', readsAs: 'ToolError', json: { ...HEAD, name: 'SecurityError', code: 'SECURITY_VIOLATION' } },
  { name: 'an unknown name in the UNKNOWN category', why: 'The family class of UNKNOWN is UnknownError.', readsAs: 'UnknownError', json: { ...HEAD, name: 'SomethingElse', code: 'SOMETHING', category: 'UNKNOWN' } },
];

const INVALID: readonly InvalidCase[] = [
  { name: 'no code', why: '`code` is required, a string.', json: { name: 'ToolError', category: 'TOOL', message: 'x', retryable: false } },
  { name: 'a category not of the ten', why: '`category` is one of MODEL, TOOL, AGENT, STORAGE, SECURITY, AUTH, VALIDATION, TRANSIENT, TIMEOUT, UNKNOWN.', json: { ...HEAD, category: 'NETWORK' } },
  { name: 'retryable as text', why: '`retryable` is a boolean.', json: { ...HEAD, retryable: 'true' } },
  { name: 'a negative retryAfterMs', why: '`retryAfterMs` is a whole number, 0 or more.', json: { ...HEAD, retryAfterMs: -1 } },
  { name: 'a fractional status', why: '`status` is a whole number, 0 or more.', json: { ...HEAD, status: 429.5 } },
  { name: 'recommendations that are not all strings', why: '`recommendations` is an array of strings.', json: { ...HEAD, recommendations: ['retry', 3] } },
  { name: 'details that are an array', why: '`details` is an object (a writer wraps any other value as `{ "value": ... }`).', json: { ...HEAD, details: [1, 2] } },
  { name: 'an empty usage', why: '`usage` holds at least one count: an empty one says nothing, and no writer writes one.', json: { ...HEAD, name: 'ModelError', code: 'MODEL_ERROR', category: 'MODEL', usage: {} } },
  { name: 'a rate limit with no dimension', why: '`rateLimit.dimension` is one of requests, tokens, inputTokens, outputTokens.', json: { ...HEAD, name: 'ModelRateLimitError', code: 'MODEL_RATE_LIMITED', category: 'MODEL', retryable: true, rateLimit: { limit: 10 } } },
  { name: 'a built-in field of another type', why: '`toolName` is a string wherever it is written.', json: { ...HEAD, toolName: 42 } },
  { name: 'a reserved key', why: 'Keys such as `__proto__`, `constructor`, `toJSON` are never fields.', json: JSON.parse('{"name":"ToolError","code":"TOOL_ERROR","category":"TOOL","message":"x","retryable":false,"toJSON":"x"}') as unknown },
  { name: 'a truncated record with an unknown key', why: '`truncated` holds only cause, errors, message, stack, details and strings.', json: { ...HEAD, truncated: { bytes: 10 } } },
];

// A class of the user's: a reader that does not declare it reads the node as the family class of its category.
const USER_CLASS_NOTE = 'A reader that declares PaymentDeclinedError reads it as that class; one that does not, as ToolError, the family class of TOOL.';

function describe(golden: (typeof GOLDEN_CASES)[number]): string {
  if (golden.describes !== undefined) return golden.describes;
  const error = golden.build();
  const common = new Set(['retryAfterMs', 'status', 'requestId', 'recommendations', 'details']);
  const own = Object.keys(error).filter((key) => !common.has(key)).map((key) => `${key} ${JSON.stringify((error as unknown as Record<string, unknown>)[key])}`);
  return `A ${golden.file} built with the common fields${own.length === 0 ? '' : `, and ${own.join(', ')}`}.`;
}

/** The document conformance/cases.json holds. */
export function conformanceDocument(version: string): object {
  return {
    about:
      'The conformance corpus of the faultline error contract (docs/contract.md). A reader in any language proves it reads faultline\'s ' +
      'JSON by accepting every `valid` node and writing it back as the same JSON (key order included), reading every `fallback` node as ' +
      'its family class with every field kept, and refusing every `invalid` input; schema.json (the `faultline/schema.json` export) is ' +
      'the same contract as a JSON Schema.',
    version,
    commonFields: `Every built-in class's case is built with ${COMMON_FIELDS}.`,
    valid: GOLDEN_CASES.map((golden) => ({
      name: golden.file,
      input: describe(golden),
      ...(golden.options !== undefined && { options: golden.options }),
      readsAs: golden.file === 'user-class' ? 'ToolError' : golden.build().name,
      ...(golden.file === 'user-class' && { note: USER_CLASS_NOTE }),
      json: JSON.parse(goldenText(golden.file)) as unknown,
    })),
    fallback: FALLBACK,
    invalid: INVALID,
  };
}
