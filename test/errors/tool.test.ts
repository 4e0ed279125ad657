import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, ModelTimeoutError, SecurityError, StorageError, TimeoutError, ToolError,
  ToolExecutionError, ToolNotFoundError, ToolPermissionError, ToolTimeoutError, TransientError, UnknownError, ValidationError,
} from '../../src/index.js';
import { describeClassTable, type AnyClass, type ClassRow } from './class-table.js';

const OTHER_FAMILIES: readonly AnyClass[] = [
  ModelError, AgentError, StorageError, SecurityError, AuthError, ValidationError, TransientError, TimeoutError, UnknownError,
];
const LEAVES: readonly AnyClass[] = [ToolNotFoundError, ToolPermissionError, ToolExecutionError, ToolTimeoutError];

// The tool rows of issue #2's class table, plus each class's default message and own fields.
const TABLE: readonly ClassRow[] = [
  { Class: ToolError, parent: FaultlineError, name: 'ToolError', code: 'TOOL_ERROR', retryable: false, message: 'The tool call failed', fields: { toolName: 'search' } },
  { Class: ToolNotFoundError, parent: ToolError, name: 'ToolNotFoundError', code: 'TOOL_NOT_FOUND', retryable: false, message: 'The requested tool is not registered', fields: { toolName: 'delete' } },
  { Class: ToolPermissionError, parent: ToolError, name: 'ToolPermissionError', code: 'TOOL_PERMISSION_DENIED', retryable: false, message: 'Permission to run the tool was denied', fields: { toolName: 'shell' } },
  { Class: ToolExecutionError, parent: ToolError, name: 'ToolExecutionError', code: 'TOOL_EXECUTION_ERROR', retryable: false, message: 'The tool failed while running', fields: { toolName: 'fetch' } },
  { Class: ToolTimeoutError, parent: ToolError, name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT', retryable: true, message: 'The tool call timed out', fields: { toolName: 'browse', timeoutMs: 10_000 } },
];

describeClassTable({ base: ToolError, category: 'TOOL', otherFamilies: OTHER_FAMILIES, leaves: LEAVES }, TABLE);

describe('ToolError.from', () => {
  const withCode = (code: string): Error => Object.assign(new Error(code), { code });

  it.each([
    ['a plain Error', new Error('plain'), ToolExecutionError, false, 'plain'],
    ['a string', 'boom', ToolExecutionError, false, 'boom'],
    ['undefined', undefined, ToolExecutionError, false, 'The tool failed while running'],
    ['an Error named TimeoutError', Object.assign(new Error('slow'), { name: 'TimeoutError' }), ToolTimeoutError, true, 'slow'],
    ['a DOMException TimeoutError', new DOMException('slow', 'TimeoutError'), ToolTimeoutError, true, 'slow'],
    ['an ETIMEDOUT error', withCode('ETIMEDOUT'), ToolTimeoutError, true, 'ETIMEDOUT'],
    ['a refused connection', withCode('ECONNREFUSED'), ToolExecutionError, true, 'ECONNREFUSED'],
    ['fetch failed by a reset socket', new TypeError('fetch failed', { cause: withCode('UND_ERR_SOCKET') }), ToolExecutionError, true, 'fetch failed'],
    ['an aborted call', new DOMException('stop', 'AbortError'), ToolExecutionError, false, 'stop'],
  ])('maps %s', (_label, value, Class, retryable, message) => {
    const error = ToolError.from(value, { toolName: 'search', details: { attempt: 1 } });
    expect(error.constructor).toBe(Class);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(value);
    expect(error).toMatchObject({ toolName: 'search', details: { attempt: 1 } });
  });

  it('passes a faultline error through unchanged, of any family, without applying the context', () => {
    const original = new ModelTimeoutError();
    expect(ToolError.from(original, { toolName: 'search' })).toBe(original);
    expect(Object.keys(original)).toEqual([]);
    const tool = new ToolNotFoundError();
    expect(ToolTimeoutError.from(tool)).toBe(tool);
  });
});

describe('ToolError.from and the stack trace', () => {
  function mapHere(): string[] {
    return (ToolError.from(new TypeError('x')).stack ?? '').split('\n').slice(1, 4);
  }

  it('builds the error one helper below from, so that the caller follows within three frames', () => {
    const [first, second, third] = mapHere();
    expect(first).toMatch(/^\s+at toolErrorFor \(/);
    expect(second).toMatch(/^\s+at (Function\.)?from \(/);
    expect(third).toMatch(/^\s+at mapHere \(/);
  });
});
