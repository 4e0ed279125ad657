// The progress line: drawn on a terminal only, once a read has lasted a second, over itself, with what has
// been read and the rate; cleared at the end. The clock is vitest's.
import type { WriteStream } from 'node:tty';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressLine } from '../../src/cli/progress-line.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A standard error that records what is written to it. */
function stream(isTTY: boolean): { readonly stream: WriteStream; readonly written: string[] } {
  const written: string[] = [];
  return { stream: { isTTY, columns: 60, write: (text: string) => written.push(text) } as unknown as WriteStream, written };
}

describe('ProgressLine', () => {
  it('draws the lines read and their rate over itself once a second has passed, and clears itself', () => {
    const { stream: stderr, written } = stream(true);
    const read = { lines: 0, bytes: 0 };
    const progress = new ProgressLine(stderr, read, 'lines');
    progress.start();
    read.lines = 150_000;
    vi.advanceTimersByTime(999);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(251);
    read.lines = 300_000;
    read.bytes = 100 * 1024 * 1024;
    vi.advanceTimersByTime(250);
    progress.stop();
    expect(written).toEqual([
      '\r\u001b[2Kreading… 150,000 lines (120,000 lines/s)',
      '\r\u001b[2Kreading… 300,000 lines (200,000 lines/s, 100 MB)',
      '\r\u001b[2K',
    ]);
    vi.advanceTimersByTime(5000);
    expect(written).toHaveLength(3);
  });

  it('cuts the line to the terminal’s width', () => {
    const { stream: stderr, written } = stream(true);
    const progress = new ProgressLine(stderr, { lines: 123_456_789_012, bytes: 999_999_999_999 }, 'lines');
    progress.start();
    vi.advanceTimersByTime(1250);
    progress.stop();
    expect(written[0]?.replace('\r\u001b[2K', '')).toHaveLength(59);
  });

  it('writes nothing when standard error is not a terminal, nor for a read shorter than a second', () => {
    const redirected = stream(false);
    const progress = new ProgressLine(redirected.stream, { lines: 5, bytes: 0 }, 'lines');
    progress.start();
    vi.advanceTimersByTime(10_000);
    progress.stop();
    const quick = stream(true);
    const short = new ProgressLine(quick.stream, { lines: 5, bytes: 0 }, 'rows');
    short.start();
    vi.advanceTimersByTime(500);
    short.stop();
    expect([redirected.written, quick.written]).toEqual([[], []]);
  });
});
