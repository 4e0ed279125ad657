/*
 * docs/security.md lists the same. Each list is joined into one expression with the list's flags; a `keep`
 * group keeps its prefix (`Bearer `, `password=`) so that a reader still sees what was there.
 */

/** Matched in any letter case: words a person or a config file writes. */
export const CASELESS_SECRET_PATTERNS: readonly RegExp[] = [
  // an echoed Authorization header, whatever its scheme (Bearer, Basic, Token, Digest, ...)
  /(?<keep4>\bauthorization["']?\s*[=:]\s*["']?(?:[a-z]+\s+)?)(?!\[REDACTED\])[^\s"',;]{8,}/,
  // bearer and basic credentials; "Basic authentication failed" is prose, not a credential
  /(?<keep1>\b(?:bearer|basic)\s+)(?!(?:authentication|authorization|credentials)\b)[a-z0-9\-._~+/]{8,}=*/,
  // password=, api_key:, token=, secret= ... pairs, quoted or not; never the marker itself again
  /(?<keep2>\b(?:password|passwd|pwd|api[_-]?key|access[_-]?token|refresh[_-]?token|auth[_-]?token|id[_-]?token|client[_-]?secret|token|secret)["']?\s*[=:]\s*["']?)(?!\[REDACTED\](?:[\s"'&,;)}\]]|$))[^\s"'&,;)}\]]+/,
  // the password in URL userinfo: scheme://user:password@host. The scheme starts where a run of its
  // characters starts, so that a long run of them is scanned once, not once from each of its characters
  /(?<keep3>(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:)[^\s@/]+(?=@)/,
  // PEM private keys; one whose end is missing (cut off, or past the part of a long text that is read) to the end
  /-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----|[\s\S]*$)/,
];

/** Matched as written: provider key formats, whose letter case is part of the format. */
export const EXACT_SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/, // Anthropic, OpenAI and other sk- keys
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}/, // Stripe
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/, // AWS access key ids
  /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/, // GitHub
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/, // Slack
  /\bAIza[0-9A-Za-z_-]{35}/, // Google API keys
  // JSON Web Tokens, starting where a run of base64url starts, for the same reason as the URL's scheme
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/,
];

/**
 * A word every pattern above contains, tested first: one literal scan is far cheaper than the patterns.
 * Keep it in step with them; the redaction corpus in test/redaction fails if it does not.
 */
export const SECRET_HINT = /authorization|bearer|basic|pass|pwd|key|token|secret|:\/\/|sk-|k_live|k_test|akia|asia|gh[pousr]_|github_pat_|xox|aiza|eyj/i;

/** Compared lowercased and stripped to letters and digits; a key matches when it ends with one (`openaiApiKey`). */
export const SECRET_KEY_SUFFIXES: readonly string[] = [
  'password', 'passwd', 'passphrase', 'pwd', 'apikey', 'authorization', 'cookie', 'token', 'secret',
  'privatekey', 'accesskey', 'credentials', 'sessionid',
];
