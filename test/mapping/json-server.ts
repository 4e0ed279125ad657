// A node:http server on 127.0.0.1 that answers each request with the next scripted JSON response
// (status, headers, body), the last one repeated. It counts the requests it saw, so that a test
// asserts how many attempts a framework's own retries made.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface JsonServer {
  readonly url: string;
  /** The requests seen since the last `script`. */
  requests(): number;
  script(...responses: readonly JsonResponse[]): void;
  close(): Promise<void>;
}

export async function startJsonServer(): Promise<JsonServer> {
  let responses: readonly JsonResponse[] = [{ status: 500, body: {} }];
  let seen = 0;
  const server: Server = createServer((request, response) => {
    const next = responses[Math.min(seen, responses.length - 1)] ?? { status: 500, body: {} };
    seen++;
    request.resume();
    request.on('end', () => {
      response.writeHead(next.status, { 'content-type': 'application/json', 'x-request-id': `req_${seen}`, ...next.headers });
      response.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => seen,
    script: (...next) => {
      responses = next;
      seen = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    },
  };
}

/** An OpenAI chat completion whose message is `message`. */
export function chatCompletion(message: Record<string, unknown>, finishReason = 'stop'): JsonResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }],
      usage: { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 },
    },
  };
}
