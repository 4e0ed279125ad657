// Rewrites conformance/cases.json, the conformance corpus the package ships, from
// test/contract/conformance-cases.ts and the golden files. Run it after scripts/update-golden.mjs, when the
// contract changes on purpose; conformance.test.ts compares the checked-in file byte for byte.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'faultline-conformance-'));
const bundle = join(scratch, 'conformance.mjs');
try {
  // The golden files are read through import.meta.url: the bundle sits beside them for that.
  const entry = join(root, 'test/contract/conformance-cases.ts');
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'warning', define: { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) } });
  const { conformanceDocument } = await import(pathToFileURL(bundle).href);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  mkdirSync(join(root, 'conformance'), { recursive: true });
  writeFileSync(join(root, 'conformance/cases.json'), `${JSON.stringify(conformanceDocument(version), null, 2)}\n`);
  console.log('Wrote conformance/cases.json.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
