import { redactText } from './redactor.js';

/*
 * A faultline error's own text holds no secret: its message is redacted when the error is built, by
 * the built-in rules `serializeError` applies, so that `message`, `stack`, `toString()` and
 * `util.inspect` are safe wherever a framework, a logger or a tracer sends them. The message as given
 * is kept here, where only the serializer reads it: `serializeError(error, { redact: false })` still
 * writes it.
 */

let enabled = true;
// Only messages that held a secret are kept, each for as long as its error lives, with the text the
// error kept of it.
const given = /* @__PURE__ */ new WeakMap<object, { readonly given: string; readonly kept: string }>();

/**
 * Turns the redaction of messages when errors are built off (`false`) or back on (`true`, the
 * default). Off, an error's `message` and `stack` hold what it was given, as an `Error`'s do, and only
 * `serializeError` redacts. One switch for the whole application: set it once, at start-up.
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

/** The message an error keeps of `message`: redacted unless redaction is off. */
export function keptMessage(message: string): string {
  return enabled ? redactText(message) : message;
}

/** Remembers the message as given, for an error that keeps it redacted as `kept`. */
export function rememberGivenMessage(error: object, message: string, kept: string): void {
  given.set(error, { given: message, kept });
}

/**
 * The message an error was given, when it keeps it redacted and `message` (its message now) is still
 * what it kept; else undefined: a message set since is the error's message.
 */
export function givenMessage(error: object, message: unknown): string | undefined {
  const remembered = given.get(error);
  return remembered !== undefined && remembered.kept === message ? remembered.given : undefined;
}
