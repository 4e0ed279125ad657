/*
 * What faultline/sentry reads and writes of Sentry's own objects (`Event`, `EventHint` and `Client` of
 * @sentry/core), written out so that the entry needs no Sentry package, to load or to type-check: every
 * JavaScript SDK of Sentry (node, browser, bun, cloudflare, ...) hands its integrations objects of these
 * shapes.
 */

/** An exception of a Sentry event: the error's name (`type`) and message (`value`), as Sentry copied them. */
export interface SentryException {
  readonly type?: string | undefined;
  readonly value?: string | undefined;
}

/** The part of a Sentry event the integration reads and writes: an `Event` of @sentry/core has it. */
export interface SentryEvent {
  readonly level?: string | undefined;
  readonly fingerprint?: readonly string[] | undefined;
  readonly tags?: { readonly [key: string]: unknown } | undefined;
  readonly contexts?: { readonly [key: string]: unknown } | undefined;
  readonly extra?: { readonly [key: string]: unknown } | undefined;
  readonly exception?: { readonly values?: readonly SentryException[] | undefined } | undefined;
}

/** What Sentry hands an integration beside an event: `EventHint` of @sentry/core. */
export interface SentryEventHint {
  /** The value given to `captureException`, or thrown uncaught. */
  readonly originalException?: unknown;
}

/** The part of a Sentry client the integration uses: `Client` of @sentry/core has it. */
export interface SentryClient {
  /** Runs `callback` once every processor has run and the event has been normalized, before `beforeSend`. */
  on?(hook: 'postprocessEvent', callback: (event: { contexts?: { [key: string]: unknown } | undefined }, hint?: SentryEventHint) => void): unknown;
  getIntegrationByName?(name: string): unknown;
}
