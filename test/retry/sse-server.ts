// A node:http server on 127.0.0.1 that answers each request with the next scripted server-sent event
// stream: its events, then (where the script says) a failure in the middle of a 200 response. It
// counts the requests it saw, so that a test asserts how many a retry sent.
import { startScriptedServer, type ScriptedServer } from '../scripted-server.js';

/** One event of a stream: `event:` (omitted when undefined) and its JSON data, or a raw `data:` line. */
export interface SseEvent {
  readonly event?: string;
  readonly data: unknown;
}

/** Each scripted reply is one stream: its events, in order. */
export type SseServer = ScriptedServer<readonly SseEvent[]>;

export function startSseServer(): Promise<SseServer> {
  return startScriptedServer<readonly SseEvent[]>([], (events, response, seen) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': `req_${seen}`, 'request-id': `req_${seen}` });
    for (const { event, data } of events) {
      response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    }
    response.end();
  });
}

// The providers' documented stream formats.

export const anthropic = {
  start: (usage: object = { input_tokens: 3, output_tokens: 1 }): SseEvent[] => [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude-test', stop_reason: null, stop_sequence: null, usage } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
  ],
  text: (text: string): SseEvent => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } } }),
  end: (): SseEvent[] => [
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ],
  /** A `message_delta` whose usage repeats the counters given, cumulatively, as Anthropic's does. */
  delta: (usage: object): SseEvent => ({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: null, stop_sequence: null }, usage } }),
  error: (type: string, message: string): SseEvent => ({ event: 'error', data: { type: 'error', error: { type, message } } }),
};

export const openaiChat = {
  text: (content: string): SseEvent => ({ data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }] } }),
  end: (): SseEvent[] => [
    { data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
    { data: '[DONE]' },
  ],
  /** The chunk `stream_options: { include_usage: true }` adds after the last choice: no choice, the usage. */
  usage: (usage: object): SseEvent => ({ data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [], usage } }),
  error: (error: unknown): SseEvent => ({ data: { error } }),
};

export const openaiResponses = {
  start: (): SseEvent[] => [
    { event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } } },
  ],
  text: (delta: string): SseEvent => ({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta } }),
  end: (): SseEvent[] => [{ event: 'response.completed', data: { type: 'response.completed', sequence_number: 9, response: { id: 'resp_1', object: 'response', status: 'completed', output: [] } } }],
  error: (code: string, message: string): SseEvent => ({ event: 'error', data: { type: 'error', sequence_number: 2, code, message, param: null } }),
  failed: (code: string, message: string, usage: object | null = null): SseEvent => ({
    event: 'response.failed', data: { type: 'response.failed', sequence_number: 2, response: { id: 'resp_1', object: 'response', status: 'failed', error: { code, message }, output: [], usage } },
  }),
  incomplete: (reason: string, usage: object): SseEvent => ({
    event: 'response.incomplete', data: { type: 'response.incomplete', sequence_number: 3, response: { id: 'resp_1', object: 'response', status: 'incomplete', incomplete_details: { reason }, output: [], usage } },
  }),
};
