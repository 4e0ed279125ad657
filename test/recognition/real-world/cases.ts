// The corpus of test/fixtures/real-world/, read and checked for the shape its README gives: every case
// with a source, a client to throw it through, what was sent, what it means and what it should read as.
import { readdirSync, readFileSync } from 'node:fs';

/** What a case should read as: the class, `retryable`, and the numbers the provider's text states. */
export interface Expectation {
  readonly class: string;
  readonly retryable: boolean;
  readonly rateLimit?: { readonly dimension: string };
  readonly requestedTokens?: number;
  readonly maxContextTokens?: number;
  readonly why?: string;
}

/** The clients a case is thrown through. */
export const SDKS = [
  'openai', '@anthropic-ai/sdk', 'ai', '@google/genai', '@aws-sdk/client-bedrock-runtime', '@mistralai/mistralai', 'groq-sdk', 'ollama', 'cohere-ai', 'fetch',
] as const;
export type Sdk = (typeof SDKS)[number];

export interface RealCase {
  readonly file: string;
  readonly provider: string;
  readonly name: string;
  readonly source: string;
  readonly sources?: readonly string[];
  readonly sdk: Sdk;
  /** An HTTP error answer as sent. */
  readonly response?: { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body: string };
  /** An error inside a stream whose response was a 200: the event's name (none for a bare `data:` line) and data. */
  readonly stream?: { readonly event: string | null; readonly data: string };
  readonly means: string;
  readonly expect: Expectation;
  readonly alsoRight?: readonly Expectation[];
  /**
   * What `normalizeError` reads a case as where it differs from `ModelError.from`: a case that carries no
   * sign of an LLM provider, which `normalizeError` reads by the generic status table (docs/mapping.md).
   */
  readonly normalizeError?: Expectation;
  readonly note?: string;
}

const DIRECTORY = new URL('../../fixtures/real-world/', import.meta.url);

/** Every case of every file, each checked for the fields the README requires. */
export function realCases(): readonly RealCase[] {
  const cases: RealCase[] = [];
  for (const file of readdirSync(DIRECTORY).filter((name) => name.endsWith('.json')).sort()) {
    const { provider, cases: listed } = JSON.parse(readFileSync(new URL(file, DIRECTORY), 'utf8')) as { provider: string; cases: readonly Omit<RealCase, 'file' | 'provider'>[] };
    for (const entry of listed) cases.push({ ...entry, file, provider });
  }
  return cases;
}

/** What is wrong with a case's shape, or undefined. */
export function shapeProblem(entry: RealCase): string | undefined {
  if (!/^https:\/\/\S+$/.test(entry.source)) return 'its source is no https URL';
  if (!SDKS.includes(entry.sdk)) return `its sdk ${entry.sdk} is none of ${SDKS.join(', ')}`;
  if ((entry.response === undefined) === (entry.stream === undefined)) return 'it has neither or both of response and stream';
  if (entry.response !== undefined && (!Number.isInteger(entry.response.status) || typeof entry.response.body !== 'string')) return 'its response has no status or no body text';
  if (typeof entry.means !== 'string' || entry.means.length < 10) return 'it does not say what the provider means';
  if (typeof entry.expect.class !== 'string' || typeof entry.expect.retryable !== 'boolean') return 'its expectation has no class or retryable';
  return undefined;
}
