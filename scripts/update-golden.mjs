// Rewrites test/contract/golden/*.json from the constructions in test/contract/golden-cases.ts.
// Run it only when the contract changes on purpose, then read every diff and note it in
// CHANGELOG.md. The golden test itself never writes these files: it compares byte for byte.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'test/contract/golden-entry.tmp.ts');
const scratch = mkdtempSync(join(tmpdir(), 'faultline-golden-'));
const bundle = join(scratch, 'golden.mjs');

writeFileSync(
  entry,
  "export { GOLDEN_CASES } from './golden-cases.js';\nexport { serializeError } from '../../src/index.js';\n",
);
try {
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'warning' });
  const { GOLDEN_CASES, serializeError } = await import(pathToFileURL(bundle).href);
  const folder = join(root, 'test/contract/golden');
  mkdirSync(folder, { recursive: true });
  for (const { file, build: make, options } of GOLDEN_CASES) {
    writeFileSync(join(folder, `${file}.json`), `${JSON.stringify(serializeError(make(), options), null, 2)}\n`);
  }
  console.log(`Wrote ${GOLDEN_CASES.length} golden files to test/contract/golden/.`);
} finally {
  rmSync(entry, { force: true });
  rmSync(scratch, { recursive: true, force: true });
}
