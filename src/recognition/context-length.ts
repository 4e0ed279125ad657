import { toWholeNonNegative } from '../foundation/whole-number.js';

// How far over the context a request was, from the provider's own wording (docs/mapping.md#context-length).
// Numbers are 1 to 12 digits and each pattern matches a text one way, so that no input makes a regex backtrack.
export interface ContextTokens {
  readonly requestedTokens?: number;
  readonly maxContextTokens?: number;
}

// Only the start of the text is read: the message comes first, and a body may be megabytes.
const READ_LIMIT = 8192;

// The text is lowercased. Each pattern: [its regex, which group is the window, the groups that add up to the request].
export const CONTEXT_PATTERNS: readonly (readonly [RegExp, number, readonly number[]])[] = [
  // OpenAI and the OpenAI-compatible servers, OpenRouter's "you requested about N": the request counts the completion asked for.
  [/maximum context length is (\d{1,12}) tokens[.,]? however,? (?:you requested(?: about)?|your messages resulted in) (\d{1,12}) tokens/, 1, [2]],
  // Anthropic, directly and through Bedrock: "prompt is too long: 208310 tokens > 200000 maximum".
  [/prompt is too long: (\d{1,12}) tokens > (\d{1,12}) maximum/, 2, [1]],
  // Anthropic: "input length and `max_tokens` exceed context limit: 197626 + 8192 > 200000".
  [/input length and `?max_tokens`? exceed context limit: (\d{1,12}) \+ (\d{1,12}) > (\d{1,12})/, 3, [1, 2]],
  // Gemini: "The input token count (1234567) exceeds the maximum number of tokens allowed (1048576)", or without the count.
  [/input token count \((\d{1,12})\) exceeds the maximum number of tokens allowed \((\d{1,12})\)/, 2, [1]],
  [/input token count exceeds the maximum number of tokens allowed \((\d{1,12})\)/, 1, []],
  // xAI: "This model's maximum prompt length is 131072 but the request contains 136973 tokens."
  [/maximum prompt length is (\d{1,12}) but the request contains (\d{1,12}) tokens/, 1, [2]],
  // Mistral, and its embeddings' "Too many tokens in batch".
  [/prompt contains (\d{1,12}) tokens[^.]{0,100}?(\d{1,12}) maximum context length/, 2, [1]],
  [/too many tokens in batch\. max is (\d{1,12}) got (\d{1,12})/, 1, [2]],
  // Cohere: "too many tokens: total number of tokens in the prompt cannot exceed 4081 - received 4292".
  [/total number of tokens in the prompt cannot exceed (\d{1,12}) - received (\d{1,12})/, 1, [2]],
  // Fireworks: "The prompt is too long: 40177, model maximum context length: 32767".
  [/prompt is too long: (\d{1,12}), model maximum context length: (\d{1,12})/, 2, [1]],
  // Together (text-generation-inference): "`inputs` tokens + `max_new_tokens` must be <= 4097. Given: ...".
  [/`max_new_tokens` must be <= (\d{1,12})\. given: (\d{1,12}) `inputs` tokens and (\d{1,12}) `max_new_tokens`/, 1, [2, 3]],
  // OpenAI's wording in any other form: the window alone.
  [/maximum context length is (\d{1,12}) tokens/, 1, []],
];

export function readContextTokens(text: string): ContextTokens {
  const head = text.slice(0, READ_LIMIT);
  for (const [pattern, windowGroup, requestGroups] of CONTEXT_PATTERNS) {
    const found = pattern.exec(head);
    if (found === null) continue;
    const maxContextTokens = toWholeNonNegative(Number(found[windowGroup]));
    const requested = requestGroups.length === 0 ? undefined : toWholeNonNegative(requestGroups.reduce((sum, group) => sum + Number(found[group]), 0));
    return { ...(requested !== undefined && { requestedTokens: requested }), ...(maxContextTokens !== undefined && { maxContextTokens }) };
  }
  return {};
}
