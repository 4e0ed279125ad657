/**
 * faultline/sentry: a Sentry integration that gives each failure faultline knows one issue, named by
 * its code, with nothing secret sent. Imports nothing from Sentry. Re-exports only.
 */
export { faultlineIntegration, type FaultlineIntegration, type FaultlineIntegrationOptions } from './faultline-integration.js';
export type { SentryFingerprintKey } from './issue-fields.js';
export type { SentryClient, SentryEvent, SentryEventHint, SentryException } from './sentry-shapes.js';
