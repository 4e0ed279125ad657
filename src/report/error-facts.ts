import { isRecord } from './error-in-record.js';

/*
 * What the report reads of one valid node. The error's own code, category and retryable; the provider,
 * model, tool, usage, rate limit and context numbers from the error or, where it has none, from the first
 * faultline error among its causes that has them (a tool error caused by a rate-limited model call
 * involves that provider); and its cause chain, as labels.
 */

export interface ErrorFacts {
  readonly code: string;
  readonly category: string;
  readonly retryable: boolean;
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly tool: string | undefined;
  readonly usage: Readonly<Record<string, unknown>> | undefined;
  readonly rateLimit: string | undefined;
  /** A request too long for its context window, with its two numbers where it said them. */
  readonly overflow: { readonly requested: unknown; readonly max: unknown } | undefined;
  /** The error's code, then each cause's (a foreign error's name and code, `data` for a value). */
  readonly chain: string;
}

// A chain is kept as one string, its labels joined by a newline, which no label holds.
export const CHAIN_JOIN = '\n';
const MAX_CHAIN = 8;
const MAX_LABEL = 80;

type Fields = Readonly<Record<string, unknown>>;

/** The facts of a node the validator accepted. */
export function factsOf(node: Fields): ErrorFacts {
  const nodes: Fields[] = [];
  const labels: string[] = [];
  for (let current: unknown = node; current !== undefined && labels.length < MAX_CHAIN; current = isRecord(current) ? current.cause : undefined) {
    if (isRecord(current) && typeof current.name === 'string') {
      const code = typeof current.code === 'string' ? current.code : undefined;
      const faultline = code !== undefined && typeof current.category === 'string';
      if (faultline) nodes.push(current);
      labels.push(label(faultline ? code : code === undefined ? current.name : `${current.name} ${code}`));
    } else {
      labels.push('data');
      break;
    }
  }
  const first = (key: string): unknown => nodes.find((found) => found[key] !== undefined)?.[key];
  const text = (key: string): string | undefined => {
    const value = first(key);
    return typeof value === 'string' ? value : undefined;
  };
  const usage = first('usage');
  const rateLimit = first('rateLimit');
  const overflowNode = nodes.find((found) => found.code === 'MODEL_CONTEXT_LENGTH_EXCEEDED' || found.requestedTokens !== undefined || found.maxContextTokens !== undefined);
  return {
    code: node.code as string,
    category: node.category as string,
    retryable: node.retryable === true,
    provider: text('provider'),
    model: text('model'),
    tool: text('toolName'),
    usage: isRecord(usage) ? usage : undefined,
    rateLimit: isRecord(rateLimit) && typeof rateLimit.dimension === 'string' ? rateLimit.dimension : undefined,
    overflow: overflowNode === undefined ? undefined : { requested: overflowNode.requestedTokens, max: overflowNode.maxContextTokens },
    chain: labels.join(CHAIN_JOIN),
  };
}

/** A label on one line, no longer than MAX_LABEL. */
function label(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' '); // eslint-disable-line no-control-regex -- they are what is replaced
  return line.length > MAX_LABEL ? `${line.slice(0, MAX_LABEL - 1)}…` : line;
}
