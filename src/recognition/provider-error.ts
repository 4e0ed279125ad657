import { headerValue } from '../foundation/header-value.js';
import { readProperty, readString } from '../foundation/safe-read.js';

/**
 * What an error from an LLM provider's SDK or an HTTP client says, read by its public shape: never
 * by `instanceof` on an SDK's classes, so no SDK needs to be installed. The status, headers and
 * request id come from the first error of the cause chain that carries a status, since one SDK may
 * wrap another's error.
 */
export interface ProviderReading {
  /** From `status`, `statusCode` or `response.status`. */
  readonly status: number;
  /** From `headers`, `responseHeaders` or `response.headers`: a Headers, a Map or a plain object. */
  readonly headers: unknown;
  /** From the `x-request-id` or `request-id` header, or a `requestID`, `request_id` or `requestId` property. */
  readonly requestId: string | undefined;
  /** The error's code, type and message, and its body's, lowercased: what the wording rules read. */
  readonly text: string;
  /** What the provider or the SDK says of retrying: an `isRetryable` boolean, or `x-should-retry: true|false`. */
  readonly retryable: boolean | undefined;
  /**
   * Whether it has the shape of an LLM SDK's API error: beside its status, headers of its own
   * (`headers`, `responseHeaders`), a parsed `error` body, a `responseBody`, `isRetryable` or a request
   * id property. An HTTP client's error, with its headers on `response`, is not.
   */
  readonly sdkShaped: boolean;
}

/** What a provider's failure is, by the rules of docs/mapping.md. */
export type ProviderFailure =
  | 'quota' | 'rate-limit' | 'overloaded' | 'content-filter' | 'timeout' | 'context-length' | 'unauthenticated' | 'forbidden' | 'status';

// One SDK wrapping another's error puts the status one or two causes down; three is enough.
const CAUSE_LEVELS = 3;
// Only this much of each piece of text is read: a body may be megabytes.
const TEXT_LIMIT = 2000;

const QUOTA = /insufficient_quota|exceeded your current quota|check your plan and billing|credit balance is too low|billing|spend(?:ing)? limit|quota/;
const PER_MINUTE = /per min|per minute|rate[ _-]?limit/;
const OVERLOADED = /overloaded/;
const CONTENT_FILTER = /content_filter|content[ _]policy|safety system|responsible ?ai/;
const CONTEXT_LENGTH = /context_length_exceeded|context length|maximum context|context window|prompt is too long|too many tokens|input is too long/;

/**
 * Reads an error as a provider's: undefined when neither it nor the errors of its cause chain carry a
 * status. Never throws.
 *
 * @example
 * ```ts
 * const reading = readProviderError(Object.assign(new Error('429 Rate limit reached'), { status: 429, headers: new Headers({ 'retry-after': '2' }) }));
 * reading === undefined ? undefined : providerFailure(reading); // 'rate-limit'
 * ```
 */
export function readProviderError(value: unknown): ProviderReading | undefined {
  let node = value;
  for (let level = 0; level <= CAUSE_LEVELS && typeof node === 'object' && node !== null; level++) {
    const status = statusOf(node);
    if (status !== undefined) return reading(node, status);
    node = readProperty(node, 'cause');
  }
  return undefined;
}

/**
 * Whether an error with no status is an SDK's own timeout (`APIConnectionTimeoutError`, whose
 * message is "Request timed out."), which neither its name nor a code says.
 */
export function isSdkTimeout(value: unknown): boolean {
  return /timeout/i.test(readString(readProperty(value, 'constructor'), 'name') ?? '') || /request timed out/i.test(readString(value, 'message') ?? '');
}

function reading(node: unknown, status: number): ProviderReading {
  // An SDK's error holds its headers itself; an HTTP client's (axios) holds them on its response.
  const ownHeaders = firstDefined(readProperty(node, 'headers'), readProperty(node, 'responseHeaders'));
  const headers = ownHeaders ?? readProperty(readProperty(node, 'response'), 'headers');
  const body = readProperty(node, 'error');
  const responseBody = readString(node, 'responseBody');
  const isRetryable = readProperty(node, 'isRetryable');
  const shouldRetry = headerValue(headers, 'x-should-retry');
  const requestIdProperty = readString(node, 'requestID') ?? readString(node, 'request_id') ?? readString(node, 'requestId');
  const requestId = headerValue(headers, 'x-request-id') ?? headerValue(headers, 'request-id') ?? requestIdProperty;
  const text = [
    readString(node, 'code'), readString(node, 'type'), readString(node, 'errorCode'), readString(node, 'apiMessage'),
    readString(body, 'code'), readString(body, 'type'), readString(body, 'message'),
    readString(readProperty(body, 'error'), 'type'), readString(readProperty(body, 'error'), 'message'),
    responseBody, readString(node, 'message'),
  ]
    .filter((piece): piece is string => piece !== undefined)
    .map((piece) => piece.slice(0, TEXT_LIMIT).toLowerCase())
    .join(' ');
  return {
    status,
    headers,
    requestId,
    text,
    retryable: typeof isRetryable === 'boolean' ? isRetryable : shouldRetry === 'true' ? true : shouldRetry === 'false' ? false : undefined,
    sdkShaped:
      ownHeaders !== undefined || (typeof body === 'object' && body !== null) || responseBody !== undefined ||
      typeof isRetryable === 'boolean' || requestIdProperty !== undefined,
  };
}

/**
 * The failure a provider's error stands for, from its status and its wording; undefined without a
 * status. An out-of-quota account is told from a per-minute rate limit by its words, since retrying
 * it never works.
 */
export function providerFailure(reading: ProviderReading): ProviderFailure {
  const { status, text } = reading;
  if ((status === 429 || status === 402 || status === 400) && QUOTA.test(text) && !PER_MINUTE.test(text)) return 'quota';
  if (status === 429) return 'rate-limit';
  if (status === 529 || (status >= 500 && OVERLOADED.test(text))) return 'overloaded';
  if (status === 400 && CONTENT_FILTER.test(text)) return 'content-filter';
  if (status === 408) return 'timeout';
  if ((status === 400 || status === 413) && CONTEXT_LENGTH.test(text)) return 'context-length';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'status';
}

function statusOf(node: object): number | undefined {
  const found = firstDefined(readProperty(node, 'status'), readProperty(node, 'statusCode'), readProperty(readProperty(node, 'response'), 'status'));
  return typeof found === 'number' && Number.isInteger(found) && found >= 100 && found <= 599 ? found : undefined;
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}
