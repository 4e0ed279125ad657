// A wrong option is the caller's bug, found at the call rather than turned into NaN or a negative wait:
// `Number(process.env.MAX_ATTEMPTS)` is NaN when the variable is unset.
export interface NumberRule {
  readonly min: number;
  readonly whole?: boolean;
  readonly infinite?: boolean;
}

export function checkNumber(where: string, option: string, value: unknown, rule: NumberRule): void {
  if (value === undefined) return;
  const fits = typeof value === 'number' && value >= rule.min
    && (Number.isFinite(value) ? rule.whole !== true || Number.isInteger(value) : value === Infinity && rule.infinite === true);
  if (fits) return;
  const kind = rule.whole === true ? 'a whole number' : 'a number';
  throw invalidOption(where, option, value, `${kind}, ${rule.min} or more${rule.infinite === true ? ' (or Infinity)' : ''}`);
}

export function checkType(where: string, option: string, value: unknown, type: 'function' | 'boolean' | 'string' | 'object'): void {
  if (value === undefined) return;
  const fits = type === 'object' ? typeof value === 'object' && value !== null : typeof value === type;
  if (!fits) throw invalidOption(where, option, value, type === 'object' ? 'an object' : `a ${type}`);
}

export function checkOneOf(where: string, option: string, value: unknown, allowed: readonly string[]): void {
  if (value === undefined || (typeof value === 'string' && allowed.includes(value))) return;
  throw invalidOption(where, option, value, `one of ${allowed.map((item) => `'${item}'`).join(', ')}`);
}

/** A misspelt option would change nothing, silently. */
export function checkKnownKeys(where: string, options: object, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw invalidOption(where, key, key, `a known option (${known.join(', ')})`);
  }
}

/** `retry: the option maxAttempts must be a whole number, 1 or more (or Infinity); got NaN`. */
export function invalidOption(where: string, option: string, value: unknown, expected: string): TypeError {
  return new TypeError(`${where}: the option ${option} must be ${expected}; got ${describeValue(value)}`, { cause: value });
}

export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
  }
  if (value === null) return 'null';
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    return 'an unreadable object'; // a revoked Proxy
  }
}
