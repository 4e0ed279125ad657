import { errors } from 'inngest/internals';
import { RetryAfterError, serializeError, StepError } from 'inngest';
import { describe, expect, it } from 'vitest';

// What inngest itself keeps of a thrown error, which faultline/inngest is built on: if an upgrade of
// inngest changes any of it, these say so before a user finds the class gone. Inngest's server keeps
// `name`, `message`, `stack` and `cause` of what the SDK sends (and drops `code`): UserError in its
// pkg/execution/state/driver_response.go.

class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly provider = 'openai';
  readonly retryable = false;
  readonly code = 'QUOTA';
}

const carried = { faultline: { name: 'ModelQuotaExceededError', code: 'MODEL_QUOTA_EXCEEDED', details: { nested: { deep: [1, 2] } } } };

describe('what inngest keeps of an error', () => {
  it('serializeError keeps name, message, stack, code and cause, and drops every other field', () => {
    const serialized = serializeError(new ProviderError('out of quota', { cause: carried }));
    expect(Object.keys(serialized).sort()).toEqual(['__serialized', 'cause', 'code', 'message', 'name', 'stack']);
    expect(serialized).toMatchObject({ name: 'ProviderError', code: 'QUOTA', cause: carried });
  });

  it('keeps a cause that has no name whole, and cuts one that has a name to the same five keys', () => {
    expect(serializeError(new Error('x', { cause: carried }))).toMatchObject({ cause: carried });
    const named = serializeError(new Error('x', { cause: { name: 'ModelQuotaExceededError', message: 'y', provider: 'openai' } }));
    expect(named).toMatchObject({ cause: { name: 'ModelQuotaExceededError', message: 'y' } });
    expect(named).not.toHaveProperty(['cause', 'provider']);
  });

  it('a StepError keeps name, message, stack and the whole cause, not the code', () => {
    const stepError = new StepError('call model', JSON.parse(JSON.stringify(serializeError(new ProviderError('out of quota', { cause: carried })))) as unknown);
    expect(stepError).toMatchObject({ name: 'ProviderError', message: 'out of quota', stepId: 'call model', cause: carried });
    expect(stepError).not.toHaveProperty('code');
    expect(stepError).not.toHaveProperty('provider');
  });

  it('an onFailure handler’s error, rebuilt by inngest from the event, keeps the whole cause', () => {
    const event = JSON.parse(JSON.stringify({ data: { error: { name: 'NonRetriableError', message: 'stop', stack: '', cause: carried } } })) as { data: { error: { name: string; message: string } } };
    const fromEvent = errors.deserializeError(event.data.error);
    expect(fromEvent).toMatchObject({ name: 'NonRetriableError', message: 'stop', cause: carried });
  });

  it.each<[number | string | Date, string]>([
    [300, '1'],
    [1500, '2'],
    ['1m', '60'],
    [new Date('2030-01-01T00:00:00.000Z'), '2030-01-01T00:00:00.000Z'],
  ])('RetryAfterError keeps %s as %s: whole seconds rounded up, or the date', (retryAfter, kept) => {
    expect(new RetryAfterError('later', retryAfter).retryAfter).toBe(kept);
  });
});
