import { checkNumber, checkOneOf, checkType, invalidOption } from '../foundation/option-checks.js';
import { retryableOf } from '../foundation/policy-fields.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import {
  AuthError, ErrorCategory, ModelApiError, ModelQuotaExceededError, ModelRateLimitError, ModelTimeoutError, normalizeError,
  TimeoutError, ToolError, ToolTimeoutError, TransientError, UnknownError, ValidationError, type ErrorEvent,
  type FaultlineError,
} from '../index.js';

/** How to back off between attempts: not at all, by a fixed delay, or exponentially with full jitter. */
export type Backoff = 'none' | 'fixed' | 'exponential';

/** How a log line about the error should be levelled: `onError`'s severity. */
export type LogLevel = ErrorEvent['severity'];

/** What to do about an error: the policy `classify` gives it. */
export interface ErrorPolicy {
  /** How many attempts in all (1 means never retry; 0, for a failure after a stream showed output, not even a replay) and how to wait between them. */
  readonly retry: { readonly maxAttempts: number; readonly backoff: Backoff };
  /** Whether the failure says the callee is unhealthy, so that a circuit breaker should count it. */
  readonly countsTowardCircuit: boolean;
  /** Whether another model or provider may succeed where this one will not: what an agent should try instead of waiting. */
  readonly fallback: boolean;
  readonly logLevel: LogLevel;
  /** A sentence an end user may read. */
  readonly userMessage: string;
}

/** A part of a policy to override, per code or per category. */
export type PolicyOverride = {
  readonly retry?: Partial<ErrorPolicy['retry']>;
} & Partial<Omit<ErrorPolicy, 'retry'>>;

/** Overrides of the default table, and user messages per locale, for {@link createClassifier}. */
export interface ClassifierOptions {
  /** By error code (`MODEL_QUOTA_EXCEEDED`); a code's override comes after its category's. */
  readonly codes?: Readonly<Record<string, PolicyOverride>>;
  /** By category (`TOOL`). */
  readonly categories?: Readonly<Partial<Record<ErrorCategory, PolicyOverride>>>;
  /** User messages by locale, then by code or category: `{ fr: { MODEL_RATE_LIMITED: 'Réessayez dans un instant.' } }`. */
  readonly userMessages?: Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  /** The locale whose messages to use. Default `en`, whose messages are the built-in ones. */
  readonly locale?: string;
}

/**
 * The default policy of an error, by the table of docs/retry.md. Any thrown value is normalized first.
 *
 * @example
 * ```ts
 * import { classify } from 'faultline/retry';
 * import { ModelQuotaExceededError } from 'faultline';
 *
 * classify(new ModelQuotaExceededError()).fallback; // true: try another provider, do not wait
 * ```
 */
export function classify(error: unknown): ErrorPolicy {
  const value = normalizeError(error);
  return afterOutput(defaultPolicy(value), value);
}

/**
 * A failure after a stream showed output (`outputStarted: true`) is never retried: a replay would show
 * the text twice. `fallback` stays what the class gives: another provider may still be asked.
 */
function afterOutput(policy: ErrorPolicy, error: FaultlineError): ErrorPolicy {
  return readProperty(error, 'outputStarted') === true ? withoutRetry(policy) : policy;
}

export function withoutRetry(policy: ErrorPolicy): ErrorPolicy {
  return { ...policy, retry: { maxAttempts: 0, backoff: 'none' } };
}

/**
 * A `classify` with the default table overridden per code and per category, and with user messages
 * per locale, in one call.
 *
 * @example
 * ```ts
 * import { createClassifier } from 'faultline/retry';
 *
 * const classifyHere = createClassifier({
 *   categories: { STORAGE: { retry: { maxAttempts: 5, backoff: 'exponential' }, countsTowardCircuit: true } },
 *   codes: { MODEL_CONTENT_FILTERED: { logLevel: 'warn' } },
 *   userMessages: { fr: { MODEL_RATE_LIMITED: 'Le service est saturé ; réessayez dans un instant.' } },
 *   locale: 'fr',
 * });
 * ```
 */
export function createClassifier(options: ClassifierOptions = {}): (error: unknown) => ErrorPolicy {
  checkClassifierOptions(options);
  return (error) => {
    const value = normalizeError(error);
    // Read guarded: a code or category getter that throws reads as no override (fail closed).
    const code = readString(value, 'code') ?? '';
    const category = readString(value, 'category') ?? '';
    let policy = defaultPolicy(value);
    policy = merge(policy, own(options.categories, category));
    policy = merge(policy, own(options.codes, code));
    const messages = options.locale === undefined ? undefined : own(options.userMessages, options.locale);
    const message = own(messages, code) ?? own(messages, category);
    return afterOutput(message === undefined ? policy : { ...policy, userMessage: message }, value);
  };
}

function own<Value>(record: Readonly<Record<string, Value>> | undefined, key: string): Value | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

const WHERE = 'createClassifier';
const BACKOFFS: readonly Backoff[] = ['none', 'fixed', 'exponential'];
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

const OPTION_KEYS = ['codes', 'categories', 'userMessages', 'locale'];
const OVERRIDE_KEYS = ['retry', 'countsTowardCircuit', 'fallback', 'logLevel', 'userMessage'];
const RETRY_KEYS = ['maxAttempts', 'backoff'];

// A misspelt key (`logLvl`) would override nothing, silently: refused, naming it.
function checkKeys(where: string, value: object, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw invalidOption(WHERE, where === '' ? key : `${where}.${key}`, key, `a known option (${allowed.join(', ')})`);
  }
}

// Each override checked once, here, rather than found to be NaN when an error needs it.
function checkClassifierOptions(options: ClassifierOptions): void {
  checkType(WHERE, 'options', options, 'object');
  checkKeys('', options, OPTION_KEYS);
  for (const table of ['codes', 'categories'] as const) {
    const overrides: Readonly<Record<string, PolicyOverride | undefined>> | undefined = options[table];
    checkType(WHERE, table, overrides, 'object');
    for (const [key, override] of Object.entries(overrides ?? {})) {
      const at = `${table}.${key}`;
      if (table === 'categories' && !Object.hasOwn(ErrorCategory, key)) throw invalidOption(WHERE, `${table} key`, key, 'an error category');
      if (override === undefined) continue;
      checkType(WHERE, at, override, 'object');
      checkKeys(at, override, OVERRIDE_KEYS);
      checkType(WHERE, `${at}.retry`, override.retry, 'object');
      if (override.retry !== undefined) checkKeys(`${at}.retry`, override.retry, RETRY_KEYS);
      checkNumber(WHERE, `${at}.retry.maxAttempts`, override.retry?.maxAttempts, { min: 1, whole: true });
      checkOneOf(WHERE, `${at}.retry.backoff`, override.retry?.backoff, BACKOFFS);
      for (const name of ['countsTowardCircuit', 'fallback'] as const) checkType(WHERE, `${at}.${name}`, override[name], 'boolean');
      checkOneOf(WHERE, `${at}.logLevel`, override.logLevel, LOG_LEVELS);
      checkType(WHERE, `${at}.userMessage`, override.userMessage, 'string');
    }
  }
  checkType(WHERE, 'userMessages', options.userMessages, 'object');
  for (const [locale, messages] of Object.entries(options.userMessages ?? {})) {
    checkType(WHERE, `userMessages.${locale}`, messages, 'object');
    // An undefined locale is none, as an undefined override is.
    for (const [key, message] of Object.entries(messages ?? {})) checkType(WHERE, `userMessages.${locale}.${key}`, message, 'string');
  }
  checkType(WHERE, 'locale', options.locale, 'string');
}

function merge(policy: ErrorPolicy, override: PolicyOverride | undefined): ErrorPolicy {
  if (override === undefined) return policy;
  return { ...policy, ...override, retry: { ...policy.retry, ...override.retry } };
}

// One row of the table below: its keys written once, which keeps faultline/retry small.
function policy(maxAttempts: number, backoff: Backoff, countsTowardCircuit: boolean, fallback: boolean, logLevel: LogLevel, userMessage: string): ErrorPolicy {
  return { retry: { maxAttempts, backoff }, countsTowardCircuit, fallback, logLevel, userMessage };
}

// The table of docs/retry.md, most specific class first. `retryable` on the error still decides whether a
// retry is allowed at all: a policy's attempts are an upper bound (see retry.ts).
function defaultPolicy(error: FaultlineError): ErrorPolicy {
  if (error instanceof ModelQuotaExceededError) {
    return policy(1, 'none', false, true, 'error', 'The AI provider account is out of credit. Try again later.');
  }
  if (error instanceof ModelRateLimitError) {
    return policy(4, 'exponential', true, true, 'warn', 'The AI provider is busy. Trying again shortly.');
  }
  if (error instanceof ModelTimeoutError) {
    return policy(2, 'exponential', true, true, 'warn', 'The AI provider took too long to answer.');
  }
  const retryable = retryableOf(error);
  if (error instanceof ModelApiError && retryable) {
    return policy(3, 'exponential', true, true, 'error', 'The AI provider had a problem. Trying again.');
  }
  if (error instanceof TimeoutError || error instanceof ToolTimeoutError) {
    return policy(2, 'exponential', true, false, 'warn', 'The operation took too long.');
  }
  if (error instanceof ToolError) {
    return retryable
      ? policy(2, 'fixed', false, false, 'warn', 'A tool failed. Trying again.')
      : policy(1, 'none', false, false, 'error', 'A tool failed.');
  }
  if (error instanceof TransientError) {
    return policy(4, 'exponential', true, false, 'warn', 'A temporary problem occurred. Trying again.');
  }
  if (error instanceof ValidationError) {
    const fields = fieldPaths(error);
    const userMessage = fields.length === 0 ? 'The input is not valid.' : `The input is not valid: check ${fields.join(', ')}.`;
    return policy(1, 'none', false, false, 'info', userMessage);
  }
  if (error instanceof AuthError) {
    return policy(1, 'none', false, false, 'warn', 'You are not allowed to do this, or your sign-in has expired.');
  }
  if (error instanceof UnknownError || !retryable) {
    return policy(1, 'none', false, false, 'error', 'Something went wrong.');
  }
  // Any other retryable error (a user class, a storage error marked retryable): a few tries.
  return policy(3, 'exponential', true, false, 'warn', 'A temporary problem occurred. Trying again.');
}

// A ValidationError's field paths, read guarded: a `fields` getter that throws names none.
function fieldPaths(error: ValidationError): string[] {
  try {
    const fields: unknown = error.fields;
    return typeof fields === 'object' && fields !== null ? Object.keys(fields).filter((path) => path !== '').slice(0, 20) : [];
  } catch {
    return [];
  }
}
