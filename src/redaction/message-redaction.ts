import { redactText } from './redactor.js';

// A faultline error's own text holds no secret, so that `message`, `stack` and `util.inspect` are safe
// wherever they are sent. The message as given is kept here, where only `serializeError(error, { redact: false })` reads it.

let enabled = true;
// Only messages that held a secret are kept, each for as long as its error lives.
const given = /* @__PURE__ */ new WeakMap<object, { readonly given: string; readonly kept: string }>();

/**
 * Turns the redaction of messages when errors are built off (`false`) or back on (`true`, the default).
 * Off, `message` and `stack` hold what was given and only `serializeError` redacts. One switch for the
 * whole application: set it once, at start-up.
 *
 * @example
 * ```ts
 * import { setMessageRedaction, ToolError } from 'faultline';
 *
 * new ToolError('token=sk-live-1234567890abcdef rejected').message; // 'token=[REDACTED] rejected'
 * setMessageRedaction(false); // in a test suite that asserts on raw messages, say
 * ```
 */
export function setMessageRedaction(on: boolean): void {
  if (typeof on !== 'boolean') throw new TypeError(`setMessageRedaction: expected a boolean; got ${typeof on}`, { cause: on });
  enabled = on;
}

export function keptMessage(message: string): string {
  return enabled ? redactText(message) : message;
}

export function rememberGivenMessage(error: object, message: string, kept: string): void {
  given.set(error, { given: message, kept });
}

/** Undefined when the message was set since: then it is the error's message. */
export function givenMessage(error: object, message: unknown): string | undefined {
  const remembered = given.get(error);
  return remembered !== undefined && remembered.kept === message ? remembered.given : undefined;
}
