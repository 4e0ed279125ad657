import { createRedactor, type Redactor } from '../redaction/redactor.js';
import { SERIALIZE_DEFAULTS, type SerializeOptions } from '../contract/serialize-options.js';
import type { SerializedJson, Truncation } from '../contract/serialized-error.js';

/** The markers written where a value cannot be copied as it is. docs/contract.md lists them. */
export const MARKERS = {
  circular: '[Circular]',
  truncated: '[Truncated]',
  unreadable: '[Unreadable]',
} as const;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Objects from a root down to the current one, as a linked list: extending it allocates one
 * small link, where an array allocates 17 slots on its first push. Serializing an error with a
 * cause and details made two such arrays, garbage as soon as the call returned.
 */
export interface Chain {
  readonly object: object;
  readonly up: Chain | undefined;
  /** How many objects the chain holds, this one included. */
  readonly length: number;
}

/** `chain` with `object` below its end. */
export function extend(chain: Chain | undefined, object: object): Chain {
  return { object, up: chain, length: chain === undefined ? 1 : chain.length + 1 };
}

/** Whether `object` is on the chain. */
export function onChain(chain: Chain | undefined, object: object): boolean {
  for (let link = chain; link !== undefined; link = link.up) if (link.object === object) return true;
  return false;
}

/** One serialization: the resolved options and the error nodes above the current one. */
export interface Run {
  readonly stack: boolean;
  readonly maxDepth: number;
  readonly maxMessageLength: number;
  readonly maxErrors: number;
  readonly maxDetailsSize: number;
  readonly redactor: Redactor | undefined;
  /** The error nodes from the root down to the one being written; set for each node as it is written. */
  ancestors: Chain;
  /**
   * Writes an error found inside details, as a node: handed in by the serializer, so that copying
   * JSON needs nothing from the module that writes nodes.
   */
  readonly copyError: (error: object, run: Run, node: Node, depth: number, path: Chain | undefined) => SerializedJson | undefined;
}

/** Per node: what was cut (made on the first cut: most nodes are whole), and what is left of the details budget. */
export interface Node {
  cut: Mutable<Truncation> | undefined;
  budget: number;
}

export function cutOf(node: Node): Mutable<Truncation> {
  node.cut ??= {};
  return node.cut;
}

/** Marks the node's details as cut and gives the marker to write in place of the value. */
export function cutDetails(node: Node, marker: string): string {
  cutOf(node).details = true;
  return marker;
}

/** The run of one serialization, with every limit resolved to its default where not given. */
export function createRun(error: object, options: SerializeOptions | undefined, copyError: Run['copyError']): Run {
  return {
    stack: options?.stack === true,
    maxDepth: limit(options?.maxDepth, SERIALIZE_DEFAULTS.maxDepth),
    maxMessageLength: limit(options?.maxMessageLength, SERIALIZE_DEFAULTS.maxMessageLength),
    maxErrors: limit(options?.maxErrors, SERIALIZE_DEFAULTS.maxErrors),
    maxDetailsSize: limit(options?.maxDetailsSize, SERIALIZE_DEFAULTS.maxDetailsSize),
    redactor: redactorOf(options?.redact),
    ancestors: extend(undefined, error),
    copyError,
  };
}

function limit(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 0 && !Number.isNaN(value) ? Math.floor(value) : fallback;
}

function redactorOf(option: SerializeOptions['redact']): Redactor | undefined {
  if (option === false) return undefined;
  return createRedactor(option === true || option === undefined ? undefined : option);
}
