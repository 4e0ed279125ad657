import { headersNamed, headerTable, headerValue, type HeaderTable } from '../foundation/header-value.js';
import { fieldText } from '../foundation/field-text.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';
import type { ContextTokens } from './context-length.js';
import { bodyOf, errorObjectOf, TEXT_LIMIT } from './provider-body.js';
import { typeMeaning, wordingFailure, type ProviderFailure } from './provider-tables.js';

export type { ProviderFailure } from './provider-tables.js';

/** Read by shape, never `instanceof`, from the first error of the cause chain with a status or a provider's word. */
export interface ProviderReading {
  /** The response's status, or where it has none or says less (400, 500), the one the provider's type or code stands for. */
  readonly status: number | undefined;
  /** Absent for a failure in the middle of a stream. */
  readonly httpStatus: number | undefined;
  readonly providerType: string | undefined;
  readonly providerCode: string | number | undefined;
  /** The failure the provider's type or code stands for, whatever the status. */
  readonly typedFailure: ProviderFailure | undefined;
  /** For a value with no message of its own (a raw stream event). */
  readonly providerMessage: string | undefined;
  readonly headers: HeaderTable | undefined;
  readonly requestId: string | undefined;
  /** Lowercased, each piece at most 8 KB: what the wording rules read. */
  readonly text: string;
  readonly retryable: boolean | undefined;
  /** What says that the error is an LLM provider's, or undefined where nothing does (docs/mapping.md). */
  readonly sign: ProviderSign | undefined;
  readonly contextTokens: ContextTokens;
}

/** What says that an error is an LLM provider's, the strongest first (docs/mapping.md). */
export type ProviderSign = 'sdk' | 'body' | 'type' | 'wording' | 'headers';

// One SDK wrapping another's error puts the status one or two causes down; three is enough.
const CAUSE_LEVELS = 3;

// A per-minute limit is told from an account out of quota by its words, since retrying the second never works.
const QUOTA = /quota|billing|spend(?:ing)? limit|credits/;
const PER_WINDOW = /per min|per day|rate[ _-]?limit|resource (?:has been )?exhausted/;
const OVERLOADED = /overloaded|over capacity/;
const CONTENT_FILTER = /content[ _]filter|content[ _]policy|safety system|responsible ?ai/;
const CONTEXT_LENGTH = /context length|maximum context|context window|context limit|prompt is too long|too many tokens|input is too long|maximum number of tokens allowed/;

// Provider SDKs' error classes, by name on the prototype chain (@google/genai's and ollama's set `name` themselves).
const SDK_CLASSES = /^(?:OpenAIError|AnthropicError|GroqError|_?AISDKError|AI_APICallError|BedrockRuntimeServiceException|BedrockServiceException|CohereError|MistralError|ApiError|ResponseError|GoogleGenerativeAIError|GoogleGenerativeAIFetchError)$/;
// Headers only LLM providers send.
const PROVIDER_HEADERS = [
  'x-should-retry', 'openai-organization', 'openai-processing-ms', 'anthropic-organization-id', 'x-ratelimit-limit-requests',
  'x-ratelimit-limit-tokens', 'anthropic-ratelimit-requests-limit', 'anthropic-ratelimit-tokens-limit', 'x-groq-region',
];

/** Undefined when neither the error nor its cause chain carries a status or a provider's word. Never throws. */
export function readProviderError(value: unknown): ProviderReading | undefined {
  let node = value;
  for (let level = 0; level <= CAUSE_LEVELS && typeof node === 'object' && node !== null; level++) {
    const status = statusOf(node);
    const body = bodyOf(node);
    const said = providerSaid(node, body);
    if (status !== undefined || said !== undefined) return reading(node, body, status, said);
    node = readProperty(node, 'cause');
  }
  return undefined;
}

interface ProviderSaid {
  readonly type: string | undefined;
  readonly code: string | number | undefined;
  readonly status: number | undefined;
  readonly failure: ProviderFailure | undefined;
  readonly known: boolean;
}

/** Undefined for a value shaped like no SDK's or raw event's error (docs/mapping.md): an error with just a `code` is no provider's. */
function providerSaid(node: object, body: object | undefined): ProviderSaid | undefined {
  const own = { type: readProperty(node, 'type'), code: readProperty(node, 'code') };
  const aws = typeof readProperty(node, '$metadata') === 'object';
  // Most errors have no body and no type (at most a code, a Node system error's): done in a few reads.
  if (body === undefined && own.type === undefined && own.code === undefined && !aws && readProperty(node, 'status') === undefined) return undefined;
  const inner = errorObjectOf(body);
  const failed = own.type === 'response.failed' ? readProperty(readProperty(node, 'response'), 'error') : undefined;
  let type: string | undefined;
  let code: string | number | undefined;
  let status: number | undefined;
  let failure: ProviderFailure | undefined;
  let known = false;
  const consider = (said: unknown, as: 'type' | 'code' | 'name'): void => {
    if (isHttpStatus(said)) {
      status ??= said;
      code ??= said;
      return;
    }
    if (typeof said !== 'string' || said === 'error' || said === 'response.failed') return;
    const meaning = typeMeaning(said);
    // Of AWS exceptions only Bedrock's own say it is a model's: every AWS service throws a ThrottlingException.
    if (meaning !== undefined && (as !== 'name' || said.startsWith('Model'))) known = true;
    if (typeof meaning === 'number') status ??= meaning;
    else failure ??= meaning;
    if (as === 'code') code ??= said;
    else type ??= said;
  };
  if (aws) consider(readProperty(node, 'name'), 'name');
  for (const holder of new Set([node, body, inner, failed])) {
    if (typeof holder !== 'object' || holder === null) continue;
    consider(holder === node ? own.type : readProperty(holder, 'type'), 'type');
    consider(holder === node ? own.code : readProperty(holder, 'code'), 'code');
    if (holder !== node) consider(readProperty(holder, 'status'), 'type');
  }
  for (const reason of reasonsOf(inner)) consider(reason, 'type');
  if (status !== undefined || failure !== undefined) return { type, code, status, failure, known };
  // A stream's error event the tables do not know (a body and headers but no status, a raw event); anything
  // else with a code is no provider's.
  const streamShaped = body !== undefined ? readProperty(node, 'headers') !== undefined || own.type === 'error' : failed !== undefined || own.type === 'error';
  return streamShaped ? { type, code, status, failure, known } : undefined;
}

/** The reasons a Google error gives (`details[].reason`, Vertex's `errors[].reason`), the first few. */
function reasonsOf(inner: object | undefined): string[] {
  const reasons: string[] = [];
  try {
    for (const key of ['details', 'errors']) {
      const list = readProperty(inner, key);
      if (!Array.isArray(list)) continue;
      for (let index = 0; index < Math.min(list.length, 4); index++) {
        const reason = readString(list[index], 'reason');
        if (reason !== undefined) reasons.push(reason);
      }
    }
  } catch {
    // a list whose reading throws (a revoked Proxy) gives the reasons read before
  }
  return reasons;
}

/** An SDK's own timeout with no status (`APIConnectionTimeoutError`, "Request timed out."), which neither its name nor a code says. */
export function isSdkTimeout(value: unknown): boolean {
  return /timeout/i.test(readString(readProperty(value, 'constructor'), 'name') ?? '') || /request timed out/i.test(readString(value, 'message') ?? '');
}

function reading(node: object, body: object | undefined, httpStatus: number | undefined, said: ProviderSaid | undefined): ProviderReading {
  const response = readProperty(node, 'response');
  const ownHeaders = firstDefined(readProperty(node, 'headers'), readProperty(node, 'responseHeaders'));
  const headers = headerTable(
    ownHeaders ?? firstDefined(readProperty(response, 'headers'), readProperty(readProperty(node, 'rawResponse'), 'headers'), readProperty(readProperty(node, '$response'), 'headers')),
  );
  const inner = errorObjectOf(body);
  const metadata = readProperty(node, '$metadata');
  const failed = readProperty(response, 'error');
  const isRetryable = readProperty(node, 'isRetryable');
  const shouldRetry = headerValue(headers, 'x-should-retry');
  const requestIdProperty = readString(node, 'requestID') ?? readString(node, 'request_id') ?? readString(node, 'requestId') ?? readString(metadata, 'requestId') ?? readString(body, 'request_id');
  // A header longer than a field reads as none; the request id an SDK copied from one is cut to a field here.
  const requestIdCut = requestIdProperty === undefined ? undefined : fieldText(requestIdProperty);
  const requestId = headerValue(headers, 'x-request-id') ?? headerValue(headers, 'request-id') ?? headerValue(headers, 'x-amzn-requestid') ?? requestIdCut;
  const innerMessage = readProperty(inner, 'message');
  const text = [
    readString(node, 'code'), readString(node, 'type'), readString(node, 'errorCode'), readString(node, 'apiMessage'),
    readString(body, 'code'), readString(body, 'type'), readString(body, 'message'), readString(body, 'detail'),
    readString(inner, 'type'), typeof innerMessage === 'string' ? innerMessage : jsonText(innerMessage), readString(inner, 'status'),
    readString(readProperty(inner, 'metadata'), 'raw'), readString(node, 'error'),
    readString(failed, 'code'), readString(failed, 'message'), readString(node, 'responseBody'), readString(node, 'body'), readString(node, 'message'),
  ]
    .filter((piece): piece is string => piece !== undefined)
    .map((piece) => piece.slice(0, TEXT_LIMIT).toLowerCase())
    .join(' ');
  // The provider's own word counts where the response says nothing, or less than it (400, 500).
  const status = httpStatus === undefined || httpStatus === 400 || httpStatus === 500 ? (said?.status ?? httpStatus) : httpStatus;
  const retryable = typeof isRetryable === 'boolean' ? isRetryable : shouldRetry === 'true' ? true : shouldRetry === 'false' ? false : undefined;
  return {
    status,
    httpStatus,
    providerType: said?.type === undefined ? undefined : fieldText(said.type),
    providerCode: typeof said?.code === 'string' ? fieldText(said.code) : said?.code,
    typedFailure: said?.failure,
    providerMessage: typeof innerMessage === 'string' ? innerMessage : (readString(body, 'message') ?? readString(failed, 'message')),
    headers,
    requestId,
    text,
    retryable,
    sign: signOf(node, body, inner, said, text, headers),
    contextTokens: tokensOf(inner),
  };
}

function signOf(node: object, body: object | undefined, inner: object | undefined, said: ProviderSaid | undefined, text: string, headers: HeaderTable | undefined): ProviderSign | undefined {
  if (isSdkError(node)) return 'sdk';
  if (isProviderBody(node, body, inner)) return 'body';
  // 529 is Anthropic's alone (overloaded); any other status any HTTP API may send.
  if (said?.known === true || statusOf(node) === 529) return 'type';
  if (wordingFailure(text) !== undefined) return 'wording';
  return headersNamed(headers, PROVIDER_HEADERS).size > 0 ? 'headers' : undefined;
}

function isSdkError(node: object): boolean {
  if (SDK_CLASSES.test(readString(node, 'name') ?? '')) return true;
  // OpenAI's and Anthropic's errors keep the response's request id, even a missing one; the AI SDK's say whether to retry.
  try {
    if (Object.hasOwn(node, 'requestID') || (typeof readProperty(node, 'isRetryable') === 'boolean' && readProperty(node, 'statusCode') !== undefined)) return true;
  } catch {
    return false; // a revoked Proxy
  }
  let prototype: unknown = node;
  for (let level = 0; level < 6; level++) {
    try {
      prototype = Object.getPrototypeOf(prototype);
    } catch {
      return false;
    }
    if (prototype === null || prototype === Object.prototype) return false;
    if (SDK_CLASSES.test(readString(readProperty(prototype, 'constructor'), 'name') ?? '')) return true;
  }
  return false;
}

/** An `error` object with a message and a type, code or status, `{ type: 'error' }`, `{ object: 'error' }`, or an OpenAI-style top. */
function isProviderBody(node: object, body: object | undefined, inner: object | undefined): boolean {
  for (const holder of [node, body]) if (readProperty(holder, 'type') === 'error' || readProperty(holder, 'object') === 'error') return true;
  if (body === undefined) return false;
  const message = readProperty(inner, 'message');
  if (typeof message !== 'string' && (typeof message !== 'object' || message === null)) return false;
  if (inner !== body || readProperty(node, 'error') === inner) {
    return ['type', 'code', 'status'].some((key) => readProperty(inner, key) !== undefined && readProperty(inner, key) !== null);
  }
  try {
    return Object.hasOwn(body, 'param') || /_error$/.test(readString(body, 'type') ?? '');
  } catch {
    return false;
  }
}

/** llama.cpp's numbers beside its words: the tokens of the prompt, and the context. */
function tokensOf(inner: object | undefined): ContextTokens {
  const requestedTokens = toWholeNonNegative(readProperty(inner, 'n_prompt_tokens'));
  const maxContextTokens = toWholeNonNegative(readProperty(inner, 'n_ctx'));
  return { ...(requestedTokens !== undefined && { requestedTokens }), ...(maxContextTokens !== undefined && { maxContextTokens }) };
}

/** By the rules of docs/mapping.md; `unknown` when neither a status, a type nor a wording says anything. */
export function providerFailure(reading: Pick<ProviderReading, 'status' | 'text'> & Partial<Pick<ProviderReading, 'typedFailure'>>): ProviderFailure {
  const { status, text, typedFailure } = reading;
  const worded = wordingFailure(text);
  const said = typedFailure ?? (worded === 'status' ? undefined : worded);
  if (status === undefined && said === undefined) return 'unknown';
  const clientError = status === undefined || (status >= 400 && status < 500);
  if (status === 402 || (clientError && QUOTA.test(text) && !PER_WINDOW.test(text))) return 'quota';
  if (said !== undefined) return said;
  if (status === 429) return 'rate-limit';
  if (status === 529 || (status !== undefined && status >= 500 && OVERLOADED.test(text))) return 'overloaded';
  if (clientError && CONTENT_FILTER.test(text)) return 'content-filter';
  if (status === 408) return 'timeout';
  if ((status === 400 || status === 413) && CONTEXT_LENGTH.test(text)) return 'context-length';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'status';
}

function statusOf(node: object): number | undefined {
  const found = firstDefined(
    readProperty(node, 'status'), readProperty(node, 'statusCode'), readProperty(node, 'status_code'),
    readProperty(readProperty(node, '$metadata'), 'httpStatusCode'), readProperty(readProperty(node, 'response'), 'status'),
  );
  return isHttpStatus(found) ? found : undefined;
}

// An error's status: a client or server error. A stream's error on a 200 response has none.
function isHttpStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 400 && (value as number) <= 599;
}

// Mistral's 422 keeps its validation detail as an object under `message`: read as its JSON text.
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined; // a cycle, a BigInt, a getter that throws
  }
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined && value !== null);
}
