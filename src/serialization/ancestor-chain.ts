/** A linked list, so that going one level down copies nothing (docs/performance.md). */
export interface Chain {
  readonly object: object;
  readonly up: Chain | undefined;
  /** How many objects the chain holds, this one included. */
  readonly length: number;
}

export function extend(chain: Chain | undefined, object: object): Chain {
  return { object, up: chain, length: chain === undefined ? 1 : chain.length + 1 };
}

export function onChain(chain: Chain | undefined, object: object): boolean {
  for (let link = chain; link !== undefined; link = link.up) if (link.object === object) return true;
  return false;
}
