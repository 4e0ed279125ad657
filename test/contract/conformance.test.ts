/**
 * The conformance corpus the package ships (conformance/cases.json, the `faultline/conformance.json`
 * export): the checked-in file is what conformance-cases.ts makes of the golden cases, byte for byte, and
 * faultline's own reader holds to every case of it, as a reader in another language must.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deserializeError, serializeError, ValidationError } from '../../src/index.js';
import { serializedErrorSchema } from '../../src/schema/index.js';
import { conformanceDocument } from './conformance-cases.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string; files: string[]; exports: Record<string, unknown>;
};
const checkedIn = readFileSync(new URL('../../conformance/cases.json', import.meta.url), 'utf8');
const document = JSON.parse(checkedIn) as {
  valid: { name: string; readsAs: string; json: unknown }[];
  fallback: { name: string; readsAs: string; json: Record<string, unknown> }[];
  invalid: { name: string; json: unknown }[];
};

/** The class an error was rebuilt as: the class whose prototype it has. */
const classOf = (error: object): string => (Object.getPrototypeOf(error) as { constructor: { name: string } }).constructor.name;

describe('the conformance corpus', () => {
  it('is checked in as conformance-cases.ts makes it, for this version (scripts/update-conformance.mjs writes it)', () => {
    expect(checkedIn).toBe(`${JSON.stringify(conformanceDocument(packageJson.version), null, 2)}\n`);
  });

  it('ships in the package as faultline/conformance.json, beside faultline/schema.json', () => {
    expect(packageJson.files).toContain('conformance');
    expect(packageJson.exports['./conformance.json']).toBe('./conformance/cases.json');
    expect(packageJson.exports['./schema.json']).toBe('./dist/schema.json');
  });

  it.each(document.valid.map((entry) => [entry.name, entry] as const))('valid: %s is read as its class and written back as the same JSON', (_name, entry) => {
    const error = deserializeError(entry.json);
    expect(classOf(error)).toBe(entry.readsAs);
    expect(JSON.stringify(serializeError(error))).toBe(JSON.stringify(entry.json));
    expect(serializedErrorSchema.safeParse(entry.json).success).toBe(true);
  });

  it.each(document.fallback.map((entry) => [entry.name, entry] as const))('fallback: %s is read as the family class, every field kept', (_name, entry) => {
    const error = deserializeError(entry.json);
    expect(classOf(error)).toBe(entry.readsAs);
    expect(JSON.stringify(serializeError(error))).toBe(JSON.stringify(entry.json));
  });

  it.each(document.invalid.map((entry) => [entry.name, entry] as const))('invalid: %s is refused, by the reader and by the schema', (_name, entry) => {
    expect(() => deserializeError(entry.json)).toThrow(ValidationError);
    expect(serializedErrorSchema.safeParse(entry.json).success).toBe(false);
  });
});
