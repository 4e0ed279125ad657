import { MAX_TIMER_DELAY_MS } from '../foundation/policy-fields.js';
import { readProperty } from '../foundation/safe-read.js';
import { whenAborted } from '../foundation/abort-waiters.js';

export interface BodyLimits {
  /** The most bytes read (every chunk counts at least one, so that empty chunks end too). */
  readonly maxBytes: number;
  /** The longest wait for the whole body, in milliseconds; `Infinity` for none. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
}

/**
 * What was read by the limit, the deadline or the abort; '' for a body that cannot be read. A stream is
 * cancelled past the limit, so that a server that streams a 502 forever ends; `text()` alone is raced
 * against the deadline, as it cannot be cancelled. Never throws.
 */
export async function readBoundedBody(response: unknown, limits: BodyLimits): Promise<string> {
  if (limits.signal?.aborted === true) return '';
  // The deadline is checked between chunks too: a deep queue of chunks already read settles each read at
  // once, and would outlast the timer.
  const limited = limits.timeoutMs < MAX_TIMER_DELAY_MS;
  const deadline = limited ? Date.now() + limits.timeoutMs : Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting: (() => void) | undefined;
  const stopped = new Promise<typeof STOPPED>((resolve) => {
    const stop = (): void => { resolve(STOPPED); };
    if (limits.signal !== undefined) stopWaiting = whenAborted(limits.signal, stop);
    if (limited) timer = setTimeout(stop, limits.timeoutMs);
  });
  try {
    const reader = readerOf(readProperty(response, 'body'));
    return reader === undefined ? await wholeText(response, limits.maxBytes, stopped) : await streamText(reader, limits.maxBytes, stopped, deadline);
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
    stopWaiting?.();
  }
}

const STOPPED: unique symbol = Symbol('stopped');

interface Reader {
  read(): Promise<{ readonly done?: boolean; readonly value?: unknown }>;
  cancel(reason?: unknown): Promise<void>;
}

function readerOf(body: unknown): Reader | undefined {
  const getReader = readProperty(body, 'getReader');
  return typeof getReader === 'function' ? (getReader as () => Reader).call(body) : undefined;
}

async function streamText(reader: Reader, maxBytes: number, stopped: Promise<typeof STOPPED>, deadline: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < maxBytes && Date.now() <= deadline) {
      const chunk = await Promise.race([reader.read(), stopped]);
      if (chunk === STOPPED || chunk.done === true) break;
      const { value } = chunk;
      const part = value instanceof Uint8Array ? value.subarray(0, maxBytes - bytes) : undefined;
      bytes += Math.max(part?.byteLength ?? 0, 1);
      if (part !== undefined) text += decoder.decode(part, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    try {
      reader.cancel().catch(() => undefined);
    } catch {
      // a reader whose cancel throws: nothing more to do
    }
  }
}

async function wholeText(response: unknown, maxBytes: number, stopped: Promise<typeof STOPPED>): Promise<string> {
  const text = readProperty(response, 'text');
  if (typeof text !== 'function') return '';
  const body: unknown = await Promise.race([(text as () => Promise<unknown>).call(response), stopped]);
  return typeof body === 'string' ? body.slice(0, maxBytes) : '';
}
