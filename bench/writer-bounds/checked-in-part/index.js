// A bound for `node bench/writer-side-by-side.mjs`: the built package with `serializeError` replaced by
// a writer specialised by hand for errors shaped like target 2's (flat `details` of primitives, a foreign
// cause with no cause of its own), making only some of the contract's checks, each as cheaply as it can be
// made. Since a writer that keeps the whole contract makes these checks and more, it cannot be faster.
//
// Checked here: every string written is looked up among strings known to be written as they are (as the
// writer's own remembered text, which stands in for redaction and storable text) or else tested for NUL,
// lone surrogates and a few secret prefixes; the category against the categories; whole numbers; the
// instance's own keys listed to find its class fields; `details` an object literal with no `toJSON`, each
// key checked as text and as a secret's name, each value by type, the budget charged; the cause an Error,
// not the error itself.
// Not checked: the faultline brand, cycles and depth below the first level, the node limit, the canonical
// order of keys, length limits and cuts, `truncated`, `stack`, `recommendations`, `errors`, the cause's
// own cause, throwing getters and Proxies, keys inherited through the prototype. Anything else (a
// non-literal value) is handed to the package's own writer.
import * as faultline from '../../../dist/index.js';

export * from '../../../dist/index.js';

const CATEGORIES = new Set(Object.values(faultline.ErrorCategory));
const NODE_KEYS = new Set(['name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId',
  'recommendations', 'details', 'cause', 'errors', 'stack', 'truncated']);
const SECRET_NAME = /pass|secret|token|key|auth|cookie/i;
const NOT_WRITTEN_AS_IS = /\0|sk-|Bearer |AKIA/;
const WRITTEN_AS_IS = new Set();
const SECRET_NAMES = new Map();

function text(value, redact) {
  if (WRITTEN_AS_IS.has(value)) return value;
  const asIs = value.isWellFormed() && !(redact ? NOT_WRITTEN_AS_IS.test(value) : value.includes('\0'));
  if (asIs && value.length <= 256) WRITTEN_AS_IS.add(value);
  return asIs ? value : '[REDACTED]';
}

function isSecretName(key) {
  let secret = SECRET_NAMES.get(key);
  if (secret === undefined) SECRET_NAMES.set(key, (secret = SECRET_NAME.test(key)));
  return secret;
}

const whole = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : undefined);

function flatCopy(details, redact, error, options) {
  const prototype = Object.getPrototypeOf(details);
  if ((prototype !== Object.prototype && prototype !== null) || typeof details.toJSON === 'function') {
    return faultline.serializeError(error, options).details;
  }
  const copy = {};
  let budget = 16_384;
  for (const key in details) {
    const written = text(key, redact);
    budget -= written.length;
    const value = details[key];
    if (redact && isSecretName(key)) copy[written] = '[REDACTED]';
    else if (typeof value === 'number') {
      budget -= 8;
      copy[written] = Number.isFinite(value) ? value + 0 : String(value);
    } else if (typeof value === 'string') {
      const string = text(value, redact);
      budget -= string.length;
      copy[written] = string;
    } else if (typeof value === 'boolean') {
      budget -= 5;
      copy[written] = value;
    } else if (value !== undefined && value !== null) return faultline.serializeError(error, options).details;
  }
  return budget > 0 ? copy : faultline.serializeError(error, options).details;
}

export function serializeError(error, options) {
  const redact = options?.redact !== false;
  const { name, code, category, message, retryable, retryAfterMs, status, requestId, details, cause } = error;
  const out = {
    name: text(name, redact), code: text(code, redact), category: CATEGORIES.has(category) ? category : 'UNKNOWN',
    message: text(message, redact), retryable: retryable === true,
  };
  if (whole(retryAfterMs) !== undefined) out.retryAfterMs = retryAfterMs;
  if (whole(status) !== undefined) out.status = status;
  if (typeof requestId === 'string') out.requestId = text(requestId, redact);
  if (typeof details === 'object' && details !== null) out.details = flatCopy(details, redact, error, options);
  const keys = Object.keys(error);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (NODE_KEYS.has(key)) continue;
    const value = error[key];
    if (typeof value === 'string') out[key] = text(value, redact);
  }
  if (cause instanceof Error && cause !== error) {
    const { name: causeName, message: causeMessage, code: causeCode } = cause;
    const written = { name: text(typeof causeName === 'string' ? causeName : 'Error', redact), message: text(String(causeMessage), redact) };
    if (typeof causeCode === 'string') written.code = text(causeCode, redact);
    out.cause = written;
  }
  return out;
}
