import { describe, expect, it } from 'vitest';
import type { FaultlineCode } from '../../src/index.js';
import { BUILT_IN_CLASSES } from '../../src/read-back/class-registry.js';

// Every member of the union, once: the compiler refuses a missing or an unknown key.
const CODES: Readonly<Record<FaultlineCode, true>> = {
  MODEL_ERROR: true, MODEL_RATE_LIMITED: true, MODEL_TIMEOUT: true, MODEL_API_ERROR: true, MODEL_CONTEXT_LENGTH_EXCEEDED: true,
  MODEL_QUOTA_EXCEEDED: true, MODEL_CONTENT_FILTERED: true, MODEL_OUTPUT_INVALID: true,
  TOOL_ERROR: true, TOOL_NOT_FOUND: true, TOOL_PERMISSION_DENIED: true, TOOL_EXECUTION_ERROR: true, TOOL_TIMEOUT: true,
  AGENT_ERROR: true, AGENT_MAX_ITERATIONS: true, AGENT_INVALID_STATE_TRANSITION: true, AGENT_ABORTED: true,
  STORAGE_ERROR: true, SECURITY_VIOLATION: true, AUTH_ERROR: true, AUTH_UNAUTHENTICATED: true, AUTH_FORBIDDEN: true,
  VALIDATION_FAILED: true, TRANSIENT: true, TIMEOUT: true, UNKNOWN_ERROR: true,
};

describe('FaultlineCode', () => {
  it('is the code of every built-in class, and nothing else', () => {
    expect(BUILT_IN_CLASSES.map((cls) => cls.prototype.code).sort()).toEqual(Object.keys(CODES).sort());
  });
});
