import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { UnreadableRecord } from '../report/index.js';

/** The longest line held: a longer one is passed over (reported in its place), so memory stays bounded. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** What a reader has read so far, for the progress line. */
export interface ReadCount {
  lines: number;
  bytes: number;
}

/**
 * The lines of a stream (a file, standard input) as text, one by one: gunzipped first when it starts
 * with gzip's magic bytes, whatever its name. A line longer than MAX_LINE_BYTES is given as an
 * UnreadableRecord. A stream that fails (a truncated gzip, a read error) throws once the lines before
 * the failure are given.
 */
export async function* jsonLines(input: Readable, count: ReadCount): AsyncGenerator<string | UnreadableRecord> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let first = true;
  const line = (last: Buffer, start: number, end: number): string | UnreadableRecord => {
    count.lines++;
    if (tooLong) return new UnreadableRecord(`line longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB, passed over`);
    const whole = pendingBytes === 0 ? last.subarray(start, end) : Buffer.concat([...pending, last.subarray(start, end)]);
    const length = whole.length > 0 && whole[whole.length - 1] === CARRIAGE_RETURN ? whole.length - 1 : whole.length;
    const text = whole.toString('utf8', 0, length);
    if (!first) return text;
    // A byte order mark before the first line: JSON.parse refuses it.
    first = false;
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  };
  for await (const chunk of decompressed(input)) {
    count.bytes += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const text = line(chunk, start, end);
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      yield text;
      start = end + 1;
    }
    if (start < chunk.length && !tooLong) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        tooLong = true;
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (tooLong || pendingBytes > 0) yield line(Buffer.alloc(0), 0, 0);
}

/** The stream's bytes, gunzipped when its first two are gzip's magic number (1f 8b). */
async function* decompressed(input: Readable): AsyncGenerator<Buffer> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done === true) return;
  const head = first.value;
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) yield next.value;
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* all();
    return;
  }
  // The error of either stream (a read error, a truncated or corrupt gzip) is thrown by the iteration.
  yield* pipeline(all, createGunzip(), () => undefined) as AsyncIterable<Buffer>;
}
