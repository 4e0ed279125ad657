/**
 * The built-in patterns (src/redaction/patterns.ts) against the corpus of issue #3, one string
 * at a time through `redactText`: every secret caught, every look-alike untouched.
 */
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/redaction/redactor.js';
import { LOOK_ALIKES, SECRETS } from './corpus.js';

describe('the built-in patterns', () => {
  it('are tried on a corpus of at least 30 secrets and 30 look-alikes', () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(30);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(SECRETS.map((entry) => [entry.label, entry] as const))('catch %s', (_label, entry) => {
    const redacted = redactText(entry.text);
    expect(redacted).toBe(entry.redacted);
    expect(redacted).not.toContain(entry.secret);
  });

  it.each(SECRETS.map((entry) => [entry.label, entry] as const))('leave %s as it is once redacted', (_label, entry) => {
    expect(redactText(entry.redacted)).toBe(entry.redacted);
  });

  it.each(LOOK_ALIKES)('leave %s untouched', (_label, text) => {
    expect(redactText(text)).toBe(text);
  });

  it('catch every secret of a text, not only the first', () => {
    expect(redactText('password=EXAMPLEone and token=EXAMPLEtwo and AKIAIOSFODNN7EXAMPLE')).toBe(
      'password=[REDACTED] and token=[REDACTED] and [REDACTED]',
    );
  });

  it('catch a PEM private key whose end was cut off', () => {
    expect(redactText('key: -----BEGIN PRIVATE KEY-----\nMIIEvEXAMPLEexampleEXAMPLE')).toBe('key: [REDACTED]');
  });

  it('give the same result when called again, the pattern keeping no state between calls', () => {
    const text = 'password=EXAMPLEhunter2';
    expect(redactText(text)).toBe('password=[REDACTED]');
    expect(redactText(text)).toBe('password=[REDACTED]');
  });
});
