// Durable execution with Restate: `npm run example:restate`. Starts a local restate-server and the
// service of restate-service.mjs on 127.0.0.1 (both pinned, installed into the runtimes cache on first
// use), calls the agent twice through the typed client, prints what happened, and stops both.
//
// It runs from a clone of the repository: the server is started by scripts/restate/engine.mjs, which
// the npm package does not ship. Installed, this file is for reading (restate-service.mjs is the
// service side, which is what an application writes).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const engineFile = new URL('../scripts/restate/engine.mjs', import.meta.url);
if (!existsSync(engineFile)) {
  console.error(
    'examples/restate-agent.mjs runs from a clone of the faultline repository (`npm run example:restate`): ' +
      'it starts restate-server with scripts/restate/engine.mjs, which the npm package does not ship.',
  );
  process.exit(1);
}
const { startEngine } = await import(engineFile.href);
const clients = await import('@restatedev/restate-sdk-clients');
const { fromRestateError } = await import('faultline/restate');

const engine = await startEngine(fileURLToPath(new URL('./restate-service.mjs', import.meta.url)));
try {
  const agent = clients.connect({ url: engine.ingress }).serviceClient({ name: 'agent' });
  console.log('a rate-limited model call, retried by Restate after its Retry-After:');
  console.log(`  answer: ${await agent.answer('paid')}`);
  console.log('an account out of quota, attempted once, and the same class on the client:');
  try {
    await agent.answer('empty');
  } catch (thrown) {
    const error = fromRestateError(thrown);
    console.log(`  ${error.name} [${error.code}] retryable=${error.retryable} provider=${error.provider}: ${error.message}`);
  }
} finally {
  await engine.stopAll();
}
