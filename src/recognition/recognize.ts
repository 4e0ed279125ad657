import { langChainRetryable } from './retryable-stamp.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { isFailedFetch } from './fetch-failure.js';
import { isErrorObject } from '../foundation/error-object.js';

export type RecognizedKind = 'timeout' | 'aborted' | 'network' | 'unknown';

export interface Recognition {
  readonly kind: RecognizedKind;
  readonly message: string | undefined;
  readonly status: number | undefined;
  /** Unread: zod-issues.ts reads them only where a ValidationError may be made, so that the recognizer carries none of it. */
  readonly issues: unknown;
  /** LangChain's retryable stamp, where the value carries one: it decides over the kind. */
  readonly retryable?: boolean | undefined;
}

/** Node and undici error codes of a connection that failed and may work on another try. */
export const NETWORK_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_SOCKET',
]);

/** Node and undici error codes of an operation that ran out of time. */
export const TIMEOUT_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
]);


// fetch wraps the socket error as `cause`, sometimes one level further; three is enough, and bounds a hostile chain.
const CAUSE_LEVELS = 3;

/** Never throws. */
export function recognize(value: unknown): Recognition {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') {
    return { kind: 'unknown', message: primitiveMessage(value), status: undefined, issues: undefined };
  }
  const read = readFields(value);
  const message = typeof read.message === 'string' && read.message !== '' ? read.message : undefined;
  const found = read.status ?? read.statusCode;
  const status = typeof found === 'number' && Number.isInteger(found) && found >= 100 && found <= 599 ? found : undefined;
  return { kind: kindOf(value, read), message, status, issues: read.issues, retryable: langChainRetryable(value) };
}

interface Fields {
  readonly name: unknown;
  readonly message: unknown;
  readonly status: unknown;
  readonly statusCode: unknown;
  readonly issues: unknown;
  readonly code: unknown;
  readonly cause: unknown;
}

// One guarded block, so that a plain Error costs one try; only when a read throws is each field read on its own.
function readFields(value: object): Fields {
  try {
    const v = value as Record<keyof Fields, unknown>;
    return { name: v.name, message: v.message, status: v.status, statusCode: v.statusCode, issues: v.issues, code: v.code, cause: v.cause };
  } catch {
    const read = (key: keyof Fields): unknown => readProperty(value, key);
    return {
      name: read('name'), message: read('message'), status: read('status'), statusCode: read('statusCode'),
      issues: read('issues'), code: read('code'), cause: read('cause'),
    };
  }
}

function kindOf(value: object, read: Fields): RecognizedKind {
  if (read.name === 'TimeoutError') return 'timeout';
  if (read.name === 'AbortError') {
    const reason = read.cause ?? readProperty(value, 'reason');
    return readString(reason, 'name') === 'TimeoutError' ? 'timeout' : 'aborted';
  }
  if (!isErrorObject(value)) return 'unknown';
  let code = read.code;
  let cause = read.cause;
  let coded = false;
  for (let level = 0; ; level++) {
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'network';
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'timeout';
    coded ||= typeof code === 'string';
    if (level === CAUSE_LEVELS || !isErrorObject(cause)) break;
    code = readProperty(cause, 'code');
    cause = readProperty(cause, 'cause');
  }
  // A fetch failure with no code says so only in its words; one with another code (a TLS failure) is not a network blip.
  return !coded && isFailedFetch(read.name, read.message) ? 'network' : 'unknown';
}

function primitiveMessage(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value === '' ? undefined : value;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'symbol':
      return `Non-error value thrown: ${value.toString()}`;
    default:
      return undefined; // undefined or null
  }
}
