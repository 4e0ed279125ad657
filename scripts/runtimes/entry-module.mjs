// What Node, Bun and Deno run, inside a project where the packed faultline is installed: the ESM
// build as imported, the CJS build as required (through node:module, which all three have), and the
// conformance checks. Prints the outcome as one JSON line.
import * as esm from 'faultline';
import { conformance } from './conformance.mjs';

const refusedUrl = (globalThis.process?.argv ?? [])[2] ?? globalThis.Deno?.args?.[0];
let cjs;
const lacks = [];
try {
  const { createRequire } = await import('node:module');
  cjs = createRequire(import.meta.url)('faultline');
} catch (error) {
  lacks.push(`require: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(JSON.stringify(await conformance({ esm, cjs, refusedUrl, lacks })));
