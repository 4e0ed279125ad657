import type { Chain } from './ancestor-chain.js';
import { extend } from './ancestor-chain.js';
import type { SerializeOptions } from '../contract/serialize-options.js';
import { resolvedLimit, SERIALIZE_DEFAULTS } from '../contract/serialize-options.js';
import type { SerializedJson, Truncation } from '../contract/serialized-error.js';
import { truncationInOrder } from '../contract/key-order.js';
import { readProperty } from '../foundation/safe-read.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';
import { createRedactor, type Redactor } from '../redaction/redactor.js';

/** docs/contract.md lists them. */
export const MARKERS = {
  circular: '[Circular]',
  truncated: '[Truncated]',
  unreadable: '[Unreadable]',
} as const;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface Run {
  readonly stack: boolean;
  readonly maxDepth: number;
  readonly maxMessageLength: number;
  readonly maxErrors: number;
  readonly maxDetailsSize: number;
  readonly redactor: Redactor | undefined;
  /**
   * `maxErrors + maxDepth + 1` in all, so that an error graph whose nodes are shared (one error listed a
   * hundred times at every level) is written, and walked, no larger than a tree of distinct errors.
   */
  nodesLeft: number;
  /** As many again for the errors inside details, together; IN_DETAILS while one is written, when `nodesLeft` counts them. */
  detailsNodesLeft: number;
  prototypesListed: Map<object, boolean> | undefined;
  ancestors: Chain;
  /** Handed in, so that copying JSON needs nothing from the module that writes nodes. */
  readonly copyError: (error: object, run: Run, node: Node, depth: number, path: Chain | undefined) => SerializedJson | undefined;
}

export const IN_DETAILS = -1;

/** `cut` is made on the first cut: most nodes are whole. */
export interface Node {
  cut: Mutable<Truncation> | undefined;
  budget: number;
}

export function cutOf(node: Node): Mutable<Truncation> {
  node.cut ??= {};
  return node.cut;
}

export function cutDetails(node: Node, marker: string): string {
  cutOf(node).details = true;
  node.budget -= marker.length;
  return marker;
}

export function mergeTruncation(previous: unknown, cut: Truncation): Truncation | undefined {
  // A node read back from an earlier cut keeps its marks; new cuts are added to them.
  // Read safely: a `truncated` given through the constructor's options may be anything, a Proxy too.
  const cause = cut.cause ?? readProperty(previous, 'cause');
  const errors = cut.errors ?? toWholeNonNegative(readProperty(previous, 'errors'));
  const message = cut.message ?? toWholeNonNegative(readProperty(previous, 'message'));
  const stack = cut.stack ?? toWholeNonNegative(readProperty(previous, 'stack'));
  const details = cut.details ?? readProperty(previous, 'details');
  const strings = cut.strings ?? readProperty(previous, 'strings');
  const merged = truncationInOrder(
    cause === 'depth' || cause === 'circular' ? cause : undefined, errors, message, stack,
    details === true ? true : undefined, strings === true ? true : undefined,
  );
  // A node read back with `truncated: {}` keeps it, so that a round trip changes nothing.
  return Object.keys(merged).length === 0 && previous === undefined ? undefined : merged;
}

export function isEmpty(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return false;
  return true;
}

export function createRun(error: object, options: SerializeOptions | undefined, copyError: Run['copyError']): Run {
  const maxDepth = resolvedLimit(options?.maxDepth, SERIALIZE_DEFAULTS.maxDepth);
  const maxErrors = resolvedLimit(options?.maxErrors, SERIALIZE_DEFAULTS.maxErrors);
  return {
    stack: options?.stack === true,
    maxDepth,
    maxMessageLength: resolvedLimit(options?.maxMessageLength, SERIALIZE_DEFAULTS.maxMessageLength),
    maxErrors,
    maxDetailsSize: resolvedLimit(options?.maxDetailsSize, SERIALIZE_DEFAULTS.maxDetailsSize),
    redactor: redactorOf(options?.redact),
    nodesLeft: maxErrors + maxDepth + 1,
    detailsNodesLeft: maxErrors + maxDepth + 1,
    prototypesListed: undefined,
    ancestors: extend(undefined, error),
    copyError,
  };
}

function redactorOf(option: SerializeOptions['redact']): Redactor | undefined {
  if (option === false) return undefined;
  return createRedactor(option === true || option === undefined ? undefined : option);
}
