// Durable execution with Restate: `npm run example:restate`. Starts a local restate-server and the
// service of restate-service.mjs on 127.0.0.1 (both pinned, installed into the runtimes cache on first
// use), calls the agent twice through the typed client, prints what happened, and stops both.
import { fileURLToPath } from 'node:url';
import * as clients from '@restatedev/restate-sdk-clients';
import { fromRestateError } from 'faultline/restate';
import { startEngine } from '../scripts/restate/engine.mjs';

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
