import type { SerializedError } from '../index.js';

/*
 * What Sentry searches and groups an error by: its fields as the contract writes them (redacted), each a
 * string, named as its tag is named without the `faultline.` prefix. Tags and the fingerprint read the
 * same fields, so that an issue's fingerprint can always be searched for.
 */

/** A field an issue's fingerprint may hold, named as its tag (`faultline.<key>`) is. */
export type SentryFingerprintKey = 'code' | 'category' | 'provider' | 'model' | 'tool' | 'rate_limit';

/** Every key the fingerprint may hold: the fields that name a failure mode, never a number or an id. */
export const FINGERPRINT_KEYS: readonly SentryFingerprintKey[] = ['code', 'category', 'provider', 'model', 'tool', 'rate_limit'];

/** The fields an issue is searched by: those of the fingerprint, and whether to retry and the HTTP status. */
export type IssueFields = { readonly [K in SentryFingerprintKey | 'retryable' | 'status']?: string };

// Sentry drops a tag whose value is longer than this.
const MAX_TAG_VALUE = 200;

/** The fields of an error as the contract writes it, each present only where the error has it. */
export function issueFields(json: SerializedError): IssueFields {
  const fields: { [key: string]: string } = {};
  const values: readonly (readonly [string, string | number | boolean | undefined])[] = [
    ['code', json.code], ['category', json.category], ['retryable', json.retryable], ['provider', json.provider],
    ['model', json.model], ['tool', json.toolName], ['status', json.status], ['rate_limit', json.rateLimit?.dimension],
  ];
  for (const [key, value] of values) {
    if (value !== undefined) fields[key] = String(value).slice(0, MAX_TAG_VALUE);
  }
  return fields;
}

/** The tags of an error: `faultline.code`, `faultline.category`, `faultline.retryable` and those it has of the rest. */
export function tagsOf(fields: IssueFields): { readonly [tag: string]: string } {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [`faultline.${key}`, value]));
}

/**
 * The fingerprint of an error: the values of `keys` it has, in their order, the model without the date or
 * snapshot number of its version (`gpt-4o-2024-08-06` is `gpt-4o`), so that a new snapshot of a model
 * opens no new issue.
 */
export function fingerprintOf(fields: IssueFields, keys: readonly SentryFingerprintKey[]): string[] {
  const values = keys.map((key) => (key === 'model' ? fields.model?.replace(/[-@]\d{4,}(?:-\d{2})*(?=$|[-@:._/])/g, '') : fields[key]));
  return values.filter((value) => value !== undefined);
}
