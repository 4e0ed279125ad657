// What the bundled runtimes run (workerd, the Vercel edge runtime, Chromium): the ESM build bundled
// in, no require (none of them has one), and the outcome left on globalThis for the runner to read.
import * as esm from 'faultline';
import { conformance } from './conformance.mjs';

export function run(refusedUrl, lacks) {
  return conformance({ esm, cjs: undefined, refusedUrl, lacks: ['require: this runtime has no require', ...lacks] });
}
