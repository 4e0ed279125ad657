/**
 * What faultline redacts by default. One table each: the secrets found inside text, and the
 * key names whose values are secrets whatever they look like. docs/security.md lists the same.
 *
 * Patterns with a `keep` group keep that prefix (`Bearer `, `password=`, `https://user:`) so that
 * a reader still sees what was there; the rest of the match becomes `[REDACTED]`.
 */
export const SECRET_TEXT_PATTERNS: readonly { readonly label: string; readonly source: string }[] = [
  { label: 'bearer or basic credentials', source: String.raw`(?<keep1>\b(?:Bearer|Basic)\s+)[A-Za-z0-9\-._~+/]{8,}=*` },
  {
    label: 'secret key=value pairs',
    source: String.raw`(?<keep2>\b(?:password|passwd|pwd|api[_-]?key|access[_-]?token|refresh[_-]?token|auth[_-]?token|id[_-]?token|client[_-]?secret|token|secret)["']?\s*[=:]\s*["']?)(?!\[REDACTED\](?:[\s"'&,;)}\]]|$))[^\s"'&,;)}\]]+`,
  },
  { label: 'password in URL userinfo', source: String.raw`(?<keep3>\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s:@/]+:)[^\s@/]+(?=@)` },
  { label: 'Anthropic, OpenAI and other sk- keys', source: String.raw`\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}` },
  { label: 'Stripe live and test keys', source: String.raw`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}` },
  { label: 'AWS access key ids', source: String.raw`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b` },
  { label: 'GitHub tokens', source: String.raw`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})` },
  { label: 'Slack tokens', source: String.raw`\bxox[abposr]-[A-Za-z0-9\-]{10,}` },
  { label: 'Google API keys', source: String.raw`\bAIza[0-9A-Za-z_\-]{35}` },
  { label: 'JSON Web Tokens', source: String.raw`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*` },
  { label: 'PEM private keys', source: String.raw`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----` },
];

/**
 * Key names whose values are redacted in `details` and class fields, compared after lowercasing
 * and dropping everything but letters and digits, so `apiKey`, `API_KEY` and `api-key` are one.
 * A key matches when it equals one of these or ends with one (`openaiApiKey`, `x-auth-token`).
 */
export const SECRET_KEY_SUFFIXES: readonly string[] = [
  'password', 'passwd', 'passphrase', 'pwd', 'apikey', 'authorization', 'cookie', 'token', 'secret',
  'privatekey', 'accesskey', 'credentials', 'sessionid',
];
