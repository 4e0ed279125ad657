import type { FaultlineError } from '../../src/index.js';

/** Every chunk a stream gives, and the error it ends with, if any. */
export async function collect<Chunk>(stream: AsyncIterable<Chunk>): Promise<{ chunks: Chunk[]; error?: FaultlineError }> {
  const chunks: Chunk[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks };
  } catch (error) {
    return { chunks, error: error as FaultlineError };
  }
}
