import { headerTable, headerValue, type HeaderTable } from '../foundation/header-value.js';
import { fieldText } from '../foundation/field-text.js';
import { readProperty, readString } from '../foundation/safe-read.js';

/**
 * What an error from an LLM provider's SDK or an HTTP client says, read by its public shape: never
 * by `instanceof` on an SDK's classes, so no SDK needs to be installed. The status, headers and
 * request id come from the first error of the cause chain that carries a status, since one SDK may
 * wrap another's error.
 */
export interface ProviderReading {
  /**
   * The status the rules read: the response's own (`status`, `statusCode` or `response.status`), or,
   * where it has none or says less (400, 500), the status the provider's error type or code stands
   * for; undefined for a failure in a stream that says nothing known.
   */
  readonly status: number | undefined;
  /** The response's own status: absent for a failure in the middle of a stream whose response was a 200. */
  readonly httpStatus: number | undefined;
  /** What the provider called the failure (its error type, code or gRPC status name), for a failure with no HTTP status. */
  readonly providerType: string | undefined;
  readonly providerCode: string | number | undefined;
  /** The provider's own message, from the body or the event, for a value that has none of its own (a raw stream event). */
  readonly providerMessage: string | undefined;
  /** From `headers`, `responseHeaders` or `response.headers`, read once (`headerTable`): every reader asks this. */
  readonly headers: HeaderTable | undefined;
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

/** What a provider's failure is, by the rules of docs/mapping.md; `unknown` for a failure in a stream that says nothing known. */
export type ProviderFailure =
  | 'quota' | 'rate-limit' | 'overloaded' | 'content-filter' | 'timeout' | 'context-length' | 'unauthenticated' | 'forbidden' | 'status' | 'unknown';

// The status each of a provider's documented error types and codes stands for, for a failure that
// has no HTTP status of its own (an error event in the middle of a stream whose response was a 200).
// The rules then read it as they read that status; its wording still counts (context length, quota,
// content policy). timeout_error is 504 in Anthropic's table, read here as 408, the rules' timeout.
const STATUS_OF_TYPE: Readonly<Record<string, number>> = {
  // Anthropic's error types
  invalid_request_error: 400, authentication_error: 401, billing_error: 402, permission_error: 403, not_found_error: 404,
  request_too_large: 413, rate_limit_error: 429, api_error: 500, timeout_error: 408, overloaded_error: 529,
  // OpenAI's codes and types, in chat completions and the Responses API
  server_error: 500, rate_limit_exceeded: 429, insufficient_quota: 429, context_length_exceeded: 400, content_filter: 400,
  invalid_prompt: 400,
};

// gRPC status names (Gemini's `status`), as their HTTP equivalents.
const STATUS_OF_GRPC: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: 400, UNAUTHENTICATED: 401, PERMISSION_DENIED: 403, RESOURCE_EXHAUSTED: 429, INTERNAL: 500, UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

// One SDK wrapping another's error puts the status one or two causes down; three is enough.
const CAUSE_LEVELS = 3;
// Only this much of each piece of text is read: a body may be megabytes.
const TEXT_LIMIT = 2000;

const QUOTA = /insufficient_quota|exceeded your current quota|check your plan and billing|credit balance is too low|insufficient credits|billing|spend(?:ing)? limit|quota/;
// A rate, not an account: Vertex's routine 429 says "Resource has been exhausted (e.g. check quota)".
const PER_MINUTE = /per min|per minute|rate[ _-]?limit|resource has been exhausted/;
const OVERLOADED = /overloaded/;
const CONTENT_FILTER = /content_filter|invalid_prompt|content[ _]policy|safety system|responsible ?ai/;
// Anthropic's "input length and `max_tokens` exceed context limit: ...", Gemini's "The input token count (...)
// exceeds the maximum number of tokens allowed (...)" besides the words every provider uses.
const CONTEXT_LENGTH = /context_length_exceeded|context length|maximum context|context window|context limit|prompt is too long|too many tokens|input is too long|maximum number of tokens allowed/;

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
    const said = providerSaid(node);
    if (status !== undefined || said !== undefined) return reading(node, status, said);
    node = readProperty(node, 'cause');
  }
  return undefined;
}

/** What a provider's error says of itself where a status would be: its type or code, and the status that stands for. */
interface ProviderSaid {
  readonly type: string | undefined;
  readonly code: string | number | undefined;
  /** The status the type or code stands for; undefined when it is none the tables know. */
  readonly status: number | undefined;
}

/**
 * The provider's own word for a failure, wherever the SDKs and the raw events put it: the error's
 * `type` and `code` (the SDK copies the body's there), the body's (`error`), Anthropic's event
 * (`error.error.type`), the Responses API's `response.failed` (`response.error.code`), a gateway's
 * numeric `code`, a gRPC `status` name. Undefined for a value shaped like none of them: an ordinary
 * error with a `code` is not a provider's failure.
 */
function providerSaid(node: object): ProviderSaid | undefined {
  // The parsed body: an SDK's `error`, or the AI SDK's APICallError's `data`.
  const body = readProperty(node, 'error') ?? readProperty(node, 'data');
  const own = { type: readProperty(node, 'type'), code: readProperty(node, 'code') };
  const hasBody = typeof body === 'object' && body !== null;
  // Most errors have no body and no type (at most a code, a Node system error's): done in four reads.
  if (!hasBody && own.type === undefined && own.code === undefined && readProperty(node, 'status') === undefined) return undefined;
  const failed = own.type === 'response.failed' ? readProperty(readProperty(node, 'response'), 'error') : undefined;
  let type: string | undefined;
  let code: string | number | undefined;
  for (const holder of [node, body, readProperty(body, 'error'), failed]) {
    if (typeof holder !== 'object' || holder === null) continue;
    for (const key of ['type', 'code'] as const) {
      const said = holder === node ? own[key] : readProperty(holder, key);
      if (isHttpStatus(said)) return { type, code: said, status: said };
      if (typeof said !== 'string') continue;
      if (Object.hasOwn(STATUS_OF_TYPE, said)) return { type: key === 'type' ? said : type, code: key === 'code' ? said : code, status: STATUS_OF_TYPE[said] };
      if (said !== 'error' && said !== 'response.failed') {
        if (key === 'type') type ??= said;
        else code ??= said;
      }
    }
    const grpc = readString(holder, 'status');
    if (grpc !== undefined && Object.hasOwn(STATUS_OF_GRPC, grpc)) return { type: grpc, code, status: STATUS_OF_GRPC[grpc] };
  }
  // A stream's error event the tables do not know: an SDK's error with a body and headers but no
  // status, Anthropic's raw event, a Responses API failure. Anything else is no provider's.
  const streamShaped = hasBody ? readProperty(node, 'headers') !== undefined || own.type === 'error' : failed !== undefined || own.type === 'error';
  return streamShaped ? { type, code, status: undefined } : undefined;
}

/**
 * Whether an error with no status is an SDK's own timeout (`APIConnectionTimeoutError`, whose
 * message is "Request timed out."), which neither its name nor a code says.
 */
export function isSdkTimeout(value: unknown): boolean {
  return /timeout/i.test(readString(readProperty(value, 'constructor'), 'name') ?? '') || /request timed out/i.test(readString(value, 'message') ?? '');
}

function reading(node: object, httpStatus: number | undefined, said: ProviderSaid | undefined): ProviderReading {
  // An SDK's error holds its headers itself; an HTTP client's (axios) holds them on its response.
  const response = readProperty(node, 'response');
  const ownHeaders = firstDefined(readProperty(node, 'headers'), readProperty(node, 'responseHeaders'));
  const headers = headerTable(ownHeaders ?? readProperty(response, 'headers'));
  const body = readProperty(node, 'error');
  const inner = readProperty(body, 'error');
  const responseBody = readString(node, 'responseBody');
  const isRetryable = readProperty(node, 'isRetryable');
  const shouldRetry = headerValue(headers, 'x-should-retry');
  const requestIdProperty = readString(node, 'requestID') ?? readString(node, 'request_id') ?? readString(node, 'requestId');
  // Headers are cut as they are read; the request id an SDK copied from one, and the body's words, here.
  const requestIdCut = requestIdProperty === undefined ? undefined : fieldText(requestIdProperty);
  const requestId = headerValue(headers, 'x-request-id') ?? headerValue(headers, 'request-id') ?? requestIdCut;
  const failed = readProperty(response, 'error');
  const text = [
    readString(node, 'code'), readString(node, 'type'), readString(node, 'errorCode'), readString(node, 'apiMessage'),
    readString(body, 'code'), readString(body, 'type'), readString(body, 'message'),
    readString(inner, 'type'), readString(inner, 'message'),
    readString(failed, 'code'), readString(failed, 'message'), responseBody, readString(node, 'message'),
  ]
    .filter((piece): piece is string => piece !== undefined)
    .map((piece) => piece.slice(0, TEXT_LIMIT).toLowerCase())
    .join(' ');
  // The provider's own word counts where the response says nothing, or less than it (400, 500).
  const status = httpStatus === undefined || httpStatus === 400 || httpStatus === 500 ? (said?.status ?? httpStatus) : httpStatus;
  return {
    status,
    httpStatus,
    providerType: said?.type === undefined ? undefined : fieldText(said.type),
    providerCode: typeof said?.code === 'string' ? fieldText(said.code) : said?.code,
    providerMessage: readString(inner, 'message') ?? readString(body, 'message') ?? readString(failed, 'message'),
    headers,
    requestId,
    text,
    retryable: typeof isRetryable === 'boolean' ? isRetryable : shouldRetry === 'true' ? true : shouldRetry === 'false' ? false : undefined,
    sdkShaped:
      httpStatus === undefined || ownHeaders !== undefined || (typeof body === 'object' && body !== null) || responseBody !== undefined ||
      typeof isRetryable === 'boolean' || requestIdProperty !== undefined,
  };
}

/**
 * The failure a provider's error stands for, from its status and its wording; undefined without a
 * status. An out-of-quota account is told from a per-minute rate limit by its words, since retrying
 * it never works.
 */
export function providerFailure(reading: Pick<ProviderReading, 'status' | 'text'>): ProviderFailure {
  const { status, text } = reading;
  if (status === undefined) return 'unknown';
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
  return isHttpStatus(found) ? found : undefined;
}

function isHttpStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}
