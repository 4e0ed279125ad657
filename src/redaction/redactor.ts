import { CASELESS_SECRET_PATTERNS, EXACT_SECRET_PATTERNS, SECRET_HINT, SECRET_KEY_SUFFIXES } from './secret-patterns.js';

export const REDACTED = '[REDACTED]';

/**
 * How `serializeError` redacts, on by default; these options add to the built-in lists. An options object
 * is compiled once, when first used: to change it, pass a new object.
 *
 * @example
 * ```ts
 * serializeError(error, { redact: { patterns: [/\binternal-\d+\b/g], keys: ['customerSsn'] } });
 * ```
 */
export interface RedactionOptions {
  /** Further patterns to redact inside any string. Each match becomes `[REDACTED]`. */
  readonly patterns?: readonly RegExp[];
  /**
   * Further key names whose values are redacted: a string matches a key that ends with it once both are
   * lowercased and stripped to letters and digits (`'ssn'`: `customer_ssn`, not `lessons`); a RegExp tests the raw key.
   */
  readonly keys?: readonly (string | RegExp)[];
}

export interface Redactor {
  readonly text: (text: string) => string;
  readonly key: (key: string) => boolean;
}

// One alternation per letter-case rule scans a string once, instead of once per pattern.
let caseless: RegExp | undefined;
let exact: RegExp | undefined;

function replaceSecret(match: string, ...rest: unknown[]): string {
  const groups = rest[rest.length - 1] as Record<string, string | undefined> | string;
  const keep = typeof groups === 'object' ? (groups.keep1 ?? groups.keep2 ?? groups.keep3 ?? groups.keep4) : undefined;
  return (keep ?? '') + REDACTED;
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function endsWithAny(normalized: string, names: readonly string[]): boolean {
  return names.some((name) => normalized.endsWith(name));
}

// The same few keys (`apiKey`, `userId`, ...) come back on every error: remember the answers.
const secretKeys = new Map<string, boolean>();

export function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    const normalized = normalizeKey(key);
    secret = endsWithAny(normalized, SECRET_KEY_SUFFIXES);
    if (secretKeys.size >= 1024) secretKeys.clear();
    secretKeys.set(key, secret);
  }
  return secret;
}

// Short strings found to hold no secret: the same messages and ids come back error after error. Only
// clean strings are kept, so that no secret outlives its error here.
const clean = new Set<string>();
const MAX_CLEAN_LENGTH = 256;

export function redactText(text: string): string {
  if (clean.has(text)) return text;
  let redacted = text;
  if (SECRET_HINT.test(text)) {
    caseless ??= joined(CASELESS_SECRET_PATTERNS, 'gi');
    exact ??= joined(EXACT_SECRET_PATTERNS, 'g');
    redacted = text.replace(caseless, replaceSecret).replace(exact, REDACTED);
  }
  if (redacted === text && text.length <= MAX_CLEAN_LENGTH) {
    if (clean.size >= 1024) clean.clear();
    clean.add(text);
  }
  return redacted;
}

function joined(patterns: readonly RegExp[], flags: string): RegExp {
  return new RegExp(patterns.map((pattern) => pattern.source).join('|'), flags);
}

export function createRedactor(options: RedactionOptions | undefined): Redactor {
  if (options === undefined) return DEFAULT_REDACTOR;
  let redactor = redactors.get(options);
  if (redactor === undefined) {
    redactor = buildRedactor(options);
    redactors.set(options, redactor);
  }
  return redactor;
}

// The same options object passed on every call compiles its patterns once.
const redactors = new WeakMap<RedactionOptions, Redactor>();

function buildRedactor(options: RedactionOptions): Redactor {
  const patterns = (options.patterns ?? []).map((pattern) => withFlags(pattern, true));
  const keys = options.keys ?? [];
  if (patterns.length === 0 && keys.length === 0) return DEFAULT_REDACTOR;
  // An empty name would end every key: it names nothing, so it is left out.
  const extraNames = keys.filter((key): key is string => typeof key === 'string').map(normalizeKey).filter((name) => name !== '');
  const extraKeyPatterns = keys.filter((key): key is RegExp => key instanceof RegExp).map((key) => withFlags(key, false));
  return {
    text: (text) => patterns.reduce((result, pattern) => replacedOutsideMarkers(result, pattern), redactText(text)),
    key: (key) =>
      isSecretKey(key) || endsWithAny(normalizeKey(key), extraNames) || extraKeyPatterns.some((pattern) => pattern.test(key)),
  };
}

/**
 * A match within a marker already written is kept: a pattern that matches `REDACTED` would otherwise wrap
 * the marker again each time the output is serialized.
 */
function replacedOutsideMarkers(text: string, pattern: RegExp): string {
  if (!text.includes(REDACTED)) return text.replace(pattern, REDACTED);
  let marker = -1;
  let nextMarker = text.indexOf(REDACTED);
  return text.replace(pattern, (match: string, ...rest: unknown[]) => {
    const offset = rest.find((argument) => typeof argument === 'number') as number;
    while (nextMarker !== -1 && nextMarker <= offset) {
      marker = nextMarker;
      nextMarker = text.indexOf(REDACTED, marker + 1);
    }
    return marker !== -1 && offset + match.length <= marker + REDACTED.length ? match : REDACTED;
  });
}

// Never global where it only tests, so that no `lastIndex` carries over between strings.
function withFlags(pattern: RegExp, global: boolean): RegExp {
  const flags = pattern.flags.replace('g', '').replace('y', '');
  return new RegExp(pattern.source, global ? `${flags}g` : flags);
}

export const DEFAULT_REDACTOR: Redactor = { text: redactText, key: isSecretKey };
