/*
 * Each provider's error types, codes and wordings. docs/mapping.md gives every entry with its public
 * source, test/fixtures/real-world/ the payloads, and a test holds each entry to one. A type stands for
 * a status (read where the response has none or says less: 400, 500) or for a failure whatever the
 * status; each wording is distinctive, so that text matching one is a provider's error.
 */

/** What a provider's failure is, by the rules of docs/mapping.md; `unknown` for a failure in a stream that says nothing known. */
export type ProviderFailure =
  | 'quota' | 'rate-limit' | 'overloaded' | 'content-filter' | 'timeout' | 'context-length' | 'unauthenticated' | 'forbidden' | 'status' | 'unknown';

export interface ProviderTable {
  readonly types?: Readonly<Record<string, number | ProviderFailure>>;
  readonly wordings?: readonly (readonly [ProviderFailure, string])[];
}

// Made on first use: a module-level call (`String.raw`) is a statement a bundler must keep. The `status`
// wordings are signs alone (the providers' own addresses, which their messages point to, among them): the
// status and the rules of docs/mapping.md decide.
export const providerTables = (): Readonly<Record<string, ProviderTable>> => ({
  openai: {
    types: {
      server_error: 500, rate_limit_exceeded: 'rate-limit', insufficient_quota: 'quota', context_length_exceeded: 'context-length',
      content_filter: 'content-filter', content_policy_violation: 'content-filter', moderation_blocked: 'content-filter',
      invalid_prompt: 'content-filter', invalid_api_key: 'unauthenticated', unsupported_country_region_territory: 'forbidden',
    },
    wordings: [
      ['context-length', String.raw`maximum context length is \d+ tokens`],
      ['rate-limit', String.raw`(?:rate limit reached|request too large) for .{1,200} on (?:tokens|requests) per`],
      ['unauthenticated', 'incorrect api key provided'],
      ['forbidden', 'country, region,? or territory not supported'],
      ['content-filter', 'flagged as potentially violating our usage policy|rejected as a result of our safety system'],
      // Also Gemini's, for a per-minute limit as for an account out of quota: the rules tell them apart.
      ['status', String.raw`you exceeded your current quota, please check your plan and billing details|(?:platform|help)\.openai\.com`],
    ],
  },
  // Azure OpenAI: the OpenAI types, and its own wordings.
  azure: {
    wordings: [
      ['rate-limit', 'exceeded (?:the )?(?:token|call) rate limit (?:of|for) your current'],
      ['content-filter', 'content management policy|responsibleaipolicyviolation'],
      ['unauthenticated', 'invalid subscription key or wrong api endpoint'],
      ['status', String.raw`aka\.ms/oai`],
    ],
  },
  anthropic: {
    types: {
      invalid_request_error: 400, authentication_error: 401, billing_error: 'quota', permission_error: 403, not_found_error: 404,
      request_too_large: 413, rate_limit_error: 'rate-limit', api_error: 500, timeout_error: 408, overloaded_error: 'overloaded',
    },
    wordings: [
      ['context-length', String.raw`prompt is too long: \d+ tokens|exceed context limit: \d+`],
      ['quota', 'credit balance is too low|reached your specified api usage limits|extra usage is required'],
      ['rate-limit', String.raw`rate limit (?:for your organization )?of [\d,]+ (?:input |output )?tokens per|request tokens has exceeded your per-minute rate limit`],
      ['content-filter', 'output blocked by content filtering policy'],
      ['unauthenticated', 'invalid x-api-key'],
      ['status', String.raw`docs\.(?:anthropic|claude)\.com`],
    ],
  },
  // Gemini and Vertex AI, through @google/genai: gRPC status names, and an ErrorInfo's reason.
  google: {
    types: {
      INVALID_ARGUMENT: 400, FAILED_PRECONDITION: 400, UNAUTHENTICATED: 401, PERMISSION_DENIED: 403, NOT_FOUND: 404, RESOURCE_EXHAUSTED: 429,
      INTERNAL: 500, UNAVAILABLE: 503, DEADLINE_EXCEEDED: 504, API_KEY_INVALID: 'unauthenticated', rateLimitExceeded: 'rate-limit',
    },
    wordings: [
      ['context-length', String.raw`input token count (?:\(\d+\) )?exceeds the maximum number of tokens allowed`],
      ['quota', String.raw`prepayment credits are depleted|quota exceeded for metric: [^,]{1,200}, limit: 0\b`],
      ['unauthenticated', 'api key not valid|api key was reported as leaked'],
      ['forbidden', 'user location is not supported'],
      ['status', String.raw`\[googlegenerativeai error\]|(?:generativelanguage|aiplatform)\.googleapis\.com|ai\.google\.dev`],
    ],
  },
  // Amazon Bedrock, through the AWS SDK v3: exception names.
  bedrock: {
    types: {
      ValidationException: 400, AccessDeniedException: 403, ResourceNotFoundException: 404, ThrottlingException: 'rate-limit',
      ModelTimeoutException: 'timeout', ModelErrorException: 424, ModelStreamErrorException: 424, ModelNotReadyException: 'overloaded',
      ServiceUnavailableException: 503, InternalServerException: 500, ServiceQuotaExceededException: 'quota',
      UnrecognizedClientException: 'unauthenticated', ExpiredTokenException: 'unauthenticated',
    },
    wordings: [
      ['context-length', 'input is too long for requested model'],
      ['rate-limit', 'too many (?:tokens|requests)(?: per day)?, please wait before trying again'],
      ['unauthenticated', 'security token included in the request is invalid'],
    ],
  },
  mistral: {
    types: { rate_limited: 'rate-limit' },
    wordings: [
      ['context-length', String.raw`prompt contains \d+ tokens|too many tokens in batch`],
      ['rate-limit', 'requests rate limit exceeded'],
    ],
  },
  groq: {
    types: { model_decommissioned: 400 },
    wordings: [
      ['rate-limit', String.raw`on (?:tokens|requests) per (?:minute|day) \((?:tpm|rpm|tpd|rpd)\)`],
      ['status', String.raw`console\.groq\.com`],
    ],
  },
  cohere: {
    wordings: [
      ['context-length', 'total number of tokens in the prompt cannot exceed|too many tokens: size limit exceeded'],
      ['rate-limit', String.raw`trial key, which is limited to \d+ api calls|trial token rate limit exceeded`],
      ['quota', 'maximum billing reached'],
      ['status', String.raw`dashboard\.cohere\.com`],
    ],
  },
  deepseek: { wordings: [['quota', 'insufficient balance']] },
  xai: {
    wordings: [
      ['context-length', String.raw`maximum prompt length is \d+ but the request contains \d+ tokens`],
      ['quota', "doesn't have any credits yet"],
      ['status', String.raw`console\.x\.ai`],
    ],
  },
  openrouter: {
    wordings: [
      ['quota', 'requires more credits'],
      ['rate-limit', 'temporarily rate-limited upstream'],
      ['status', String.raw`openrouter\.ai/`],
    ],
  },
  fireworks: {
    wordings: [
      ['context-length', String.raw`prompt is too long: \d+, model maximum context length`],
      ['quota', 'reaching the monthly spending limit|exceeded your usage limits'],
      ['status', String.raw`fireworks\.ai/`],
    ],
  },
  together: {
    wordings: [
      ['context-length', 'tokens \\+ `max_new_tokens` must be <='],
      ['rate-limit', String.raw`your rate limit is \d+ queries per`],
      ['status', String.raw`api\.together\.(?:xyz|ai)`],
    ],
  },
  cerebras: { types: { too_many_requests_error: 'rate-limit', payment_required: 'quota' } },
  vllm: { wordings: [['context-length', "this model's maximum context length is"]] },
  'llama.cpp': {
    types: { exceed_context_size_error: 'context-length', unavailable_error: 503 },
    wordings: [['context-length', 'exceeds the available context size']],
  },
  ollama: {
    wordings: [
      ['context-length', 'input length exceeds (?:the |maximum )?context length'],
      ['status', 'not found, try pulling it first'],
    ],
  },
  'hugging face': { wordings: [['overloaded', 'is currently loading']] },
});

let types: Readonly<Record<string, number | ProviderFailure>> | undefined;
let wordings: readonly (readonly [ProviderFailure, RegExp])[] | undefined;
let anyWording: RegExp | undefined;

export function typeMeaning(type: string): number | ProviderFailure | undefined {
  types ??= Object.assign({}, ...Object.values(providerTables()).map((table) => table.types)) as Record<string, number | ProviderFailure>;
  return Object.hasOwn(types, type) ? types[type] : undefined;
}

/** The failure the first matching wording names; `status` where only wordings that name none match. */
export function wordingFailure(text: string): ProviderFailure | undefined {
  wordings ??= Object.values(providerTables()).flatMap((table) => (table.wordings ?? []).map(([failure, source]) => [failure, new RegExp(source)] as const));
  anyWording ??= new RegExp(wordings.map(([, pattern]) => pattern.source).join('|'));
  if (!anyWording.test(text)) return undefined;
  return wordings.find(([failure, pattern]) => failure !== 'status' && pattern.test(text))?.[0] ?? 'status';
}
