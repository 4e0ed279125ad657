// Work bounded by the output, whatever the input claims: each hostile value runs in a worker
// (test/hardening/bounded-work.worker.mjs, against the built package) that is terminated if it
// has not answered within LIMIT_MS. Every case finishes in milliseconds when the walk visits what
// exists (the million-deep cause chain, which must first build a million errors, in about 2.5 s
// alone and up to 11 s beside two other runs on two cores); walking what the input claims (2**32 - 1
// indices) would take minutes. The limit is a fence against a hang, not a timing assertion: it is
// far above any bounded run, on a quiet or a loaded machine.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const WORKER = new URL('./bounded-work.worker.mjs', import.meta.url);
const LIMIT_MS = 60_000;
// Vitest's own timeout stays well above the fence, so that a case that hangs is reported by the
// fence, naming the case and why, and a slow but bounded case on a loaded machine fails neither.
const TEST_TIMEOUT_MS = LIMIT_MS + 60_000;

function runCase(name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { name } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${name}: still running after ${LIMIT_MS} ms: the walk follows what the input claims`));
    }, LIMIT_MS);
    worker.once('message', (message: { result: unknown }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(message.result);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

// The reader's default limit: what the writer's defaults allow at most, 117 nodes × 51,456 characters (docs/contract.md).
const SIZE_PROBLEM = 'Input is larger than the limit of 6043752 characters (the maxInputLength option)';

describe('work bounded by the output, on values that claim more than they hold', () => {
  it('needs the built package', () => {
    expect(existsSync(new URL('../../dist/index.js', import.meta.url))).toBe(true);
  });

  it.each([
    ['details: a sparse array of length 2**32 - 1', { list: ['last'] }],
    ['details: an array Proxy of 2**32 - 1 empty strings', { list: [] }],
    ['details: an array Proxy of 2**32 - 1 undefined items', { list: [] }],
    ['details: a Set whose iterator never ends', { details: true }],
    ['details: a Map whose iterator never ends', { details: true }],
    ['details: getters that make new objects forever', { details: true }],
    ['recommendations: a sparse array of length 2**32 - 1', ['retry']],
    ['recommendations: an array Proxy of 2**32 - 1 strings', 0],
    ['errors of an AggregateError: an array Proxy of 2**32 - 1 errors', { errors: HUGE_MINUS(100) }],
    ['a class field: a sparse array of length 2**32 - 1', [1]],
    ['a cause chain a million errors deep', { depth: 16, truncated: { cause: 'depth' } }],
    ['normalizeError: a ZodError whose issues claim 2**32 - 1 entries', 100],
    ['deserializeError: details holding an array Proxy of 2**32 - 1 zeros', { 'details.list': SIZE_PROBLEM }],
    ['deserializeError: recommendations an array Proxy of 2**32 - 1 strings', { recommendations: SIZE_PROBLEM }],
    ['deserializeError: errors an array Proxy of 2**32 - 1 numbers', { errors: SIZE_PROBLEM }],
  ] as const)('%s', async (name, expected) => {
    expect(await runCase(name)).toEqual(expected);
  }, TEST_TIMEOUT_MS);
});

function HUGE_MINUS(kept: number): number {
  return 2 ** 32 - 1 - kept;
}
