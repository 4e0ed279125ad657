import { classFieldType, type BuiltInFieldTable, type BuiltInFieldType } from '../contract/class-fields.js';
import { MAX_FIELD_LENGTH } from '../contract/serialize-options.js';
import { inOwnFieldOrder, isNodeKey } from '../contract/key-order.js';
import type { SerializedJson } from '../contract/serialized-error.js';
import { setOwn } from '../foundation/own-property.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';
import { REDACTED } from '../redaction/redactor.js';
import { budgetedText, redact, stringOf, TEXT_MARGIN } from './bounded-text.js';
import { isPlainRecord, jsonCopy } from './plain-data.js';
import { cutOf, isEmpty, type Node, type Run } from './serialization-state.js';
import { readProperty } from '../foundation/safe-read.js';
import { TOKEN_USAGE_KEYS } from '../contract/token-usage.js';
import { RATE_LIMIT_DIMENSIONS, RATE_LIMIT_NUMBERS } from '../contract/rate-limit.js';

// A node's class fields: each written by the type the contract gives it, or as any JSON value.

export function classField(key: string, value: unknown, run: Run, node: Node, declared: BuiltInFieldTable | undefined): SerializedJson | undefined {
  if (value === undefined || value === null) return undefined;
  const type = classFieldType(key);
  if (type === undefined) {
    // Written only as it is: a key that redaction or storable text would rewrite would be another field.
    // Left out and marked, as is one past the field length or the budget (docs/contract.md).
    if (key.length > MAX_FIELD_LENGTH || node.budget <= 0 || key.length > node.budget + TEXT_MARGIN || redact(key, run) !== key) {
      cutOf(node).details = true;
      return undefined;
    }
    // Charged as a key of details is, so that however many fields an error holds, its node stays within the budget.
    node.budget -= key.length;
  }
  // A field whose declared type holds no text is never a secret while it holds none, and a string record
  // named as one keeps its shape, each message redacted: written as the marker, neither would read back.
  const declaredType = type ?? (declared !== undefined && Object.hasOwn(declared, key) ? declared[key] : undefined);
  const secret = run.redactor?.key(key) === true && !(holdsNoText(declaredType) && typeof value !== 'string');
  if (secret && declaredType !== 'stringRecord') return REDACTED;
  if (type === 'string') return budgetedText(stringOf(value), run, node);
  if (type === 'whole') return toWholeNonNegative(value);
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (type === 'usage') return shapeCopy(value, TOKEN_USAGE_KEYS, undefined);
  if (type === 'rateLimit') return shapeCopy(value, RATE_LIMIT_NUMBERS, RATE_LIMIT_DIMENSIONS);
  if (declaredType === 'stringRecord') {
    // Made a record of strings first, then copied against the budget as that record: so it is
    // charged as a second pass over the output, which reads the strings, will charge it.
    const scratch: Node = { cut: undefined, budget: node.budget };
    const copy = jsonCopy(value, run, scratch, 1, undefined);
    if (!isPlainRecord(copy)) return undefined;
    const record: Record<string, string> = {};
    for (const [path, message] of Object.entries(copy)) {
      setOwn(record, path, secret ? REDACTED : typeof message === 'string' ? message : redact(JSON.stringify(message), run));
    }
    if (scratch.cut !== undefined) cutOf(node).details = true;
    return jsonCopy(record, run, node, 1, undefined);
  }
  return jsonCopy(value, run, node, 1, undefined);
}

function holdsNoText(type: BuiltInFieldType | undefined): boolean {
  return type === 'number' || type === 'whole' || type === 'boolean' || type === 'usage' || type === 'rateLimit';
}

/**
 * Written whole as a `whole` field is, never charged to the budget: a few whole numbers (a rate limit's
 * `dimension` first). A rate limit without its dimension is not written.
 */
function shapeCopy(value: unknown, numbers: readonly string[], dimensions: readonly string[] | undefined): SerializedJson | undefined {
  const out: Record<string, SerializedJson> = {};
  if (dimensions !== undefined) {
    const dimension = readProperty(value, 'dimension');
    if (!dimensions.includes(dimension as string)) return undefined;
    out.dimension = dimension as string;
  }
  for (const key of numbers) {
    const number = toWholeNonNegative(readProperty(value, key));
    if (number !== undefined) out[key] = number;
  }
  return isEmpty(out) ? undefined : out;
}

export interface ClassFieldKeys {
  readonly keys: readonly string[];
  readonly more: boolean;
}

/**
 * Every built-in field is kept; the others are listed as keys of details are, only as far as the budget
 * could write them in any order, so that an error given a million fields is sorted no further than its node holds.
 */
export function classFieldKeys(error: object, budget: number): ClassFieldKeys | undefined {
  let keys: string[];
  try {
    keys = Object.keys(error);
  } catch {
    return undefined;
  }
  const own: string[] = [];
  let least = 0;
  let largest = 0;
  let more = false;
  for (const key of keys) {
    if (isNodeKey(key)) continue;
    if (classFieldType(key) === undefined) {
      // Once those listed could not all be written in any order, the error keeps the ones it listed first, as an object in details does.
      more ||= least - largest >= budget;
      if (more) continue;
      least += key.length;
      largest = Math.max(largest, key.length);
    }
    own.push(key);
  }
  return { keys: inOwnFieldOrder(own), more };
}
