/**
 * The provider tables (src/recognition/provider-tables.ts), entry by entry: every error type and every
 * wording is found in a payload of the real-world corpus (test/fixtures/real-world/), which names the
 * public source it was taken from, or, for the few types a provider documents but no capture shows, in
 * the provider's documentation named below; so that no entry is written from memory. And no type stands
 * for two different things in two providers' tables.
 */
import { describe, expect, it } from 'vitest';
import { providerTables } from '../../src/recognition/provider-tables.js';
import { realCases } from './real-world/cases.js';

// What a case sent, as the tables read it: its body or event, and its headers (Bedrock's exception name).
const SENT = realCases().map((entry) => ({
  name: entry.name,
  text: `${entry.response?.body ?? entry.stream?.data ?? ''} ${Object.values(entry.response?.headers ?? {}).join(' ')}`,
}));

const TABLES = Object.entries(providerTables());

// Types a provider documents that no captured payload of the corpus shows, and where each is documented.
const DOCUMENTED: Readonly<Record<string, string>> = {
  // Anthropic's error types, generated from its OpenAPI spec.
  billing_error: 'https://app.unpkg.com/@anthropic-ai/sdk@0.81.0/files/src/resources/shared.ts',
  timeout_error: 'https://app.unpkg.com/@anthropic-ai/sdk@0.81.0/files/src/resources/shared.ts',
  // The Gemini API's backend error codes.
  DEADLINE_EXCEEDED: 'https://ai.google.dev/gemini-api/docs/troubleshooting',
  // The Bedrock runtime's exceptions, as the AWS SDKs generate them.
  ServiceQuotaExceededException: 'https://github.com/boto/botocore/blob/cd9207757d459bba9c524475b601e59f55760a3a/botocore/data/bedrock-runtime/2023-09-30/service-2.json',
};

describe('the provider tables', () => {
  it.each(TABLES.flatMap(([provider, table]) => Object.keys(table.types ?? {}).map((type) => [provider, type] as const)))(
    '%s: the type %s is in a real payload, or documented',
    (_provider, type) => {
      const pattern = new RegExp(`(?<![A-Za-z_])${type}(?![A-Za-z_])`);
      const seen = SENT.filter((sent) => pattern.test(sent.text)).map((sent) => sent.name);
      // A documented type no capture shows; one a capture shows needs no such note.
      expect(seen.length > 0 ? 'seen' : DOCUMENTED[type]).toMatch(/^(seen|https:\/\/)/);
      expect(seen.length > 0 && Object.hasOwn(DOCUMENTED, type)).toBe(false);
    },
  );

  it.each(TABLES.flatMap(([provider, table]) => (table.wordings ?? []).map(([failure, source]) => [provider, failure, source] as const)))(
    '%s: the %s wording %s is in a real payload',
    (_provider, _failure, source) => {
      const pattern = new RegExp(source);
      expect(SENT.filter((sent) => pattern.test(sent.text.toLowerCase())).map((sent) => sent.name)).not.toEqual([]);
    },
  );

  it('never has one type stand for two things', () => {
    const meanings = new Map<string, unknown>();
    for (const [, table] of TABLES) {
      for (const [type, meaning] of Object.entries(table.types ?? {})) {
        expect(meanings.get(type) ?? meaning, type).toBe(meaning);
        meanings.set(type, meaning);
      }
    }
  });
});
