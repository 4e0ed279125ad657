// The Restate service of `npm run test:restate`, run on Node 22 (the SDK needs it) as its own
// process, serving on 127.0.0.1 only. Each handler throws, in a step, what one case needs, and
// records its attempts in a file so that they survive the process being killed and restarted.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http2';
import { join } from 'node:path';
import * as restate from '@restatedev/restate-sdk';
import { ModelRateLimitError, TransientError, ValidationError } from 'faultline';
import { asTerminalError, toRestateError } from 'faultline/restate';
import { THROWN } from './thrown.mjs';

const [port, work] = process.argv.slice(2);
const attemptsFile = join(work, 'attempts.jsonl');

function attempt(name) {
  appendFileSync(attemptsFile, `${JSON.stringify({ name, at: Date.now() })}\n`);
  return attemptsOf(name).length;
}

function attemptsOf(name) {
  if (!existsSync(attemptsFile)) return [];
  return readFileSync(attemptsFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((entry) => entry.name === name);
}

/** A step whose failures Restate is told about by toRestateError. */
function step(ctx, name, body) {
  return ctx.run(name, async () => {
    try {
      return await body();
    } catch (error) {
      throw toRestateError(error);
    }
  });
}

const cases = restate.service({
  name: 'cases',
  handlers: {
    terminal: async (ctx, kind) => step(ctx, `terminal-${kind}`, () => {
      attempt(`terminal-${kind}`);
      throw THROWN[kind]();
    }),
    transient: async (ctx) => step(ctx, 'transient', () => {
      if (attempt('transient') < 3) throw new TransientError('Connection reset');
      return 'done';
    }),
    rateLimited: async (ctx) => step(ctx, 'rate-limited', () => {
      if (attempt('rate-limited') < 2) throw new ModelRateLimitError({ retryAfterMs: 300 });
      const [first, second] = attemptsOf('rate-limited');
      return second.at - first.at;
    }),
    replay: async (ctx) => {
      let failure;
      try {
        await step(ctx, 'replay-step', () => {
          attempt('replay-step');
          throw new ValidationError('Rejected before the crash', { fields: { plan: 'Unknown plan' } });
        });
      } catch (error) {
        failure = error;
      }
      await step(ctx, 'mark', () => attempt('replay-before-sleep'));
      // The runner kills this process while the invocation sleeps, then starts it again.
      await ctx.sleep(1500);
      throw failure;
    },
    attempts: async (_ctx, name) => attemptsOf(name).length,
  },
  options: { asTerminalError },
});

createServer(restate.createEndpointHandler({ services: [cases] })).listen(Number(port), '127.0.0.1', () => {
  console.log(`service listening on 127.0.0.1:${port}`);
});
