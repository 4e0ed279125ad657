/**
 * The comparison of writer-agreement.test.ts: the live writer (src/) and the 0.2.1 writer frozen
 * under writer-0.2.1/ (the oracle of #29), on the same input and options.
 */
import { expect } from 'vitest';
import { hasNodeHead } from '../../src/contract/node-shape.js';
import { deserializeError, FaultlineError, normalizeError, serializeError, type SerializeOptions } from '../../src/index.js';
import { expectContract } from '../hardening/hostile.js';
import { serializeFaultlineWith021Observed, serializeWith021Observed, type Observed } from './writer-0.2.1/serialize-error.js';

/**
 * How an input was held to the oracle: byte for byte (`same`), or, on the inputs #29 lets or asks the
 * new writer write otherwise, as valid contract only: more keys than the budget can write (`keysCut`),
 * details whose reading throws, which 0.2.1 left out unmarked (`detailsDropped`), two keys of a Map of
 * one string form, whose earlier value 0.2.1 lost unmarked (`mapMerged`).
 */
export type Verdict = 'same' | 'keysCut' | 'detailsDropped' | 'mapMerged';

/**
 * What serializeError does before it writes: data that reads back as a serialized error is read
 * back, anything else normalized. Done once, so that both writers get the same faultline error
 * when the stack is written (normalizeError captures a stack of its own on each call, from where
 * it is called).
 */
function prepared(value: unknown): FaultlineError {
  try {
    if (hasNodeHead(value)) return deserializeError(value);
  } catch {
    // not the contract after all: normalized like any value
  }
  return normalizeError(value);
}

/**
 * Serializes `value` with the live writer and the oracle and holds them to each other: byte for
 * byte, unless the oracle cut a Map's entries or an object's keys with some left (the one input #29
 * lets the new writer write differently) or read details that threw (which #29 asks it to mark);
 * then both must be valid contract that the reader accepts and the live output a fixed point, and,
 * for unreadable details, the live output must carry the mark. The live writer runs first.
 */
export function expectAgreement(value: unknown, options?: SerializeOptions): Verdict {
  const input = options?.stack === true ? prepared(value) : value;
  const live = JSON.stringify(serializeError(input, options));
  return held(live, serializeWith021Observed(input, options), options);
}

/** `toJSON` (FaultlineError.prototype's, so that an error's own is not what is tested) and the oracle's serializeFaultline, held as {@link expectAgreement} holds them. */
export function expectToJSONAgreement(error: FaultlineError): Verdict {
  const live = JSON.stringify(FaultlineError.prototype.toJSON.call(error));
  return held(live, serializeFaultlineWith021Observed(error), undefined);
}

function held(liveText: string, observed: Observed, options: SerializeOptions | undefined): Verdict {
  const oracleText = JSON.stringify(observed.output);
  if (!observed.keysCut && !observed.detailsDropped && !observed.mapMerged) {
    expectSameText(liveText, oracleText);
    return 'same';
  }
  expectValidPair(liveText, oracleText, options);
  if (!observed.detailsDropped && !observed.mapMerged) return 'keysCut';
  if (!liveText.includes('"details":true')) expect.fail(`what 0.2.1 lost unmarked is not marked: ${liveText.slice(0, 400)}`);
  return observed.detailsDropped ? 'detailsDropped' : 'mapMerged';
}

/**
 * The two texts are the same; else a short message at the first difference. Not `toBe`: its diff of
 * two long texts that differ (a megabyte of message) takes minutes.
 */
export function expectSameText(live: string, oracle: string, what = 'the live writer and 0.2.1'): void {
  if (live === oracle) return;
  let at = 0;
  while (at < live.length && live[at] === oracle[at]) at++;
  const around = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120));
  expect.fail(`${what}: differ at ${at} of ${live.length} and ${oracle.length} characters:\n  first  ${around(live)}\n  second ${around(oracle)}`);
}

/** Both outputs are contract the reader accepts, and the live one reads back into itself. */
export function expectValidPair(liveText: string, oracleText: string, options?: SerializeOptions): void {
  for (const text of [liveText, oracleText]) {
    expectContract(JSON.parse(text));
    expect(deserializeError(text)).toBeInstanceOf(Error);
  }
  expectSameText(JSON.stringify(serializeError(deserializeError(liveText), options)), liveText, 'written again after a read back');
}
