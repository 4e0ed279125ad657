// A node:http server on 127.0.0.1 that answers each request with the next scripted reply, the last
// one repeated, and counts the requests it saw, so that a test asserts how many attempts a client or
// a framework made. How a reply is written (JSON, a server-sent event stream) is the caller's.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedServer<Reply> {
  readonly url: string;
  /** The requests seen since the last `script`. */
  requests(): number;
  /** The replies the next requests get, one each; the last is repeated. */
  script(...replies: readonly Reply[]): void;
  close(): Promise<void>;
}

/** Starts the server; `write` answers a request with its reply, `seen` being its 1-based count. */
export async function startScriptedServer<Reply>(
  initial: Reply,
  write: (reply: Reply, response: ServerResponse, seen: number) => void,
): Promise<ScriptedServer<Reply>> {
  let replies: readonly Reply[] = [initial];
  let seen = 0;
  const server = createServer((request, response) => {
    const reply = replies[Math.min(seen, replies.length - 1)] ?? initial;
    seen++;
    const count = seen;
    request.resume();
    request.on('end', () => { write(reply, response, count); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => seen,
    script: (...next) => {
      replies = next;
      seen = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    },
  };
}
