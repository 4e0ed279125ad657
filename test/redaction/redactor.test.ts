/**
 * Redaction as a user meets it (issue #3, "Secrets"): serializeError, and so toJSON, redacts by
 * default wherever text is written: the message, a foreign cause's message, details, the
 * recommendations; values of keys named like secrets; and it can be turned off or extended.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey } from '../../src/redaction/redactor.js';
import {
  deserializeError, serializeError, ToolError, type SerializedError, type SerializeOptions,
} from '../../src/index.js';
import { LOOK_ALIKES, SECRETS } from './corpus.js';

/** An error carrying `text` in every place text is written: message, foreign cause, details, recommendations. */
function carrying(text: string): ToolError {
  return new ToolError(text, {
    cause: new Error(text),
    details: { note: text, nested: { list: [text] } },
    recommendations: [`Check: ${text}`],
    requestId: text,
  });
}

/** What `carrying(text)` serializes to, with `written` in place of the text. */
function carried(written: string): SerializedError {
  return {
    name: 'ToolError',
    code: 'TOOL_ERROR',
    category: 'TOOL',
    message: written,
    retryable: false,
    requestId: written,
    recommendations: [`Check: ${written}`],
    details: { note: written, nested: { list: [written] } },
    cause: { name: 'Error', message: written },
  };
}

describe('serializeError redacts by default', () => {
  it.each(SECRETS.map((entry) => [entry.label, entry] as const))(
    '%s, in the message, a foreign cause, details, recommendations and requestId',
    (_label, entry) => {
      const output = serializeError(carrying(entry.text));
      expect(output).toEqual(carried(entry.redacted));
      expect(JSON.stringify(output)).not.toContain(JSON.stringify(entry.secret).slice(1, -1));
    },
  );

  it.each(SECRETS.map((entry) => [entry.label, entry] as const))('%s, through JSON.stringify (toJSON) too', (_label, entry) => {
    expect(JSON.parse(JSON.stringify(carrying(entry.text)))).toEqual(carried(entry.redacted));
  });

  it('in the message of a faultline cause and of a cause of a cause', () => {
    const secret = 'AKIAIOSFODNN7EXAMPLE';
    const error = new ToolError('outer', { cause: new ToolError(`inner ${secret}`, { cause: new TypeError(`deepest ${secret}`) }) });
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain(secret);
    expect(text).toContain('"message":"inner [REDACTED]"');
    expect(text).toContain('"message":"deepest [REDACTED]"');
  });

  it("in a class's own string fields and in a requested stack", () => {
    const secret = 'ghp_EXAMPLEexampleEXAMPLEexampleEXAMPLE0';
    const error = new ToolError(`push with ${secret} failed`, { toolName: `git ${secret}` });
    const output = serializeError(error, { stack: true });
    expect(output.toolName).toBe('git [REDACTED]');
    expect(output.stack?.startsWith('ToolError: push with [REDACTED] failed')).toBe(true);
    expect(JSON.stringify(output)).not.toContain(secret);
  });

  it('in the name and code of a foreign cause', () => {
    const error = Object.assign(new Error('m'), { name: 'token=EXAMPLEtoken0123', code: 'password=EXAMPLEhunter2' });
    expect(serializeError(error).cause).toEqual({ name: 'token=[REDACTED]', message: 'm', code: 'password=[REDACTED]' });
  });

  it('in the keys of details, such as a Map keyed by API keys', () => {
    const clients = new Map([[`sk-ant-api03-${'EXAMPLEkey'.repeat(9)}EXAAA`, 'client-1']]);
    const output = serializeError(new ToolError('t', { details: { clients: clients as never } }));
    expect(output.details).toEqual({ clients: { '[REDACTED]': 'client-1' } });
  });

  // A foreign error's message, which the serializer alone redacts: a faultline error's own message is
  // redacted whole when it is built.
  const causeOf = (message: string): SerializedError => serializeError(new ToolError('outer', { cause: new Error(message) })).cause as SerializedError;

  it('in a secret that straddles the message length cut', () => {
    const secret = `sk-ant-api03-${'EXAMPLEkey'.repeat(9)}EXAAA`;
    const message = `${'a'.repeat(9_990)} ${secret}`;
    const output = causeOf(message);
    expect(output.message.startsWith(`${'a'.repeat(9_990)} `)).toBe(true);
    expect(output.message.length).toBeLessThanOrEqual(10_000);
    expect(output.message).not.toMatch(/api03|EXAMPLE/);
    expect(output.truncated).toEqual({ message: message.length });
  });

  it('in a secret that straddles the details size cut, leaving no piece of it', () => {
    const secret = `sk-ant-api03-${'EXAMPLEkey'.repeat(9)}EXAAA`;
    // The budget (16,384 less the key's 4) would end 22 characters into the secret: too few for
    // the pattern to recognize (sk- and 20 more), enough to leak part of it.
    const note = `${'a'.repeat(16_380 - 23)} ${secret}`;
    const output = serializeError(new ToolError('t', { details: { note } }));
    expect(JSON.stringify(output)).not.toMatch(/api03|EXAMPLE/);
  });

  it('in a PEM private key that starts before the message length cut and ends long after it', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${'MIIEvEXAMPLEexample\n'.repeat(100)}-----END PRIVATE KEY-----`;
    const message = `${'a'.repeat(9_000)} ${pem}`;
    const output = causeOf(message);
    expect(output.message).toBe(`${'a'.repeat(9_000)} [REDACTED]`);
    expect(output.truncated).toEqual({ message: message.length });
  });
});

describe('serializeError leaves ordinary text alone', () => {
  it.each(LOOK_ALIKES)('%s, in every place text is written', (_label, text) => {
    expect(serializeError(carrying(text))).toEqual(carried(text));
  });

  it.each(LOOK_ALIKES)('%s, through a round trip: serialize, deserialize, serialize gives the same, message intact', (_label, text) => {
    const first = serializeError(carrying(text));
    const restored = deserializeError(JSON.stringify(first));
    expect(restored.message).toBe(text);
    expect(serializeError(restored)).toEqual(first);
  });
});

describe('details keys named like secrets', () => {
  const SECRET_KEYS = [
    'password', 'PASSWORD', 'apiKey', 'API_KEY', 'api-key', 'x-api-key', 'openaiApiKey', 'authorization', 'Authorization',
    'Cookie', 'set-cookie', 'token', 'accessToken', 'x-auth-token', 'secret', 'client_secret', 'privateKey', 'sessionId',
  ];
  const LOOK_ALIKE_KEYS = [
    'tokenizer', 'maxTokens', 'tokenCount', 'tokens', 'passwordPolicy', 'secretary', 'cookieConsent', 'authorizationUrl',
    'keyId', 'apiVersion',
  ];

  it.each(SECRET_KEYS)('%s has its value redacted, whatever the value is', (key) => {
    const details = { [key]: { nested: 'plain words', count: 3 }, other: 'kept' };
    expect(serializeError(new ToolError('t', { details })).details).toEqual({ [key]: '[REDACTED]', other: 'kept' });
    expect(serializeError(new ToolError('t', { details: { [key]: 'hunter2' } })).details).toEqual({ [key]: '[REDACTED]' });
  });

  it.each(LOOK_ALIKE_KEYS)('%s keeps its value', (key) => {
    const details = { [key]: 'plain words', [`${key}Count`]: 4 };
    expect(serializeError(new ToolError('t', { details })).details).toEqual(details);
  });

  it('are redacted at any depth, in arrays, in Maps and in a thrown plain object', () => {
    const details = {
      request: { headers: { Authorization: 'Bearer EXAMPLE', 'Content-Type': 'application/json' } },
      attempts: [{ apiKey: 'EXAMPLE', attempt: 1 }],
      env: new Map([['DB_PASSWORD', 'hunter2'], ['NODE_ENV', 'production']]),
    };
    expect(serializeError(new ToolError('t', { details: details })).details).toEqual({
      request: { headers: { Authorization: '[REDACTED]', 'Content-Type': 'application/json' } },
      attempts: [{ apiKey: '[REDACTED]', attempt: 1 }],
      env: { DB_PASSWORD: '[REDACTED]', NODE_ENV: 'production' },
    });
    expect(serializeError({ user: 'ada', password: 'hunter2' }).cause).toEqual({ user: 'ada', password: '[REDACTED]' });
  });

  it("are redacted as a user class's own fields too", () => {
    class UpstreamError extends ToolError.subclass('UpstreamError', { code: 'UPSTREAM', fields: { apiKey: 'string' } }) {}
    const error = new UpstreamError('t', { apiKey: 'EXAMPLE' });
    expect(serializeError(error)).toEqual({
      name: 'UpstreamError', code: 'UPSTREAM', category: 'TOOL', message: 't', retryable: false, apiKey: '[REDACTED]',
    });
  });

  it('are recognized by isSecretKey in any case or style', () => {
    for (const key of SECRET_KEYS) expect(isSecretKey(key), key).toBe(true);
    for (const key of LOOK_ALIKE_KEYS) expect(isSecretKey(key), key).toBe(false);
  });
});

describe('configuration', () => {
  const secretText = 'password=EXAMPLEhunter2 cust-123456 ACME-1 and ACME-22';

  it('redact: false turns every kind of redaction off', () => {
    const error = new ToolError(secretText, { details: { password: 'hunter2', note: 'token=EXAMPLE' }, cause: new Error(secretText) });
    expect(serializeError(error, { redact: false })).toEqual({
      name: 'ToolError', code: 'TOOL_ERROR', category: 'TOOL', message: secretText, retryable: false,
      details: { password: 'hunter2', note: 'token=EXAMPLE' }, cause: { name: 'Error', message: secretText },
    });
  });

  it('redact: true is the default', () => {
    const error = new ToolError(secretText);
    expect(serializeError(error, { redact: true })).toEqual(serializeError(error));
  });

  it('extra patterns redact every match, global or not, beside the built-in ones', () => {
    const options: SerializeOptions = { redact: { patterns: [/\bcust-\d{6}\b/g, /ACME-\d+/] } };
    expect(serializeError(new ToolError(secretText), options).message).toBe('password=[REDACTED] [REDACTED] [REDACTED] and [REDACTED]');
  });

  it('extra patterns never match inside a marker, so that the output is a fixed point', () => {
    // Matches REDACTED itself: applied to the marker, each pass would wrap it once more.
    const options: SerializeOptions = { redact: { patterns: [/\b[A-Z0-9]{8,}\b/] } };
    const out = serializeError(new ToolError('order ORDER1234 failed', { details: { note: 'password=hunter2 ORDER1234' } }), options);
    expect(out.message).toBe('order [REDACTED] failed');
    expect(out.details).toEqual({ note: 'password=[REDACTED] [REDACTED]' });
    expect(JSON.stringify(serializeError(deserializeError(out), options))).toBe(JSON.stringify(out));
  });

  it('extra patterns still match across a marker the built-in rules wrote, and redact the whole match', () => {
    const options: SerializeOptions = { redact: { patterns: [/postgres:\/\/\S+/g, /card .*pin \d+/] } };
    const url = serializeError(new ToolError('connect failed: postgres://admin:hunter2@db.internal.corp:5432/payroll'), options);
    expect(url.message).toBe('connect failed: [REDACTED]');
    const card = serializeError(new ToolError('card 4111-1111 token=sk-abcdefghijklmnopqrstu then pin 9876'), options);
    expect(card.message).toBe('[REDACTED]');
    expect(JSON.stringify(serializeError(deserializeError(url), options))).toBe(JSON.stringify(url));
  });

  it("extra patterns leave the caller's RegExp as it was: lastIndex and flags untouched", () => {
    const global = /\bcust-\d{6}\b/g;
    const sticky = /ACME-\d+/y;
    global.lastIndex = 7;
    sticky.lastIndex = 3;
    const options: SerializeOptions = { redact: { patterns: [global, sticky] } };
    const first = serializeError(new ToolError(secretText), options);
    const second = serializeError(new ToolError(secretText), options);
    expect(second).toEqual(first);
    expect(global.lastIndex).toBe(7);
    expect(sticky.lastIndex).toBe(3);
    expect(global.flags).toBe('g');
    expect(sticky.flags).toBe('y');
  });

  it('extra key names, as strings, compare like the built-in ones: any case or style, as the end of a key', () => {
    const details = {
      ssn: '000-00-0000', SSN: '000-00-0000', S_S_N: '000-00-0000', customer_ssn: '000-00-0000', customerSsn: '000-00-0000',
      lessons: 'kept', ssnIssued: 'kept',
    };
    expect(serializeError(new ToolError('t', { details }), { redact: { keys: ['ssn'] } }).details).toEqual({
      ssn: '[REDACTED]', SSN: '[REDACTED]', S_S_N: '[REDACTED]', customer_ssn: '[REDACTED]', customerSsn: '[REDACTED]',
      lessons: 'kept', ssnIssued: 'kept',
    });
  });

  it('extra key names that hold no letter or digit name nothing, and redact nothing', () => {
    const details = { anything: 'kept', '': 'kept too' };
    expect(serializeError(new ToolError('t', { details }), { redact: { keys: ['', '__'] } }).details).toEqual(details);
  });

  it("extra key names, as RegExps, test the raw key and leave the caller's lastIndex alone", () => {
    const pattern = /^x-internal-/gi;
    pattern.lastIndex = 5;
    const details = { 'X-Internal-Trace': 'abc', 'x-internal-user': 'ada', 'x-trace': 'kept' };
    const options: SerializeOptions = { redact: { keys: [pattern] } };
    expect(serializeError(new ToolError('t', { details }), options).details).toEqual({
      'X-Internal-Trace': '[REDACTED]', 'x-internal-user': '[REDACTED]', 'x-trace': 'kept',
    });
    expect(serializeError(new ToolError('t', { details }), options).details).toEqual({
      'X-Internal-Trace': '[REDACTED]', 'x-internal-user': '[REDACTED]', 'x-trace': 'kept',
    });
    expect(pattern.lastIndex).toBe(5);
  });

  it('extra options keep the built-in lists', () => {
    const redactor = createRedactor({ keys: ['ssn'] });
    expect(redactor.key('password')).toBe(true);
    expect(redactor.text('token=EXAMPLE')).toBe('token=[REDACTED]');
  });
});

describe('an error with no secret', () => {
  it('round-trips unchanged, with every field and its message identical to the original', () => {
    const original = new ToolError('The search tool returned 502 for query "weather in Paris"', {
      toolName: 'search',
      status: 502,
      requestId: 'req_abc123',
      recommendations: ['Retry in 2 seconds', 'Check https://status.example.com'],
      details: { query: 'weather in Paris', tokens: 5, maxTokens: 4096, commit: '9fceb02', job: '3f2b8c1e-9d4a-4e7b-8a6f-1c2d3e4f5a6b' },
      cause: new TypeError('fetch failed'),
    });
    const first = serializeError(original);
    const restored = deserializeError(JSON.stringify(first));
    expect(restored.message).toBe(original.message);
    expect(restored.details).toEqual(original.details);
    expect(serializeError(restored)).toEqual(first);
    expect(JSON.stringify(serializeError(restored))).toBe(JSON.stringify(first));
  });
});

describe('redaction options', () => {
  it('are read once per options object: a later change to the same object is not seen, a new object is', () => {
    const patterns: RegExp[] = [/\bcase-\d+\b/g];
    const options = { redact: { patterns } };
    expect(serializeError(new Error('case-17 and ticket-9'), options).message).toBe('[REDACTED] and ticket-9');
    patterns.push(/\bticket-\d+\b/g);
    expect(serializeError(new Error('case-17 and ticket-9'), options).message).toBe('[REDACTED] and ticket-9');
    expect(serializeError(new Error('case-17 and ticket-9'), { redact: { patterns: [...patterns] } }).message).toBe('[REDACTED] and [REDACTED]');
  });
});
