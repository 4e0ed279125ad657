import { describe, expect, it, vi } from 'vitest';
import { createRun, type Node } from '../../src/serialization/serialization-state.js';
import { budgetedText, redact, storable, stringOf, text } from '../../src/serialization/bounded-text.js';
import { deserializeError, serializeError, ToolError, type SerializeOptions } from '../../src/index.js';

const noErrors = (): undefined => undefined;

function node(budget = 100): Node {
  return { cut: undefined, budget };
}

describe('text, for message and stack', () => {
  it('returns a short text as it is and records no cut', () => {
    const run = createRun({}, { maxMessageLength: 10 }, noErrors);
    const at = node();
    expect(text('short', run, at, 'message')).toBe('short');
    expect(at.cut).toBeUndefined();
  });

  it('cuts a long text to maxMessageLength and records its original length', () => {
    const run = createRun({}, { maxMessageLength: 5 }, noErrors);
    const at = node();
    expect(text('abcdefghij', run, at, 'stack')).toBe('abcde');
    expect(at.cut).toEqual({ stack: 10 });
  });

  it('never splits a surrogate pair at the cut', () => {
    const run = createRun({}, { maxMessageLength: 3 }, noErrors);
    expect(text('ab😀cd', run, node(), 'message')).toBe('ab');
  });

  it('never cuts inside [REDACTED], so that no piece of it grows back on the next pass', () => {
    const run = createRun({}, { maxMessageLength: 12 }, noErrors);
    expect(text('x token=abc123 y', run, node(), 'message')).toBe('x token=');
  });

  it('holds the limit for the redacted text, which may be longer than the original', () => {
    const run = createRun({}, { maxMessageLength: 12 }, noErrors);
    const at = node();
    expect(text('token=a b', run, at, 'message')).toBe('token=');
    expect(at.cut).toEqual({ message: 9 });
  });
});

describe('budgetedText, for strings in details and class fields', () => {
  it('spends the node budget by the length written', () => {
    const at = node(10);
    expect(budgetedText('abcd', createRun({}, undefined, noErrors), at)).toBe('abcd');
    expect(at.budget).toBe(6);
    expect(at.cut).toBeUndefined();
  });

  it('cuts what the budget cannot hold and marks details', () => {
    const at = node(3);
    expect(budgetedText('abcdef', createRun({}, undefined, noErrors), at)).toBe('abc');
    expect(at.cut).toEqual({ details: true });
  });
});

describe('redact', () => {
  it('redacts with the run redactor, and leaves text alone when redaction is off', () => {
    expect(redact('password=hunter2', createRun({}, undefined, noErrors))).toBe('password=[REDACTED]');
    expect(redact('password=hunter2', createRun({}, { redact: false }, noErrors))).toBe('password=hunter2');
  });

  // Text written as it is once is remembered, per way of redacting: what one way leaves alone, another may not.
  it('redacts text that redaction off wrote as it is before', () => {
    const secret = 'remembered password=hunter2';
    expect(redact(secret, createRun({}, { redact: false }, noErrors))).toBe(secret);
    expect(redact(secret, createRun({}, undefined, noErrors))).toBe('remembered password=[REDACTED]');
  });

  it('applies patterns of your own to text the built-in rules wrote as it is before', () => {
    expect(redact('ticket internal-4242', createRun({}, undefined, noErrors))).toBe('ticket internal-4242');
    const own = createRun({}, { redact: { patterns: [/internal-\d+/] } }, noErrors);
    expect(redact('ticket internal-4242', own)).toBe('ticket [REDACTED]');
    expect(redact('ticket internal-4242', own)).toBe('ticket [REDACTED]');
  });

  it('writes text it remembered the same, and text it could not keep storable every time', () => {
    const run = createRun({}, undefined, noErrors);
    for (const value of ['plain', 'nul \0 here', 'x'.repeat(300) + '\uD83D']) {
      const first = redact(value, run);
      expect(redact(value, run)).toBe(first);
      expect(redact(value, createRun({}, { redact: false }, noErrors))).toBe(first);
    }
    expect(redact('nul \0 here', run)).toBe('nul \uFFFD here');
  });
});

describe('stringOf', () => {
  it.each([
    ['a string', 'x', 'x'],
    ['undefined', undefined, ''],
    ['null', null, ''],
    ['a number', 42, '42'],
    ['a symbol', Symbol('s'), 'Symbol(s)'],
    ['an object whose toString throws', { toString: () => { throw new Error('no'); } }, '[Unreadable]'],
  ] as const)('gives the string form of %s without throwing', (_label, value, expected) => {
    expect(stringOf(value)).toBe(expected);
  });
});

describe('storable', () => {
  const CASES: readonly (readonly [string, string])[] = [
    ['plain text', 'plain text'],
    ['nul \0 here', 'nul \uFFFD here'],
    ['high \uD83D alone', 'high \uFFFD alone'],
    ['low \uDE00 alone', 'low \uFFFD alone'],
    ['reversed \uDE00\uD83D', 'reversed \uFFFD\uFFFD'],
    ['a pair \uD83D\uDE00 stays', 'a pair \uD83D\uDE00 stays'],
    ['ends high \uD83D', 'ends high \uFFFD'],
  ];

  it.each(CASES)('writes %j as %j with String#isWellFormed', (input, stored) => {
    expect(storable(input)).toBe(stored);
  });

  // Node 18 and older browsers have no String#isWellFormed: the pattern decides there, the same way.
  it.each(CASES)('writes %j as %j without String#isWellFormed', async (input, stored) => {
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      vi.resetModules();
      const fresh = await import('../../src/serialization/bounded-text.js');
      expect(fresh.storable(input)).toBe(stored);
    } finally {
      if (descriptor !== undefined) Object.defineProperty(String.prototype, 'isWellFormed', descriptor);
    }
  });
});

describe('text cut where a secret pattern then matches', () => {
  // `Basic credentials` is no credential to the built-in rules; cut to `Basic credential`, it is.
  const roundTrip = (error: ToolError, options?: SerializeOptions): [string, string] => {
    const once = JSON.stringify(serializeError(error, options));
    return [once, JSON.stringify(serializeError(deserializeError(once), options))];
  };

  it('a requestId cut at 1,024 characters is redacted again, so that the output is a fixed point', () => {
    const [once, twice] = roundTrip(new ToolError('m', { requestId: `${'x'.repeat(1007)} Basic credentials` }));
    expect(once).toContain(' Basic [REDACTED]"');
    expect(twice).toBe(once);
  });

  it('a message cut at maxMessageLength likewise', () => {
    const [once, twice] = roundTrip(new ToolError(`x AKIA${'B'.repeat(17)}`), { maxMessageLength: 22 });
    expect(JSON.parse(once)).toMatchObject({ message: 'x [REDACTED]', truncated: { message: 23 } });
    expect(twice).toBe(once);
  });

  it('a string in details cut at the budget likewise', () => {
    const [once, twice] = roundTrip(new ToolError('m', { details: { note: `${'x'.repeat(30)} Basic credentials` } }), { maxDetailsSize: 51 });
    expect(twice).toBe(once);
  });
});
