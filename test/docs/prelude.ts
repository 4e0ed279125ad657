// The few free names the docs' snippets use without declaring them, as a reader would have them
// in their own code: a caught value, a model call, a journal. Declared here once, so that each
// snippet stays as short as the page needs it to be.
import type { FaultlineError, SerializedError } from '../../src/index.js';

declare global {
  /** A value caught in a `catch` block. */
  const thrown: unknown;
  /** A faultline error the page is talking about. */
  const error: FaultlineError;
  /** A line of JSON read back from a log or a journal. */
  const line: string;
  /** A serialized error, as stored. */
  const json: SerializedError;
  /** The application's own calls. */
  function callModel(): Promise<unknown>;
  function runTool(...args: unknown[]): Promise<unknown>;
  function retryLater(delayMs?: number): Promise<void>;
  /** A model call that takes a question. */
  function callModel(question: string): Promise<string>;
  /** A server's router. */
  function route(request: Request): Promise<Response>;
  const journal: { append(line: string): Promise<void> };
  /** A failed `fetch`: `TypeError: fetch failed`, caused by a refused connection. */
  const fetchFailed: unknown;
  /** What a provider's SDK threw. */
  const providerError: unknown;
  /** A database row holding a serialized error. */
  const row: { readonly error: string };
  /** A very long string. */
  const hugeText: string;
  /** The pino logger, as its package types it (reduced to what the docs use). */
  function pino(options: { serializers: { err: (value: unknown) => unknown } }): { error(object: object, message?: string): void };
}

export {};
