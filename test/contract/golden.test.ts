import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serializeError } from '../../src/index.js';
import { BUILT_IN_CASES, GOLDEN_CASES, goldenText } from './golden-cases.js';

/** The text a golden file holds: two-space JSON and a final newline. */
function goldenOf(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

describe('golden files', () => {
  it.each(GOLDEN_CASES.map((golden) => [golden.file, golden] as const))(
    'serializes %s byte for byte as its checked-in file',
    (_file, golden) => {
      expect(goldenOf(serializeError(golden.build(), golden.options))).toBe(goldenText(golden.file));
    },
  );

  it('has a golden file for each of the 26 built-in concrete classes, named after the class', () => {
    expect(BUILT_IN_CASES.map((golden) => golden.file).sort()).toEqual(
      [
        'ModelError', 'ModelRateLimitError', 'ModelTimeoutError', 'ModelApiError', 'ModelContextLengthError', 'ModelQuotaExceededError',
        'ModelContentFilterError', 'ModelOutputError',
        'ToolError', 'ToolNotFoundError', 'ToolPermissionError', 'ToolExecutionError', 'ToolTimeoutError',
        'AgentError', 'AgentMaxIterationsError', 'AgentStateError', 'AgentAbortedError',
        'StorageError', 'SecurityError', 'AuthError', 'AuthenticationError', 'AuthorizationError',
        'ValidationError', 'TransientError', 'TimeoutError', 'UnknownError',
      ].sort(),
    );
    for (const golden of BUILT_IN_CASES) expect(golden.build().name).toBe(golden.file);
  });

  it('checks in no golden file without a construction, and none is missing', () => {
    const files = readdirSync(new URL('./golden/', import.meta.url)).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(GOLDEN_CASES.map((golden) => `${golden.file}.json`).sort());
  });

  it('writes no null anywhere in a golden file', () => {
    for (const golden of GOLDEN_CASES) expect(goldenText(golden.file)).not.toMatch(/\bnull\b/);
  });

  it('keeps every secret of the constructions out of the golden files', () => {
    for (const golden of GOLDEN_CASES) {
      const text = goldenText(golden.file);
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('sk-proj-');
    }
  });

  it('gives each golden file its whole shape: head, every optional field, class fields, a faultline cause over a foreign one', () => {
    const parsed = JSON.parse(goldenText('AgentStateError')) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'name', 'code', 'category', 'message', 'retryable', 'retryAfterMs', 'status', 'requestId', 'recommendations',
      'details', 'agentId', 'currentState', 'targetState', 'cause',
    ]);
    expect(parsed.cause).toEqual({
      name: 'TransientError',
      code: 'TRANSIENT',
      category: 'TRANSIENT',
      message: 'Upstream connection reset',
      retryable: true,
      cause: { name: 'Error', message: 'socket hang up', code: 'ECONNRESET' },
    });
  });
});
