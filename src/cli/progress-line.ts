import type { WriteStream } from 'node:tty';
import type { ReadCount } from './json-lines.js';
import { count } from './summary-text.js';

// A read that ends sooner shows no progress at all; the line is drawn again this often.
const AFTER_MS = 1000;
const EVERY_MS = 250;

/**
 * A line on standard error, drawn over itself, while a long read goes on: what has been read and at what
 * rate. Only on a terminal: a redirected standard error gets nothing.
 */
export class ProgressLine {
  readonly #stream: WriteStream;
  readonly #read: ReadCount;
  readonly #unit: string;
  #timer: ReturnType<typeof setInterval> | undefined;
  #drawn = false;

  constructor(stream: WriteStream, read: ReadCount, unit: string) {
    this.#stream = stream;
    this.#read = read;
    this.#unit = unit;
  }

  start(): void {
    if (!this.#stream.isTTY) return;
    const started = Date.now();
    // Drawn between reads: a timer runs whenever the reader waits for its input.
    const delay = setTimeout(() => {
      this.#timer = setInterval(() => {
        this.#draw(Date.now() - started);
      }, EVERY_MS);
      this.#timer.unref();
    }, AFTER_MS);
    delay.unref();
    this.#timer = delay;
  }

  stop(): void {
    clearTimeout(this.#timer);
    clearInterval(this.#timer);
    if (this.#drawn) this.#stream.write('\r\u001b[2K');
  }

  #draw(elapsedMs: number): void {
    const { lines, bytes } = this.#read;
    const rate = Math.round(lines / (elapsedMs / 1000));
    const size = bytes > 0 ? `, ${(bytes / 1024 / 1024).toFixed(0)} MB` : '';
    const line = `reading… ${count(lines)} ${this.#unit} (${count(rate)} ${this.#unit}/s${size})`;
    this.#stream.write(`\r\u001b[2K${line.slice(0, Math.max(20, (this.#stream.columns || 80) - 1))}`);
    this.#drawn = true;
  }
}
