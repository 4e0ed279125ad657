// A node:http server on 127.0.0.1 that answers each request with the next scripted JSON response
// (status, headers, body), the last one repeated. It counts the requests it saw, so that a test
// asserts how many attempts a framework's own retries made.
import { startScriptedServer, type ScriptedServer } from '../scripted-server.js';

export interface JsonResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export type JsonServer = ScriptedServer<JsonResponse>;

export function startJsonServer(): Promise<JsonServer> {
  return startScriptedServer<JsonResponse>({ status: 500, body: {} }, (next, response, seen) => {
    response.writeHead(next.status, { 'content-type': 'application/json', 'x-request-id': `req_${seen}`, ...next.headers });
    response.end(JSON.stringify(next.body));
  });
}

/** An OpenAI chat completion whose message is `message`, reporting `usage`. */
export function chatCompletion(message: Record<string, unknown>, finishReason = 'stop', usage: object = { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 }): JsonResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }],
      usage,
    },
  };
}
