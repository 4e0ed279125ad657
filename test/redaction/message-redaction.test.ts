// A faultline error's own text holds no secret: redacted when the error is built, so that whatever
// reads `message`, `stack`, `toString()` or `util.inspect` (a framework feeding a model, pino's `msg`,
// a tracer) gets no secret; `serializeError(error, { redact: false })` still writes the message as given.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeError, serializeError, setMessageRedaction, ToolError, ToolNotFoundError, type FaultlineError } from '../../src/index.js';
import { SECRETS } from './corpus.js';

const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';
const GIVEN = `Bearer ${SECRET} was refused`;

afterEach(() => {
  setMessageRedaction(true);
});

describe('a faultline error built with a secret in its message', () => {
  it.each([
    ['the message first', (): FaultlineError => new ToolError(GIVEN)],
    ['the options alone', (): FaultlineError => new ToolError({ message: GIVEN })],
    ['normalizeError of a foreign error', (): FaultlineError => normalizeError(new Error(GIVEN))],
  ])('keeps it redacted in message, stack, toString() and util.inspect (%s)', (_, make) => {
    const error = make();
    // util.inspect prints a foreign cause as it is (the original stays reachable): the error's own text ends before it.
    const own = inspect(error).split('[cause]')[0] ?? '';
    for (const text of [error.message, String(error.stack), error.toString(), own]) expect(text).not.toContain(SECRET);
    expect(error.message).toBe('Bearer [REDACTED] was refused');
  });

  it.each(SECRETS.map((secret) => [secret.label, secret] as const))('redacts every secret of the corpus as serializeError does: %s', (_, { text, redacted, secret }) => {
    const error = new ToolError(text);
    expect([error.message, String(error.stack).includes(secret)]).toEqual([redacted, false]);
  });

  it('keeps the original reachable: the foreign error as cause, and the message as given for serializeError with redact: false', () => {
    const foreign = new Error(GIVEN);
    expect(normalizeError(foreign).cause).toBe(foreign);
    expect(serializeError(new ToolError(GIVEN), { redact: false }).message).toBe(GIVEN);
    expect(serializeError(new ToolError(GIVEN)).message).toBe('Bearer [REDACTED] was refused');
    expect(Object.values(new ToolError(GIVEN)).join(' ')).not.toContain(SECRET);
  });

  it('writes a message set since, not the one given, with redact: false', () => {
    const error = new ToolError(GIVEN);
    Object.defineProperty(error, 'message', { value: 'token=abc', writable: true, configurable: true });
    expect(serializeError(error, { redact: false }).message).toBe('token=abc');
    expect(serializeError(error).message).toBe('token=[REDACTED]');
  });

  it('leaves a message without a secret, and the class default, exactly as they are', () => {
    expect([new ToolError('index unavailable').message, new ToolNotFoundError().message]).toEqual(['index unavailable', 'The requested tool is not registered']);
  });
});

describe('setMessageRedaction', () => {
  it('turns it off for errors built afterwards, as an Error keeps its message, and back on', () => {
    setMessageRedaction(false);
    expect(new ToolError(GIVEN).message).toBe(GIVEN);
    expect(serializeError(new ToolError(GIVEN)).message).toBe('Bearer [REDACTED] was refused');
    setMessageRedaction(true);
    expect(new ToolError(GIVEN).message).toBe('Bearer [REDACTED] was refused');
  });

  it('refuses anything but a boolean', () => {
    expect(() => { setMessageRedaction('no' as never); }).toThrow(new TypeError('setMessageRedaction: expected a boolean; got string'));
  });
});
