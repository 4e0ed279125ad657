import {
  AgentAbortedError, isControlSignal, isFaultlineError, normalizeError, serializeError, UnknownError,
  type RedactionOptions, type SerializedError, type SerializeOptions,
} from '../index.js';
import { checkKnownKeys, checkOneOf, checkType, invalidOption } from '../foundation/option-checks.js';
import { readProperty, readString } from '../foundation/safe-read.js';
import { FINGERPRINT_KEYS, fingerprintOf, issueFields, tagsOf, type SentryFingerprintKey } from './issue-fields.js';
import type { SentryClient, SentryEvent, SentryEventHint, SentryException } from './sentry-shapes.js';

/** Options of {@link faultlineIntegration}. */
export interface FaultlineIntegrationOptions {
  /**
   * The fields an issue is grouped by, in order. Default `['code', 'provider', 'tool']`: the failure mode,
   * with the provider of a model error and the tool of a tool error. `[]` keeps Sentry's own grouping.
   */
  readonly fingerprint?: readonly SentryFingerprintKey[] | undefined;
  /**
   * What becomes of an error that is retryable and was retried (faultline's `retry` gave up on it after
   * more than one attempt: `details.attempts` is 2 or more): `'drop'` sends nothing, `'warning'` or
   * `'info'` sends it at that level. Default: sent as any error is.
   */
  readonly retried?: 'drop' | 'warning' | 'info' | undefined;
  /** Patterns and key names to redact besides faultline's own, in the exceptions' messages and the context. */
  readonly redact?: RedactionOptions | undefined;
}

/** The integration {@link faultlineIntegration} returns: an `Integration` to every JavaScript SDK of Sentry. */
export interface FaultlineIntegration {
  readonly name: 'Faultline';
  /** Enriches the event of an error faultline knows, drops a control signal, redacts every exception's message. */
  processEvent<Event extends SentryEvent>(event: Event, hint: SentryEventHint): Event | null;
  /** Puts the context back whole once Sentry has normalized the event, and takes out extraErrorData's raw copy of the error. */
  setup(client: SentryClient): void;
}

const WHERE = 'faultlineIntegration';
// The context stays far below Sentry's 1 MB for a whole event, whatever the error holds.
const CONTEXT_LIMITS: SerializeOptions = { maxDepth: 6, maxErrors: 6, maxMessageLength: 2000, maxDetailsSize: 8192 };

/**
 * A Sentry integration that gives each failure faultline knows one issue, named by its code: the event
 * of a faultline error, or of an error `normalizeError` recognizes (an LLM SDK's, an agent framework's),
 * gets a fingerprint of the failure mode (never the message), the tags `faultline.code`,
 * `faultline.category`, `faultline.retryable` and, where the error has them, `faultline.provider`,
 * `faultline.model`, `faultline.tool`, `faultline.status` and `faultline.rate_limit`, and the context
 * `faultline`: the error's JSON contract as `serializeError` writes it. Every exception's message is
 * redacted as faultline redacts, of every event. A control signal (a LangGraph interrupt) and an abort are
 * not sent. An error faultline does not recognize keeps Sentry's own grouping and level. A fingerprint set
 * on the scope wins. Imports nothing from Sentry; never throws.
 *
 * @example
 * ```ts
 * import * as Sentry from '@sentry/node';
 * import { faultlineIntegration } from 'faultline/sentry';
 *
 * Sentry.init({ dsn: process.env.SENTRY_DSN, integrations: [faultlineIntegration()] });
 * ```
 */
export function faultlineIntegration(options?: FaultlineIntegrationOptions): FaultlineIntegration {
  checkType(WHERE, 'options', options, 'object');
  if (options !== undefined) checkKnownKeys(WHERE, options, ['fingerprint', 'retried', 'redact']);
  const { fingerprint: keys = ['code', 'provider', 'tool'], retried, redact } = options ?? {};
  if (!Array.isArray(keys)) throw invalidOption(WHERE, 'fingerprint', keys, 'an array of keys');
  for (const key of keys) checkOneOf(WHERE, 'fingerprint', key, FINGERPRINT_KEYS);
  checkOneOf(WHERE, 'retried', retried, ['drop', 'warning', 'info']);
  checkType(WHERE, 'redact', redact, 'object');
  // Redaction is never off here: `redact` adds to faultline's own rules.
  const redaction = redact ?? true;
  // What each enriched event's hint carried, for the pass after normalization.
  const written = new WeakMap<object, { readonly json: SerializedError; readonly name: string | undefined }>();

  return {
    name: 'Faultline',
    processEvent(event, hint) {
      try {
        const original = readProperty(hint, 'originalException');
        // A message (`captureMessage`) or a thrown string is Sentry's to group, its exception's text redacted.
        if (typeof original !== 'object' || original === null) return withRedactedExceptions(event, redaction);
        if (isControlSignal(original)) return null;
        const error = normalizeError(original);
        const unknown = error instanceof UnknownError;
        if (unknown && !isFaultlineError(original)) return withRedactedExceptions(event, redaction);
        if (error instanceof AgentAbortedError) return null;
        const json = serializeError(error, { ...CONTEXT_LIMITS, redact: redaction });
        const attempts = readProperty(readProperty(error, 'details'), 'attempts');
        const level = json.retryable && typeof attempts === 'number' && attempts > 1 ? retried : undefined;
        if (level === 'drop') return null;
        const fields = issueFields(json);
        const fingerprint = unknown || (event.fingerprint?.length ?? 0) > 0 ? [] : fingerprintOf(fields, keys);
        // The context extraErrorDataIntegration writes is named as Sentry names the error: its name, else its constructor's.
        written.set(hint, { json, name: readString(original, 'name') || readString(readProperty(original, 'constructor'), 'name') });
        // A new event, built whole before it is returned: on any failure above, the event goes out as it came.
        return {
          ...withRedactedExceptions(event, redaction),
          ...(fingerprint.length > 0 && { fingerprint }),
          ...(level !== undefined && { level }),
          tags: { ...tagsOf(fields), ...event.tags },
          contexts: { ...event.contexts, faultline: json },
          ...(event.extra !== undefined && { extra: withoutSerializedInput(event.extra) }),
        };
      } catch {
        return event;
      }
    },
    setup(client) {
      // Sentry normalizes contexts to its `normalizeDepth` (3 by default) after every processor has run,
      // which cuts the cause chain; extraErrorDataIntegration, wherever it is listed, copies the error's
      // own fields (an SDK's headers, raw `details`) into a context named after the error.
      client.on?.('postprocessEvent', (event, hint) => {
        try {
          const kept = hint === undefined ? undefined : written.get(hint);
          const contexts = event.contexts;
          if (kept === undefined || contexts?.faultline === undefined) return;
          contexts.faultline = kept.json;
          if (kept.name !== undefined && client.getIntegrationByName?.('ExtraErrorData') !== undefined) Reflect.deleteProperty(contexts, kept.name);
        } catch {
          // an event the integration cannot write to goes out as it is
        }
      });
    },
  };
}

// Each exception's message as faultline writes a message: redacted. An event with nothing to redact is given back as it is.
function withRedactedExceptions<Event extends SentryEvent>(event: Event, redact: RedactionOptions | true): Event {
  const values = event.exception?.values;
  const kept = values?.map((value) => redacted(value, redact));
  return values === undefined || kept === undefined || kept.every((value, index) => value === values[index]) ? event : { ...event, exception: { ...event.exception, values: kept } };
}

function redacted(exception: SentryException, redact: RedactionOptions | true): SentryException {
  const { value } = exception;
  const written = typeof value === 'string' ? serializeError(new UnknownError(value), { redact }).message : value;
  return written === value ? exception : { ...exception, value: written };
}

// Sentry keeps a thrown plain object, raw, as `extra.__serialized__`; the context holds it redacted.
function withoutSerializedInput(extra: { readonly [key: string]: unknown }): { readonly [key: string]: unknown } {
  const copy = { ...extra };
  delete copy.__serialized__;
  return copy;
}
