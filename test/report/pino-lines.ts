// JSON Lines as pino itself writes them: a logger given `serializers: { err: serializeError }` (as the
// README's tour recommends), writing into memory. The time is the clock's: tests set it with vi.setSystemTime.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { serializeError } from '../../src/index.js';

/** A pino logger whose lines are collected in `lines`, one string per line (no newline). */
export function pinoLines(options: pino.LoggerOptions = {}): { readonly logger: pino.Logger; readonly lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      done();
    },
  });
  return { logger: pino({ serializers: { err: serializeError, error: serializeError }, ...options }, stream), lines };
}
