import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  AgentError, AuthError, FaultlineError, ModelError, SecurityError, StorageError, TimeoutError, ToolError, TransientError,
  UnknownError, ValidationError,
} from '../../src/index.js';

const OTHER_FAMILIES = [
  ModelError, ToolError, AgentError, StorageError, SecurityError, AuthError, TransientError, TimeoutError, UnknownError,
] as const;

// A real ZodError from classic zod for `input` against `schema`; the test fails if it parses.
function zodError(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be invalid');
  return result.error;
}

describe('ValidationError', () => {
  it('extends FaultlineError and is an instance of its ancestors only', () => {
    // Declared with builtInClass: the class sits below the class it returned, whose parent is FaultlineError.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(ValidationError))).toBe(FaultlineError);
    const error = new ValidationError();
    for (const ancestor of [ValidationError, FaultlineError, Error]) expect(error instanceof ancestor).toBe(true);
    for (const other of OTHER_FAMILIES) expect(error instanceof other).toBe(false);
  });

  it('has its name, code, category, retryable default and default message', () => {
    const error = new ValidationError();
    expect([error.name, error.code, error.category, error.retryable, error.message])
      .toEqual(['ValidationError', 'VALIDATION_FAILED', 'VALIDATION', false, 'Validation failed']);
  });

  it('sets fields from options', () => {
    expect(new ValidationError('x', { fields: { query: 'Required' } }).fields).toEqual({ query: 'Required' });
  });
});

describe('ValidationError.fromZodError', () => {
  it('maps nested paths, joined with dots, to their messages', () => {
    const schema = z.object({ user: z.object({ email: z.string(), age: z.number() }), tags: z.array(z.string()) });
    const original = zodError(schema, { user: { email: 1, age: 30 }, tags: ['a', 2] });
    const error = ValidationError.fromZodError(original);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual({
      'user.email': 'Invalid input: expected string, received number',
      'tags.1': 'Invalid input: expected string, received number',
    });
    expect(error.message).toBe(
      'Validation failed: user.email: Invalid input: expected string, received number; tags.1: Invalid input: expected string, received number',
    );
    expect(error.cause).toBe(original);
  });

  it('maps an issue at the root to the empty path', () => {
    const error = ValidationError.fromZodError(zodError(z.string(), 42));
    expect(error.fields).toEqual({ '': 'Invalid input: expected string, received number' });
    expect(error.message).toBe('Validation failed: Invalid input: expected string, received number');
  });

  it('joins the messages of issues on the same path', () => {
    const error = ValidationError.fromZodError(zodError(z.string().min(5).regex(/^a/), 'b'));
    expect(error.fields).toEqual({ '': 'Too small: expected string to have >=5 characters; Invalid string: must match pattern /^a/' });
  });

  it('joins repeated nested paths too', () => {
    const schema = z.object({ p: z.string() }).superRefine((_value, context) => {
      context.addIssue({ code: 'custom', message: 'first', path: ['p'] });
      context.addIssue({ code: 'custom', message: 'second', path: ['p'] });
    });
    expect(ValidationError.fromZodError(zodError(schema, { p: 'x' })).fields).toEqual({ p: 'first; second' });
  });

  it('reads an error from zod/mini', () => {
    const result = zm.object({ a: zm.string(), list: zm.array(zm.number()) }).safeParse({ a: 1, list: [1, 'x'] });
    expect(result.success).toBe(false);
    const error = ValidationError.fromZodError(result.error);
    expect(error.fields).toEqual({
      a: 'Invalid input: expected string, received number',
      'list.1': 'Invalid input: expected number, received string',
    });
    expect(error.cause).toBe(result.error);
  });

  it('applies the context', () => {
    const error = ValidationError.fromZodError(zodError(z.string(), 1), { details: { tool: 'search' }, status: 422 });
    expect(error.details).toEqual({ tool: 'search' });
    expect(error.status).toBe(422);
  });

  it('takes fields from the context when given something that is not a ZodError', () => {
    const original = new Error('not zod');
    const error = ValidationError.fromZodError(original, { fields: { q: 'Required' } });
    expect(error.fields).toEqual({ q: 'Required' });
    expect(error.message).toBe('Validation failed');
    expect(error.cause).toBe(original);
  });
});

describe('ValidationError.from', () => {
  it('maps a ZodError to fields', () => {
    const original = zodError(z.object({ q: z.string() }), {});
    const error = ValidationError.from(original, { requestId: 'r' });
    expect(error.constructor).toBe(ValidationError);
    expect(error).toHaveProperty('fields', { q: 'Invalid input: expected string, received undefined' });
    expect(error.requestId).toBe('r');
    expect(error.cause).toBe(original);
  });

  it.each([
    ['a plain Error', new Error('bad input'), 'bad input'],
    ['a string', 'bad', 'bad'],
    ['null', null, 'Validation failed'],
  ])('wraps %s as a ValidationError without fields', (_label, value, message) => {
    const error = ValidationError.from(value);
    expect(error.constructor).toBe(ValidationError);
    expect(error.message).toBe(message);
    expect(error).not.toHaveProperty('fields');
    expect(error.retryable).toBe(false);
    expect(error.cause).toBe(value);
  });

  it('passes a faultline error through unchanged', () => {
    const original = new ToolError();
    expect(ValidationError.from(original)).toBe(original);
  });
});
