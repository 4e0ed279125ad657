import { DEFAULT_REDACTOR, REDACTED, redactText } from '../redaction/redactor.js';
import { MAX_FIELD_LENGTH } from '../contract/serialize-options.js';
import { cutText } from '../foundation/field-text.js';
import { cutOf, MARKERS, type Node, type Run } from './serialization-state.js';

/** How far past a cut text is redacted, so that a secret straddling the cut is still recognized whole. */
export const TEXT_MARGIN = 512;

export function budgetedText(value: string, run: Run, node: Node): string {
  // A cut marker is charged but never cut: else a second pass would cut the marker, and the output change.
  if (value === MARKERS.truncated || value === MARKERS.circular || value === MARKERS.unreadable) {
    node.budget -= value.length;
    return value;
  }
  const budget = Math.max(node.budget, 0);
  // Redacted before it is cut (a little past the cut, as `text` does), so that no cut leaves part of a secret.
  let out = redact(value.length > budget + TEXT_MARGIN ? value.slice(0, budget + TEXT_MARGIN) : value, run);
  if (value.length > budget + TEXT_MARGIN || out.length > budget) {
    cutOf(node).details = true;
    out = cutRedacted(out, budget, run);
  }
  node.budget -= out.length;
  return out;
}

export function text(value: string, run: Run, node: Node, field: 'message' | 'stack'): string {
  const redacted = redact(value.length <= run.maxMessageLength ? value : value.slice(0, run.maxMessageLength + TEXT_MARGIN), run);
  // `[REDACTED]` may be longer than what it replaced: the limit holds for the text as written.
  if (value.length <= run.maxMessageLength && redacted.length <= run.maxMessageLength) return redacted;
  cutOf(node)[field] = value.length;
  return cutRedacted(redacted, run.maxMessageLength, run);
}

export function field(value: string, run: Run, node: Node): string {
  return bounded(redact(value.length <= MAX_FIELD_LENGTH ? value : value.slice(0, MAX_FIELD_LENGTH + TEXT_MARGIN), run), value, node, run);
}

export function boundedName(value: string, node: Node): string {
  return bounded(storableText(value), value, node, undefined);
}

function bounded(written: string, original: string, node: Node, run: Run | undefined): string {
  if (original.length <= MAX_FIELD_LENGTH && written.length <= MAX_FIELD_LENGTH) return written;
  cutOf(node).strings = true;
  return run === undefined ? cutOutsideMarker(written, MAX_FIELD_LENGTH) : cutRedacted(written, MAX_FIELD_LENGTH, run);
}

// A pattern of yours that matches the empty string grows the text on every pass, and is stopped here.
const MAX_RECUTS = 8;

/** Redacted again until nothing changes: a cut can make text a pattern matches (`Basic credentials` → `Basic credential`). */
function cutRedacted(redacted: string, length: number, run: Run): string {
  let cut = cutOutsideMarker(redacted, length);
  for (let pass = 0; pass < MAX_RECUTS; pass++) {
    const again = redact(cut, run);
    if (again === cut) break;
    cut = cutOutsideMarker(again, length);
  }
  return cut;
}

/** Never inside a `[REDACTED]`: a piece of one (`token=[RED`) would be redacted on a second pass, and grow back. */
function cutOutsideMarker(value: string, length: number): string {
  const cut = cutText(value, length);
  const start = value.lastIndexOf(REDACTED, cut.length - 1);
  return start !== -1 && start + REDACTED.length > cut.length ? cut.slice(0, start) : cut;
}

/** Storable too: Postgres `jsonb` refuses `\u0000` and a lone surrogate, each made U+FFFD, one code unit for one. */
export function redact(value: string, run: Run): string {
  const { redactor } = run;
  if (redactor === undefined) return storableText(value);
  if (redactor !== DEFAULT_REDACTOR) return storable(redactor.text(value));
  return isRemembered(value, WRITTEN_AS_IS) ? value : remembered(value, WRITTEN_AS_IS, storable(redactText(value)));
}

// Short text found to need no change, since the same names and keys come back error after error
// (docs/performance.md); only unchanged text is kept, so that no secret is.
const WRITTEN_AS_IS = new Set<string>();
const STORABLE = new Set<string>();
const MAX_REMEMBERED = 1024;
const MAX_REMEMBERED_LENGTH = 256;

function storableText(value: string): string {
  return isRemembered(value, STORABLE) ? value : remembered(value, STORABLE, storable(value));
}

// A longer text is never kept, nor hashed to look for it.
function isRemembered(value: string, known: Set<string>): boolean {
  return value.length <= MAX_REMEMBERED_LENGTH && known.has(value);
}

function remembered(value: string, known: Set<string>, written: string): string {
  if (written === value && value.length <= MAX_REMEMBERED_LENGTH) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.add(value);
  }
  return written;
}

// A NUL, a high surrogate with no low one after it, or a low one with no high one before it.
const NOT_STORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NOT_STORABLE_ALL = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function storable(value: string): string {
  // String#isWellFormed where the runtime has it, rather than the pattern: every string not remembered passes here.
  const { isWellFormed } = value as { isWellFormed?: () => boolean };
  const clean = isWellFormed === undefined ? !NOT_STORABLE.test(value) : !value.includes('\0') && isWellFormed.call(value);
  return clean ? value : value.replace(NOT_STORABLE_ALL, '\ufffd');
}

export function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a foreign message of any type keeps its string form
    return String(value);
  } catch {
    return MARKERS.unreadable;
  }
}
