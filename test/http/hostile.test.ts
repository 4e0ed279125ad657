// faultline/http and faultline/jsonrpc given what arrives from outside: bodies that never end, stall or
// starve the event loop, status texts of megabytes, options that are not what their types say, and
// errors whose getters throw. fromResponse always settles, with what it read; nothing throws.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromResponse, toHttpStatus, toProblemDetails, toResponse, type ResponseLike } from '../../src/http/index.js';
import { fromJsonRpcError, toJsonRpcError } from '../../src/jsonrpc/index.js';
import { ToolError, TransientError, UnknownError, ValidationError } from '../../src/index.js';
import { HOSTILE_KINDS, hostileValue } from '../hardening/arbitraries.js';
import { withThrowingGetters } from '../hardening/hostile.js';


// A server that answers 502 and streams its body forever, until the client goes away.
let server: Server;
let base: string;
let closed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/plain', 'retry-after': '2' });
    let onClose: () => void = () => undefined;
    closed = new Promise<void>((resolve) => { onClose = resolve; });
    const chunk = 'upstream is down. '.repeat(1000);
    const timer = setInterval(() => { response.write(chunk); }, 1);
    response.on('close', () => { clearInterval(timer); onClose(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
});

function streamed(underlying: UnderlyingDefaultSource<Uint8Array>, status = 502): Response {
  return new Response(new ReadableStream(underlying), { status, statusText: 'Bad Gateway' });
}

describe('fromResponse never hangs', () => {
  it('reads a body that a real server streams forever up to maxBodyBytes, then cancels it: the connection closes', async () => {
    const error = await fromResponse(await fetch(base), { maxBodyBytes: 50_000 });
    expect([error.constructor, error.status, error.retryAfterMs]).toEqual([TransientError, 502, 2000]);
    await closed; // the server sees the client go away: nothing is left running
  }, 30_000);

  it('ends a stream that enqueues synchronously forever (it would starve the event loop), past maxBodyBytes', async () => {
    let pulls = 0;
    const error = await fromResponse(streamed({ pull: (controller) => { pulls++; controller.enqueue(new Uint8Array(1000).fill(120)); } }));
    expect([error.constructor, pulls <= 101]).toEqual([TransientError, true]);
  }, 30_000);

  it('ends a stream of empty chunks: each chunk counts', async () => {
    const error = await fromResponse(streamed({ pull: (controller) => { controller.enqueue(new Uint8Array(0)); } }), { maxBodyBytes: 1000 });
    expect(error).toBeInstanceOf(TransientError);
  }, 30_000);

  it('gives up on a body that stalls after timeoutMs, classifying by what it read', async () => {
    let sent = false;
    const response = streamed({
      pull: (controller) => {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: 'ValidationError', code: 'VALIDATION_FAILED' })));
          return undefined;
        }
        return new Promise<void>(() => undefined); // never more
      },
    }, 400);
    const error = await fromResponse(response, { timeoutMs: 20 });
    expect([error.constructor, error.status]).toEqual([ValidationError, 400]);
  }, 30_000);

  it('stops when the signal aborts, and reads nothing once it has', async () => {
    const controller = new AbortController();
    const pending = fromResponse(streamed({ pull: () => new Promise<void>(() => undefined) }), { signal: controller.signal, timeoutMs: Infinity });
    controller.abort();
    expect(await pending).toBeInstanceOf(TransientError);
    expect(await fromResponse(streamed({ pull: () => new Promise<void>(() => undefined) }), { signal: controller.signal })).toBeInstanceOf(TransientError);
  }, 30_000);

  it('gives up on a response-like whose text() never settles', async () => {
    const response: ResponseLike = { status: 503, headers: {}, text: () => new Promise<string>(() => undefined) };
    expect(await fromResponse(response, { timeoutMs: 20 })).toBeInstanceOf(TransientError);
  }, 30_000);
});

describe('fromResponse keeps what it builds bounded', () => {
  it('keeps 200 characters of a 50 MB status text, and 2,048 of a 50 MB URL', async () => {
    const huge = 'x'.repeat(50_000_000);
    const response: ResponseLike = { status: 502, statusText: huge, url: huge, headers: {}, text: () => Promise.resolve('') };
    const error = await fromResponse(response);
    expect(error.message).toBe(`HTTP 502 ${'x'.repeat(200)}`);
    expect(((error.cause as { url: string }).url).length).toBe(2048);
  });
});

describe('the writers and readers refuse invalid options, naming the option and the value', () => {
  it.each<[string, () => unknown, string]>([
    ['fromResponse maxBodyBytes', () => fromResponse(new Response(''), { maxBodyBytes: Number.NaN }), 'fromResponse: the option maxBodyBytes must be a whole number, 0 or more; got NaN'],
    ['fromResponse timeoutMs', () => fromResponse(new Response(''), { timeoutMs: -1 }), 'fromResponse: the option timeoutMs must be a number, 0 or more (or Infinity); got -1'],
    ['fromResponse signal', () => fromResponse(new Response(''), { signal: {} as AbortSignal }), 'fromResponse: the option signal must be an AbortSignal; got an object'],
    ['toProblemDetails expose', () => toProblemDetails(new Error('x'), { expose: 'yes' as never }), 'toProblemDetails: the option expose must be a boolean; got "yes"'],
    ['toProblemDetails typeBase', () => toProblemDetails(new Error('x'), { typeBase: 1 as never }), 'toProblemDetails: the option typeBase must be a string; got 1'],
    ['toResponse instance', () => toResponse(new Error('x'), { instance: {} as never }), 'toResponse: the option instance must be a string; got an object'],
    ['toJsonRpcError expose', () => toJsonRpcError(new Error('x'), 1, { expose: 1 as never }), 'toJsonRpcError: the option expose must be a boolean; got 1'],
  ])('%s', async (_, call, message) => {
    await expect(async () => { await call(); }).rejects.toThrow(new TypeError(message));
  });
});

describe('the writers and readers never throw on hostile values', () => {

  it.each(HOSTILE_KINDS)('given a %s, or an object whose prototype is one', (kind) => {
    for (const value of [hostileValue(kind), Object.create(hostileValue(kind) as object) as unknown]) {
      expect(toHttpStatus(value)).toBe(500);
      expect(toProblemDetails(value).status).toBe(500);
      expect(toJsonRpcError(value, 1).error.code).toBe(-32603);
      expect(fromJsonRpcError(value)).toBeInstanceOf(UnknownError);
    }
  });

  it('given an error whose every getter throws', () => {
    const error = withThrowingGetters(new ToolError('x'), 'code', 'retryable', 'retryAfterMs', 'message', 'details', 'requestId', 'fields');
    expect([toHttpStatus(error), toProblemDetails(error).code, toJsonRpcError(error, 1).error.code]).toEqual([500, 'UNKNOWN_ERROR', -31002]);
  });
});

describe('fromResponse and a deep queue of chunks', () => {
  it('checks timeoutMs between chunks too: a body with a million chunks already queued settles at the limit, not when the queue drains', async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => { for (let index = 0; index < 1_000_000; index++) controller.enqueue(new Uint8Array([120])); },
    });
    const error = await fromResponse(new Response(body, { status: 503 }), { maxBodyBytes: 10_000_000, timeoutMs: 50 });
    expect(error).toBeInstanceOf(TransientError);
  }, 30_000);
});
