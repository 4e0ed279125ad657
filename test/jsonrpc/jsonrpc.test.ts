import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, ModelError, ModelRateLimitError, SecurityError, StorageError, TimeoutError, ToolError, ToolNotFoundError,
  TransientError, UnknownError, ValidationError, serializeError, type FaultlineError,
} from '../../src/index.js';
import { GENERIC_DETAIL } from '../../src/http/index.js';
import {
  fromJsonRpcError, JSON_RPC_CATEGORY_CODES, jsonRpcInvalidRequest, jsonRpcParseError, toJsonRpcError,
} from '../../src/jsonrpc/index.js';
import { BUILT_INS } from '../http/builtins.js';
import { JSON_RPC_CODES, MCP_CODES, MCP_SERVER_RANGE } from './mcp-codes.js';

/** The rules of JSON-RPC 2.0, section 5: what every error response must be. */
function expectValidErrorResponse(response: unknown): void {
  const value = response as Record<string, unknown>;
  expect(Object.keys(value).sort()).toEqual(['error', 'id', 'jsonrpc']);
  expect(value.jsonrpc).toBe('2.0');
  expect(value.id === null || typeof value.id === 'string' || (typeof value.id === 'number' && Number.isFinite(value.id))).toBe(true);
  const error = value.error as Record<string, unknown>;
  expect(Number.isInteger(error.code)).toBe(true);
  expect(typeof error.message).toBe('string');
  for (const key of Object.keys(error)) expect(['code', 'message', 'data']).toContain(key);
  // A code in the range JSON-RPC reserves is one it defines: faultline writes none of the server range (MCP's).
  const code = error.code as number;
  if (code >= -32768 && code <= -32000) expect([-32700, -32600, -32601, -32602, -32603]).toContain(code);
  expect(JSON.parse(JSON.stringify(response))).toEqual(response);
}

describe('toJsonRpcError', () => {
  it.each(BUILT_INS.map(([Class, , code]) => [Class.name, Class, code] as const))('%s gets code %i, and comes back as the same class', (_, Class, code) => {
    const sent: FaultlineError = new Class({ message: 'it failed', requestId: 'req_1' });
    const response = toJsonRpcError(sent, 7, { expose: true });
    expectValidErrorResponse(response);
    expect([response.id, response.error.code, response.error.message]).toEqual([7, code, 'it failed']);
    expect(response.error.data).toEqual(JSON.parse(JSON.stringify(sent)));
    const back = fromJsonRpcError(response);
    expect(back.constructor).toBe(Class);
    expect(JSON.stringify(back)).toBe(JSON.stringify(sent));
  });

  it.each(BUILT_INS.map(([Class, status]) => [Class.name, status, Class] as const))(
    '%s (HTTP %i) hides its message, details and cause from the caller only when it is internal (5xx), unless expose is set',
    (_, status, Class) => {
      const sent: FaultlineError = new Class({
        message: 'connect db-internal-7.corp:5432 refused', requestId: 'req_1', retryAfterMs: 500, details: { host: 'db-internal-7.corp' }, cause: new Error('ECONNREFUSED'),
      });
      const { error } = toJsonRpcError(sent, 7);
      if (status >= 500) {
        const head = { name: sent.name, code: sent.code, category: sent.category, message: GENERIC_DETAIL, retryable: sent.retryable };
        expect([error.message, error.data]).toEqual([GENERIC_DETAIL, { ...head, retryAfterMs: 500, requestId: 'req_1' }]);
        expect(fromJsonRpcError({ error }).constructor).toBe(Class);
      } else {
        expect([error.message, error.data]).toEqual(['connect db-internal-7.corp:5432 refused', JSON.parse(JSON.stringify(sent))]);
      }
      expect(toJsonRpcError(sent, 7, { expose: true }).error.data).toEqual(JSON.parse(JSON.stringify(sent)));
    },
  );

  it('has one code of its own per category, in its block -31000 to -31099, outside the range JSON-RPC reserves, besides the protocol codes', () => {
    const codes = Object.entries(JSON_RPC_CATEGORY_CODES).filter(([category]) => category !== 'VALIDATION' && category !== 'UNKNOWN').map(([, code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code >= -31099 && code <= -31000).toBe(true);
    expect([JSON_RPC_CATEGORY_CODES.VALIDATION, JSON_RPC_CATEGORY_CODES.UNKNOWN]).toEqual([-32602, -32603]);
  });

  it.each(BUILT_INS.map(([Class, , code]) => [Class.name, code] as const))('%s (code %i) is a JSON-RPC code, or off every code MCP defines and the range it claims', (_, code) => {
    if (JSON_RPC_CODES.includes(code)) return;
    expect(MCP_CODES.map((entry) => entry.code)).not.toContain(code);
    expect(code >= MCP_SERVER_RANGE.from && code <= MCP_SERVER_RANGE.to).toBe(false);
  });

  it('writes id null when the id is not known or not a valid id, and leaves the stack out', () => {
    expect(toJsonRpcError(new Error('x'), undefined).id).toBeNull();
    expect(toJsonRpcError(new Error('x'), 'abc').id).toBe('abc');
    expect(toJsonRpcError(new Error('x'), { bad: true } as never).id).toBeNull();
    expect(toJsonRpcError(new Error('x'), Number.NaN).id).toBeNull();
    expect(toJsonRpcError(new Error('boom'), 1).error.data).not.toHaveProperty('stack');
    expectValidErrorResponse(toJsonRpcError('anything', null));
  });

  it('normalizes any thrown value first', () => {
    expect(toJsonRpcError(new Error('boom'), 1).error).toMatchObject({ code: -32603, message: GENERIC_DETAIL, data: { name: 'UnknownError' } });
    expect(toJsonRpcError(new Error('boom'), 1, { expose: true }).error).toMatchObject({ code: -32603, message: 'boom', data: { name: 'UnknownError' } });
  });
});

describe('the protocol’s own failures', () => {
  it('jsonRpcParseError is -32700 with id null', () => {
    expect(jsonRpcParseError()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expectValidErrorResponse(jsonRpcParseError());
  });

  it('jsonRpcInvalidRequest is -32600, with the id when known', () => {
    expect(jsonRpcInvalidRequest()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
    expect(jsonRpcInvalidRequest(3).id).toBe(3);
    expectValidErrorResponse(jsonRpcInvalidRequest('x'));
  });
});

describe('fromJsonRpcError', () => {
  it('takes a whole response or its error member', () => {
    const response = toJsonRpcError(new ToolNotFoundError({ toolName: 'delete' }), 1);
    expect(fromJsonRpcError(response)).toBeInstanceOf(ToolNotFoundError);
    expect(fromJsonRpcError(response.error)).toBeInstanceOf(ToolNotFoundError);
    expect(fromJsonRpcError(response.error)).toMatchObject({ toolName: 'delete' });
  });

  it.each([
    [-32700, ValidationError], [-32600, ValidationError], [-32602, ValidationError], [-32601, ToolNotFoundError], [-32603, UnknownError],
    [-31001, ModelError], [-31002, ToolError], [-31003, AgentError], [-31004, StorageError], [-31005, SecurityError], [-31006, AuthError],
    [-31007, TransientError], [-31008, TimeoutError],
    // MCP's own meaning wins over 0.2's where it has one: a request timeout, a resource not found (now -32602).
    [-32001, TimeoutError], [-32002, ValidationError],
    // 0.2's category codes that MCP gives no meaning, as 0.2 wrote them.
    [-32003, AgentError], [-32004, StorageError], [-32005, SecurityError], [-32006, AuthError], [-32007, TransientError], [-32008, TimeoutError],
    // MCP's other codes, and any other: an UnknownError that keeps the code.
    [-32000, UnknownError], [-32020, UnknownError], [-32021, UnknownError], [-32022, UnknownError], [-32042, UnknownError],
    [-32099, UnknownError], [-31000, UnknownError], [-31009, UnknownError], [1234, UnknownError],
  ] as const)('lets code %i decide when data is not faultline’s', (code, Class) => {
    const input = { jsonrpc: '2.0', id: 1, error: { code, message: 'from a peer', data: { some: 'thing' } } };
    const error = fromJsonRpcError(input);
    expect(error.constructor).toBe(Class);
    expect([error.message, error.details, error.cause]).toEqual(['from a peer', { jsonRpcCode: code }, input]);
  });

  it('reads the MCP SDK’s own “Connection closed” as a TransientError, and a server’s “Tool … not found” as a ToolNotFoundError naming it', () => {
    expect(fromJsonRpcError({ code: -32000, message: 'MCP error -32000: Connection closed' })).toMatchObject({ name: 'TransientError', retryable: true });
    expect(fromJsonRpcError({ code: -32000, message: 'Bad Request: No valid session ID provided' })).toMatchObject({ name: 'UnknownError', retryable: false });
    expect(fromJsonRpcError({ code: -32602, message: 'MCP error -32602: Tool get_weather not found' })).toMatchObject({ name: 'ToolNotFoundError', toolName: 'get_weather' });
  });

  it.each(BUILT_INS.map(([Class, , code]) => [Class.name, Class, code] as const))(
    '%s, as a 0.2 peer wrote it (its 0.2 code, faultline data), comes back by its data, whatever MCP means by the code',
    (_, Class, code) => {
      const sent: FaultlineError = new Class({ message: 'it failed', requestId: 'req_1' });
      const code0_2 = code <= -31001 && code >= -31008 ? code - 1000 : code;
      const back = fromJsonRpcError({ jsonrpc: '2.0', id: 1, error: { code: code0_2, message: 'it failed', data: serializeError(sent) } });
      expect(back.constructor).toBe(Class);
      expect(JSON.stringify(back)).toBe(JSON.stringify(sent));
    },
  );

  it('reads a rate-limited model error that a 0.2 peer sent as -32001 as the model error it is, not as MCP’s request timeout', () => {
    const sent = new ModelRateLimitError({ provider: 'openai', retryAfterMs: 2000 });
    const back = fromJsonRpcError({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Rate limited', data: serializeError(sent) } });
    expect([back.constructor, back.retryAfterMs, back.details]).toEqual([ModelRateLimitError, 2000, undefined]);
  });

  it('never throws, whatever it is given', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const input of [undefined, null, 'text', 42, {}, { error: 'x' }, proxy]) expect(fromJsonRpcError(input)).toBeInstanceOf(UnknownError);
  });
});
