/**
 * A record its source could not read, given in its place so that the positions after it stay right: a
 * line too long to hold, say. `summarizeErrors` counts it as a problem at its position, with `reason`,
 * and reads on.
 *
 * @example
 * ```ts
 * import { UnreadableRecord } from 'faultline/report';
 *
 * function* lines(texts: readonly string[]) {
 *   for (const text of texts) yield text.length > 1_000_000 ? new UnreadableRecord('line longer than 1 MB') : text;
 * }
 * ```
 */
export class UnreadableRecord {
  readonly reason: string;

  constructor(reason: string) {
    this.reason = reason;
  }
}
