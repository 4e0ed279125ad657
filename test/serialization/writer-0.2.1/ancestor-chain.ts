// The 0.2.1 writer, frozen as the oracle of #29: src/serialization/ancestor-chain.ts at b897ccd, imports pointed at the
// leaves that stay in src/. Delete this folder when a release changes the output on purpose.
/**
 * The objects from a serialization's root down to the current one, as a linked list: extending it
 * allocates one small link, where an array allocates 17 slots on its first push. Serializing an
 * error with a cause and details made two such arrays, garbage as soon as the call returned.
 */
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
