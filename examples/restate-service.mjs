// The service of examples/restate-agent.mjs: one agent step that calls a model provider, with
// faultline telling Restate what to do with each failure. Runs on Node 22 (the Restate SDK needs it).
import { createServer } from 'node:http2';
import * as restate from '@restatedev/restate-sdk';
import { ModelError } from 'faultline';
import { asTerminalError, toRestateError } from 'faultline/restate';

const [port] = process.argv.slice(2);
let calls = 0;

// A provider that rate-limits the first call (Retry-After: 200 ms), then answers; or, for the
// 'empty' account, is out of quota.
async function callModel(account) {
  calls++;
  if (account === 'empty') {
    throw Object.assign(new Error('429 You exceeded your current quota, please check your plan and billing details.'), {
      status: 429, headers: new Headers(), error: { type: 'insufficient_quota', code: 'insufficient_quota' },
    });
  }
  if (calls === 1) throw Object.assign(new Error('429 Rate limit reached on requests per min'), { status: 429, headers: new Headers({ 'retry-after-ms': '200' }) });
  return 'Typed errors survive the journal.';
}

const agent = restate.service({
  name: 'agent',
  handlers: {
    answer: async (ctx, account) =>
      ctx.run('call model', async () => {
        try {
          return await callModel(account);
        } catch (error) {
          // A quota error becomes terminal (attempted once); a 429 retries after its Retry-After.
          throw toRestateError(ModelError.from(error, { provider: 'openai' }));
        }
      }),
  },
  options: { asTerminalError },
});

createServer(restate.createEndpointHandler({ services: [agent] })).listen(Number(port), '127.0.0.1', () => {
  console.log(`service listening on 127.0.0.1:${port}`);
});
