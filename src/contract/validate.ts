import { ErrorCategory, isErrorCategory } from '../category.js';
import { CLASS_FIELD_TYPES } from './shape.js';

/** What a cause was read as, so that rebuilding need not check it again. */
export type CauseKind = 'faultline' | 'foreign' | 'json';

/** Limits on untrusted input, checked before anything else is read. */
export interface InputLimits {
  /** The most characters of strings and keys, all together, in the input. */
  readonly maxInputLength: number;
  /** The deepest nesting of objects and arrays. */
  readonly maxNesting: number;
}

/** The outcome of validating: the issues by path (none when valid), and each cause's kind. */
export interface Validation {
  readonly issues: Record<string, string>;
  readonly kinds: WeakMap<object, CauseKind>;
}

const CATEGORY_LIST = Object.keys(ErrorCategory).join(', ');
const MAX_ISSUES = 20;

/**
 * The contract's validator, written by hand so that the main entry loads no zod. It accepts
 * exactly what `serializedErrorSchema` (faultline/schema) accepts, within the input limits;
 * a property test holds the two together.
 */
export function validateSerializedError(value: unknown, limits: InputLimits): Validation {
  const check = new Check(limits);
  check.faultlineNode(value, '', 1, true);
  return { issues: check.issues, kinds: check.kinds };
}

class Check {
  readonly issues: Record<string, string> = {};
  readonly kinds = new WeakMap<object, CauseKind>();
  private issueCount = 0;
  private size = 0;
  private halted = false;

  constructor(private readonly limits: InputLimits) {}

  private fail(path: string, message: string, record: boolean): false {
    if (record && this.issueCount < MAX_ISSUES && !Object.hasOwn(this.issues, path)) {
      Object.defineProperty(this.issues, path, { value: message, enumerable: true, writable: true, configurable: true });
      this.issueCount++;
    }
    return false;
  }

  /** Counts input size and nesting; past either limit the whole input is rejected, once. */
  private within(path: string, nesting: number, characters: number): boolean {
    if (this.halted) return false;
    this.size += characters;
    if (nesting > this.limits.maxNesting) {
      this.halted = true;
      this.fail(path, `Nesting is deeper than the limit of ${this.limits.maxNesting}`, true);
      return false;
    }
    if (this.size > this.limits.maxInputLength) {
      this.halted = true;
      this.fail(path, `Input is larger than the limit of ${this.limits.maxInputLength} characters`, true);
      return false;
    }
    return true;
  }

  faultlineNode(value: unknown, path: string, nesting: number, record: boolean): boolean {
    if (!isObject(value)) return this.fail(path, 'Expected a serialized error object', record);
    if (!this.within(path, nesting, 0)) return false;
    const node = value as Record<string, unknown>;
    let ok = true;
    ok = this.required(node, 'name', path, record, isString, 'Expected a string') && ok;
    ok = this.required(node, 'code', path, record, isString, 'Expected a string') && ok;
    ok = this.required(node, 'category', path, record, isErrorCategory, `Expected one of ${CATEGORY_LIST}`) && ok;
    ok = this.required(node, 'message', path, record, isString, 'Expected a string') && ok;
    ok = this.required(node, 'retryable', path, record, isBoolean, 'Expected a boolean') && ok;
    for (const key of Object.keys(node)) {
      if (key === 'name' || key === 'code' || key === 'category' || key === 'message' || key === 'retryable') continue;
      const field = node[key];
      if (field === undefined) continue;
      const at = join(path, key);
      if (!this.within(at, nesting, key.length)) return false;
      ok = this.nodeField(key, field, at, nesting, record) && ok;
      if (!ok && !record) return false;
    }
    if (ok) this.kinds.set(node, 'faultline');
    return ok;
  }

  private nodeField(key: string, value: unknown, path: string, nesting: number, record: boolean): boolean {
    switch (key) {
      case 'retryAfterMs':
      case 'status':
        return isWhole(value) || this.fail(path, 'Expected a whole number, 0 or more', record);
      case 'requestId':
      case 'stack':
        return this.string(value, path, record);
      case 'recommendations':
        return this.stringArray(value, path, nesting, record);
      case 'details':
        return (isObject(value) && this.json(value, path, nesting, record)) || this.fail(path, 'Expected an object of JSON values without null', record);
      case 'cause':
        return this.cause(value, path, nesting + 1, record);
      case 'errors':
        return this.causes(value, path, nesting, record);
      case 'truncated':
        return this.truncation(value, path, nesting, record);
    }
    const type = Object.hasOwn(CLASS_FIELD_TYPES, key) ? CLASS_FIELD_TYPES[key as keyof typeof CLASS_FIELD_TYPES] : undefined;
    if (type === 'string') return this.string(value, path, record);
    if (type === 'whole') return isWhole(value) || this.fail(path, 'Expected a whole number, 0 or more', record);
    if (type === 'stringRecord') return this.stringRecord(value, path, nesting, record);
    return this.json(value, path, nesting, record) || this.fail(path, 'Expected a JSON value without null', record);
  }

  private foreignNode(value: unknown, path: string, nesting: number): boolean {
    if (!isObject(value) || !this.within(path, nesting, 0)) return false;
    const node = value as Record<string, unknown>;
    if (!isString(node.name) || !isString(node.message)) return false;
    for (const key of Object.keys(node)) {
      const field = node[key];
      if (field === undefined) continue;
      if (!this.within(path, nesting, key.length)) return false;
      switch (key) {
        case 'name':
        case 'message':
          if (!this.within(path, nesting, (field as string).length)) return false;
          continue;
        case 'code':
        case 'stack':
          if (!this.string(field, path, false)) return false;
          continue;
        case 'cause':
          if (!this.cause(field, path, nesting + 1, false)) return false;
          continue;
        case 'errors':
          if (!this.causes(field, path, nesting, false)) return false;
          continue;
        case 'truncated':
          if (!this.truncation(field, path, nesting, false)) return false;
          continue;
        default:
          return false; // a foreign node is strict: any other key makes it a plain JSON value
      }
    }
    this.kinds.set(node, 'foreign');
    return true;
  }

  private cause(value: unknown, path: string, nesting: number, record: boolean): boolean {
    if (this.faultlineNode(value, path, nesting, false)) return true;
    if (this.halted) return false;
    if (this.foreignNode(value, path, nesting)) return true;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- foreignNode may set it; TypeScript keeps the narrowing across the call
    if (this.halted) return false;
    if (this.json(value, path, nesting - 1, false)) {
      if (isObject(value) || Array.isArray(value)) this.kinds.set(value, 'json');
      return true;
    }
    return this.fail(path, 'Expected a serialized error, a foreign error or a JSON value without null', record);
  }

  private causes(value: unknown, path: string, nesting: number, record: boolean): boolean {
    if (!Array.isArray(value)) return this.fail(path, 'Expected an array', record);
    if (!this.within(path, nesting + 1, 0)) return false;
    for (let index = 0; index < value.length; index++) {
      if (!this.cause(value[index], join(path, String(index)), nesting + 2, record)) return false;
    }
    return true;
  }

  private truncation(value: unknown, path: string, nesting: number, record: boolean): boolean {
    const message = "Expected { cause?: 'depth' | 'circular', errors?, message?, stack?: whole numbers, details?: true }";
    if (!isObject(value) || !this.within(path, nesting + 1, 0)) return this.fail(path, message, record);
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue;
      const ok =
        key === 'cause' ? field === 'depth' || field === 'circular'
        : key === 'errors' || key === 'message' || key === 'stack' ? isWhole(field)
        : key === 'details' ? field === true
        : false;
      if (!ok) return this.fail(join(path, key), message, record);
    }
    return true;
  }

  private string(value: unknown, path: string, record: boolean): boolean {
    if (!isString(value)) return this.fail(path, 'Expected a string', record);
    return this.within(path, 0, value.length);
  }

  private stringArray(value: unknown, path: string, nesting: number, record: boolean): boolean {
    if (!Array.isArray(value)) return this.fail(path, 'Expected an array of strings', record);
    if (!this.within(path, nesting + 1, 0)) return false;
    for (let index = 0; index < value.length; index++) {
      if (!this.string(value[index], join(path, String(index)), record)) return false;
    }
    return true;
  }

  private stringRecord(value: unknown, path: string, nesting: number, record: boolean): boolean {
    if (!isObject(value)) return this.fail(path, 'Expected an object of strings', record);
    if (!this.within(path, nesting + 1, 0)) return false;
    for (const [key, field] of Object.entries(value)) {
      if (!this.within(path, nesting + 1, key.length)) return false;
      if (!this.string(field, join(path, key), record)) return false;
    }
    return true;
  }

  /** A JSON value with no `null` and no non-finite number, nested at most `maxNesting`. */
  private json(value: unknown, path: string, nesting: number, record: boolean): boolean {
    switch (typeof value) {
      case 'string':
        return this.within(path, nesting, value.length);
      case 'number':
        return Number.isFinite(value) || this.fail(path, 'Expected a finite number', record);
      case 'boolean':
        return true;
    }
    if (Array.isArray(value)) {
      if (!this.within(path, nesting + 1, 0)) return false;
      for (let index = 0; index < value.length; index++) {
        if (!this.json(value[index], join(path, String(index)), nesting + 1, record)) return false;
      }
      return true;
    }
    if (!isObject(value)) return this.fail(path, 'Expected a JSON value without null', record);
    if (!this.within(path, nesting + 1, 0)) return false;
    for (const key of Object.keys(value)) {
      if (!this.within(path, nesting + 1, key.length)) return false;
      if (!this.json((value as Record<string, unknown>)[key], join(path, key), nesting + 1, record)) return false;
    }
    return true;
  }

  private required(
    node: Record<string, unknown>,
    key: string,
    path: string,
    record: boolean,
    test: (value: unknown) => boolean,
    message: string,
  ): boolean {
    const value = node[key];
    if (!test(value)) return this.fail(join(path, key), value === undefined ? `Required. ${message}` : message, record);
    return typeof value !== 'string' || this.within(path, 0, value.length);
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
