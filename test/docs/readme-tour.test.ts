// The README's tour, step 2, run as written: the decision a newcomer copies must not replay a stream
// that already showed output, and must wait as long as a rate limit asks.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { ModelApiError, ModelError, ModelQuotaExceededError, ModelRateLimitError } from '../../src/index.js';
import { isRetryable } from '../../src/retry/index.js';

/** The names step 2 may import, and what each is here. */
const IMPORTABLE: Readonly<Record<string, unknown>> = { ModelError, ModelRateLimitError, isRetryable };

/** The code of the first `ts` block after the tour's step 2 heading. */
function stepTwo(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const heading = readme.indexOf('**2. Catch anything');
  const start = readme.indexOf('```ts\n', heading) + '```ts\n'.length;
  return readme.slice(start, readme.indexOf('\n```', start));
}

type Step = (sleep: (ms: number) => Promise<void>, callModel: () => Promise<unknown>, ...imported: unknown[]) => Promise<void>;

/** Step 2 as a function of its free names: `sleep`, `callModel`, and what it imports. */
function runnable(): { readonly run: (callModel: () => Promise<unknown>) => Promise<readonly number[]> } {
  const code = stepTwo();
  const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(faultline[^']*)'/g)].flatMap(([, list = '']) => list.split(',').map((name) => name.trim()).filter((name) => name !== ''));
  for (const name of names) if (!Object.hasOwn(IMPORTABLE, name)) throw new Error(`step 2 imports ${name}, which this test does not provide`);
  const body = ts.transpileModule(code.replace(/^import .*$/gm, ''), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  // The constructor of async functions, so that the block's top-level `await` runs as it would in a module.
  const AsyncFunction = (Object.getPrototypeOf(async function () { await Promise.resolve(); }) as { readonly constructor: new (...args: string[]) => Step }).constructor;
  const step = new AsyncFunction('sleep', 'callModel', ...names, body);
  return {
    run: async (callModel) => {
      const slept: number[] = [];
      const sleep = vi.fn((ms: number) => { slept.push(ms); return Promise.resolve(); });
      await step(sleep, callModel, ...names.map((name) => IMPORTABLE[name]));
      return slept;
    },
  };
}

describe('the README tour, step 2', () => {
  const { run } = runnable();
  const failing = (error: Error) => () => Promise.reject(error);

  it('rethrows a stream that already showed output, though the provider said it is retryable', async () => {
    const broken = new ModelApiError('stream broke', { status: 503, outputStarted: true });
    expect(broken.retryable).toBe(true);
    await expect(run(failing(broken))).rejects.toBe(broken);
  });

  it('waits as long as a rate limit asks, and a short while for another retryable failure', async () => {
    expect(await run(failing(new ModelRateLimitError({ retryAfterMs: 1200 })))).toEqual([1200]);
    expect(await run(failing(new ModelApiError('overloaded', { status: 503 })))).toEqual([250]);
  });

  it('rethrows what is never retried: an empty account', async () => {
    const quota = new ModelQuotaExceededError({ provider: 'openai' });
    await expect(run(failing(quota))).rejects.toBe(quota);
  });

  it('does nothing when the call succeeds', async () => {
    expect(await run(() => Promise.resolve('answer'))).toEqual([]);
  });
});
