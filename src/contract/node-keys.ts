/** The keys of a faultline node in contract order, before the class's own fields. */
export const HEAD_KEYS = ['name', 'code', 'category', 'message', 'retryable'] as const;
/** The optional base fields, in contract order. */
export const OPTIONAL_KEYS = ['retryAfterMs', 'status', 'requestId', 'recommendations', 'details'] as const;
/** The keys after the class's own fields, in contract order. */
export const TAIL_KEYS = ['cause', 'errors', 'stack', 'truncated'] as const;
/** Every key a foreign error node may have, in contract order. */
export const FOREIGN_KEYS = ['name', 'message', 'code', ...TAIL_KEYS] as const;

/**
 * Keys no node may carry: as an error's own field, each would hide a method every error has
 * (`toJSON` would change what JSON.stringify writes, `toString` would make `${error}` throw) or
 * make the error a thenable that `await` unwraps. The serializer never writes them.
 */
export const RESERVED_KEYS = ['constructor', 'then', 'toJSON', 'toString', 'valueOf'] as const;
