/**
 * The redaction corpus of issue #3: realistic secrets that must be caught, and ordinary
 * look-alikes that must pass untouched. Every secret is fake on its face (EXAMPLE, repeated
 * letters, AWS's own documentation key) but has the real format: prefix, alphabet and length.
 */

/** A text carrying a secret, the same text as faultline must write it, and the part that must never appear. */
export interface SecretCase {
  readonly label: string;
  readonly text: string;
  readonly redacted: string;
  readonly secret: string;
}

function secretCase(label: string, template: string, secret: string, replacement = '[REDACTED]'): SecretCase {
  return { label, text: template.replace('{}', secret), redacted: template.replace('{}', replacement), secret };
}

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJFWEFNUExFIiwibmFtZSI6IkVYQU1QTEUifQ.EXAMPLEsignatureEXAMPLEsignature0';
const PEM_RSA = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEEXAMPLEexampleEXAMPLEexampleEXAMPLEexampleEXAMPLEexampleEXAMPLE',
  'EXAMPLEexampleEXAMPLEexampleEXAMPLEexampleEXAMPLEexampleEXAMPLE==',
  '-----END RSA PRIVATE KEY-----',
].join('\n');
const PEM_PKCS8 = ['-----BEGIN PRIVATE KEY-----', 'MIIEvEXAMPLEexampleEXAMPLEexample', '-----END PRIVATE KEY-----'].join('\n');

export const SECRETS: readonly SecretCase[] = [
  secretCase('a bearer token in an echoed header', 'Request failed: Authorization: Bearer {}', 'EXAMPLEtokenEXAMPLEtoken0123'),
  secretCase('a bearer JWT', 'upstream rejected Bearer {} as expired', JWT),
  secretCase('a basic credential in an echoed header', 'proxy answered 407 to Authorization: Basic {}', 'ZXhhbXBsZTpFWEFNUExF'),
  secretCase('an Authorization header with the Token scheme', 'GitHub said 401 to Authorization: Token {}', '0123456789abcdef0123456789abcdef01234567'),
  secretCase('an OpenAI sk- key', 'OpenAI rejected key {} (401)', `sk-${'EXAMPLEexample'.repeat(3)}012345`),
  secretCase('an OpenAI sk-proj- key', 'invalid api key {}', `sk-proj-${'EXAMPLE_example-'.repeat(5)}EXAMPLE`),
  secretCase('an OpenAI sk-svcacct- key', 'service account key {} was revoked', `sk-svcacct-${'EXAMPLEexample'.repeat(3)}`),
  secretCase('an Anthropic sk-ant-api03- key', 'anthropic: invalid x-api-key {}', `sk-ant-api03-${'EXAMPLEkey'.repeat(9)}EXAAA`),
  secretCase('an Anthropic sk-ant-admin01- key', 'admin key {} lacks scope', `sk-ant-admin01-${'EXAMPLEkey'.repeat(9)}EXAAA`),
  secretCase('an AWS AKIA access key id', 'The security token included in the request is invalid: {}', 'AKIAIOSFODNN7EXAMPLE'),
  secretCase('an AWS ASIA temporary key id', 'assumed role key {} expired', 'ASIAIOSFODNN7EXAMPLE'),
  secretCase('a GitHub ghp_ token', 'git push with {} was refused', `ghp_${'EXAMPLEexample'.repeat(2)}EXAMPLE0`),
  secretCase('a GitHub gho_ token', 'oauth token {} is invalid', `gho_${'EXAMPLEexample'.repeat(2)}EXAMPLE0`),
  secretCase('a GitHub github_pat_ token', 'fine-grained token {} expired', `github_pat_11EXAMPLE0_${'EXAMPLEexample'.repeat(4)}EXA`),
  secretCase('a Slack xoxb- bot token', 'slack: invalid_auth for {}', 'xoxb-000000000000-0000000000000-EXAMPLEexampleEXAMPLEexa'),
  secretCase('a Slack xoxp- user token', 'slack user token {} revoked', 'xoxp-000000000000-000000000000-000000000000-EXAMPLEexampleEXAMPLEexample00'),
  secretCase('a Google AIza key', 'Google API key {} not valid', 'AIzaSyEXAMPLEexampleEXAMPLEexample01234'),
  secretCase('a JWT on its own', 'session {} failed verification', JWT),
  secretCase('a Stripe test key', 'stripe key {} is for another account', `sk_test_${'EXAMPLE'.repeat(4)}`),
  secretCase('a password in a postgres URL', 'connect ECONNREFUSED postgres://app_user:{}@db.example.internal:5432/app', 'EXAMPLEpassword'),
  secretCase('a password in a mysql URL', 'Access denied for mysql://root:{}@127.0.0.1:3306/shop', 'hunter2EXAMPLE'),
  secretCase('a password in an https URL', 'git clone https://deploy:{}@git.example.com/org/repo.git failed', 'EXAMPLEtoken0123'),
  secretCase('a password in a mongodb+srv URL', 'MongoServerError at mongodb+srv://admin:{}@cluster0.example.mongodb.net/db', 'EXAMPLEpass'),
  secretCase('a password in a redis URL with no user name', 'redis://:{}@cache.example.internal:6379/0 refused the connection', 'EXAMPLEredisPass'),
  secretCase('a password= pair', 'login failed for user=admin password={}', 'EXAMPLEhunter2'),
  secretCase('a Password: pair, capitalized', 'config dump: Password: {}', 'EXAMPLEhunter2'),
  secretCase('an api_key= pair in a query string', 'GET https://api.example.com/v1/items?api_key={}&limit=5 returned 403', 'EXAMPLEkey0123'),
  secretCase('an API_KEY= pair, upper-case as in an environment dump', 'env: API_KEY={} NODE_ENV=production', 'EXAMPLEkey0123'),
  secretCase('a token= pair', 'callback https://app.example.com/cb?token={}', 'EXAMPLEtoken0123'),
  secretCase('a secret= pair', 'config secret={} loaded', 'EXAMPLEsecretValue'),
  secretCase('an access_token in an echoed JSON body', 'body: {"access_token":"{}","token_type":"bearer"}', 'EXAMPLEaccessToken0123'),
  secretCase('a client_secret= pair', 'oauth exchange failed: client_secret={}', 'EXAMPLEclientSecret0123'),
  secretCase('a refresh_token: pair', 'refresh_token: {} is no longer valid', 'EXAMPLErefresh0123'),
  secretCase('a PEM RSA private key', 'key load failed: {} (bad padding)', PEM_RSA),
  secretCase('a PEM PKCS#8 private key', 'could not parse {}', PEM_PKCS8),
];

/** Ordinary strings that look a little like secrets and must pass untouched. */
export const LOOK_ALIKES: readonly (readonly [string, string])[] = [
  ['a UUID', 'job 3f2b8c1e-9d4a-4e7b-8a6f-1c2d3e4f5a6b failed'],
  ['a git SHA', 'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 broke the build'],
  ['a short git SHA', 'reverted 9fceb02'],
  ['a sha256 digest', 'image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 not found'],
  ['a request id', 'request req_abc123 failed'],
  ['a provider request id', 'request-id: req_011CSHoEeqs5C35K2UUqR7Fy'],
  ['a completion id', 'completion chatcmpl-9AbCdEfGhIjKlMnOpQrStUvWxYz was cut off'],
  ['the word tokenizer', 'the tokenizer could not split the input'],
  ['the word skip-list', 'skip-list insert failed at level 4'],
  ['max_tokens', 'max_tokens must be at most 4096'],
  ['tokens=5', 'usage tokens=5 prompt_tokens=3'],
  ['sk words', 'sketch, skill and sk-learn are not keys'],
  ['base64 of a harmless text', 'payload aGVsbG8gd29ybGQ= was not JSON'],
  ['a short id', 'item a1b2c3 is missing'],
  ['a URL with a user name and no password', 'fetch https://user@example.com/path failed'],
  ['a URL with a port', 'GET https://example.com:8443/health timed out'],
  ['an email address', 'mail to jane.doe@example.com bounced'],
  ['prose about Basic authentication', 'Basic authentication failed for the proxy'],
  ['prose about Bearer authentication', 'Bearer authentication is required here'],
  ['a WWW-Authenticate challenge', 'WWW-Authenticate: Bearer realm="api", error="invalid_token"'],
  ['token_type', 'token_type: bearer'],
  ['the word secretary', 'the secretary role is missing'],
  ['passwordless', 'passwordless login is enabled'],
  ['a password policy', 'password policy requires 12 characters'],
  ['an ISO timestamp', 'retry after 2024-05-01T12:00:00.000Z'],
  ['a file path', 'cannot read /home/app/.config/tool/settings.json'],
  ['a URL without credentials', 'postgres://db.example.com:5432/app is unreachable'],
  ['a commit URL', 'see https://github.com/org/repo/commit/9fceb02d0ae598e95dc970b74767f19372d61af8'],
  ['a too short AKIA', 'AKIA1234 is not a key'],
  ['a too short ghp_', 'ghp_short is not a token'],
  ['xoxo', 'xoxo, the team'],
  ['a too short AIza', 'AIza-short'],
  ['an npm integrity hash', 'integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg== mismatch'],
  ['a version', 'requires v1.2.3-beta.4'],
  ['a JSON parse error', 'Unexpected token } in JSON at position 12'],
  ['an IPv6 address', 'connect ECONNREFUSED 2001:db8::1'],
  ['a lone JWT header', 'header eyJhbGciOiJIUzI1NiJ9 only'],
  ['hex bytes', 'magic deadbeefdeadbeefdeadbeef'],
];
