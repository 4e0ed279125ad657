// The command's line reader: lines split across chunks, CRLF, a byte order mark, gzip found by its magic
// bytes (one member or several), a truncated gzip that throws after the lines before it, and a line too long
// to hold given as an UnreadableRecord in its place.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsonLines, MAX_LINE_BYTES } from '../../src/cli/json-lines.js';
import { UnreadableRecord } from '../../src/report/index.js';

/** The lines of a stream of these chunks, and what the reader counted. */
async function read(...chunks: Buffer[]): Promise<{ lines: unknown[]; count: { lines: number; bytes: number } }> {
  const count = { lines: 0, bytes: 0 };
  const lines: unknown[] = [];
  for await (const line of jsonLines(Readable.from(chunks), count)) lines.push(line);
  return { lines, count };
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonLines', () => {
  it('splits lines across chunks, a multi-byte character split too, and gives the last line without its newline', async () => {
    const text = bytes('{"a":1}\n{"b":"é"}\n{"c":3}');
    const split = text.indexOf(0xc3) + 1; // inside é
    expect(await read(text.subarray(0, 3), text.subarray(3, split), text.subarray(split))).toEqual({
      lines: ['{"a":1}', '{"b":"é"}', '{"c":3}'], count: { lines: 3, bytes: text.length },
    });
  });

  it('drops the carriage return of CRLF, a byte order mark before the first line, and keeps blank lines in place', async () => {
    expect((await read(bytes('\uFEFF{"a":1}\r\n\r\n{"b":2}\r\n'))).lines).toEqual(['{"a":1}', '', '{"b":2}']);
  });

  it('reads nothing from nothing', async () => {
    expect(await read()).toEqual({ lines: [], count: { lines: 0, bytes: 0 } });
  });

  it('gunzips a stream that starts with gzip’s magic bytes, several members one after another', async () => {
    const gzip = Buffer.concat([gzipSync('{"a":1}\n{"b":2}\n'), gzipSync('{"c":3}\n')]);
    expect((await read(gzip.subarray(0, 5), gzip.subarray(5))).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('gives the lines before a truncated gzip, then throws zlib’s error', async () => {
    const text = Array.from({ length: 2000 }, (_, index) => `{"line":${index}}`).join('\n');
    const gzip = gzipSync(text);
    const lines: unknown[] = [];
    const reading = (async () => {
      for await (const line of jsonLines(Readable.from([gzip.subarray(0, gzip.length - 10)]), { lines: 0, bytes: 0 })) lines.push(line);
    })();
    await expect(reading).rejects.toThrow('unexpected end of file');
    // Whole lines only: the part of a line the gzip was cut in is not given.
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.every((line, index) => line === `{"line":${index}}`)).toBe(true);
  });

  it('gives an UnreadableRecord in place of a line longer than it holds, and reads on', async () => {
    const long = Buffer.alloc(MAX_LINE_BYTES + 10, 0x61);
    const { lines, count } = await read(bytes('{"a":1}\n'), long.subarray(0, 1_000_000), long.subarray(1_000_000), bytes('\n{"b":2}\n'), long, bytes('x'));
    expect(lines).toEqual(['{"a":1}', new UnreadableRecord('line longer than 16 MiB, passed over'), '{"b":2}', new UnreadableRecord('line longer than 16 MiB, passed over')]);
    expect(count.lines).toBe(4);
  });

  it('holds a line exactly as long as it may be', async () => {
    const line = 'b'.repeat(MAX_LINE_BYTES);
    const [first] = (await read(bytes(line.slice(0, 10)), bytes(`${line.slice(10)}\n`))).lines;
    expect(first).toBe(line);
  });
});
