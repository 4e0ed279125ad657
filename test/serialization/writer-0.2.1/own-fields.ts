// The 0.2.1 writer, frozen as the oracle of #29: src/serialization/own-fields.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
import { CLASS_FIELD_TYPES } from '../../../src/contract/class-fields.js';
import { inOwnFieldOrder, isNodeKey } from './key-order.js';
import type { SerializedJson } from '../../../src/contract/serialized-error.js';
import { setOwn } from '../../../src/foundation/own-property.js';
import { toWholeNonNegative } from '../../../src/foundation/whole-number.js';
import { REDACTED } from '../../../src/redaction/redactor.js';
import { budgetedText, redact, stringOf } from './bounded-text.js';
import { isPlainRecord, jsonCopy } from './plain-data.js';
import { cutOf, type Node, type Run } from './serialization-state.js';

/*
 * A node's class fields: the own keys of an error that are not the contract's node keys, each
 * written by the type the contract gives it (contract/class-fields.ts) or as any JSON value.
 */

export function classField(key: string, value: unknown, run: Run, node: Node): SerializedJson | undefined {
  if (value === undefined || value === null) return undefined;
  const type = Object.hasOwn(CLASS_FIELD_TYPES, key) ? CLASS_FIELD_TYPES[key as keyof typeof CLASS_FIELD_TYPES] : undefined;
  // Not 0.2.1's: 0.3.0 charges the key of a field that is not a built-in one, as a key of details (see README.md).
  if (type === undefined) {
    if (node.budget <= 0 || key.length > node.budget + 512) {
      cutOf(node).details = true;
      return undefined;
    }
    node.budget -= key.length;
  }
  if (run.redactor?.key(key) === true) return REDACTED;
  if (type === 'string') return budgetedText(stringOf(value), run, node);
  if (type === 'whole') return toWholeNonNegative(value);
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  // Not 0.2.1's: the shapes #31 added to the contract since (usage, rateLimit), written whole as a
  // whole number is, as the live writer writes them (see README.md).
  if (type === 'usage') return shapeWritten(value, ['cachedInputTokens', 'inputTokens', 'outputTokens', 'reasoningTokens', 'totalTokens'], false);
  if (type === 'rateLimit') return shapeWritten(value, ['limit', 'remaining', 'resetMs'], true);
  if (type === 'stringRecord') {
    // Made a record of strings first, then copied against the budget as that record: so it is
    // charged as a second pass over the output, which reads the strings, will charge it.
    const scratch: Node = { cut: undefined, budget: node.budget };
    const copy = jsonCopy(value, run, scratch, 1, undefined);
    if (!isPlainRecord(copy)) return undefined;
    const record: Record<string, string> = {};
    for (const [path, message] of Object.entries(copy)) setOwn(record, path, typeof message === 'string' ? message : redact(JSON.stringify(message), run));
    if (scratch.cut !== undefined) cutOf(node).details = true;
    return jsonCopy(record, run, node, 1, undefined);
  }
  return jsonCopy(value, run, node, 1, undefined);
}

function shapeWritten(value: unknown, numbers: readonly string[], withDimension: boolean): SerializedJson | undefined {
  const read = (key: string): unknown => {
    try {
      return (value as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  const out: Record<string, SerializedJson> = {};
  if (withDimension) {
    const dimension = read('dimension');
    if (!['requests', 'tokens', 'inputTokens', 'outputTokens'].includes(dimension as string)) return undefined;
    out.dimension = dimension as string;
  }
  for (const key of numbers) {
    const number = toWholeNonNegative(read(key));
    if (number !== undefined) out[key] = number;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

const NO_KEYS: readonly string[] = [];

export function classFieldKeys(error: object, node: Node): readonly string[] {
  let keys: string[];
  try {
    keys = Object.keys(error);
  } catch {
    return NO_KEYS;
  }
  // Not 0.2.1's: 0.3.0 keeps the fields that are not built-in ones only as far as the budget could write
  // them in any order, each costing at least its key, as the keys of details are listed (see README.md).
  let least = 0;
  let largest = 0;
  keys = keys.filter((key) => {
    if (isNodeKey(key) || Object.hasOwn(CLASS_FIELD_TYPES, key)) return true;
    if (least - largest >= node.budget) {
      cutOf(node).details = true;
      return false;
    }
    least += key.length;
    largest = Math.max(largest, key.length);
    return true;
  });
  // Counted first, so that the common cases (no class field, or nothing but class fields) make no
  // array of their own; shortening the array in place costs a call into the engine instead.
  let count = 0;
  for (const key of keys) if (!isNodeKey(key)) count++;
  if (count === 0) return NO_KEYS;
  let own = keys;
  if (count < keys.length) {
    own = new Array<string>(count);
    let index = 0;
    for (const key of keys) if (!isNodeKey(key)) own[index++] = key;
  }
  return inOwnFieldOrder(own);
}
