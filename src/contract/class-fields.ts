/**
 * The class fields the built-in classes declare, with the type the contract gives each. One
 * table serves the serializer, the validator and the zod schema.
 */
export const CLASS_FIELD_TYPES = {
  provider: 'string',
  model: 'string',
  toolName: 'string',
  agentId: 'string',
  maxIterations: 'whole',
  currentState: 'string',
  targetState: 'string',
  store: 'string',
  policy: 'string',
  timeoutMs: 'whole',
  fields: 'stringRecord',
} as const;
