import {
  isControlSignal, isFaultlineError, serializeError, ToolError, ToolExecutionError, ToolTimeoutError, UnknownError, ValidationError, type ErrorEvent,
  type FaultlineError,
} from '../index.js';
import { isErrorObject } from '../foundation/error-object.js';
import { callListener } from '../foundation/listener.js';
import { whenAborted } from '../foundation/abort-waiters.js';
import { checkNumber, checkOneOf, checkType, invalidOption } from '../foundation/option-checks.js';
import { MAX_TIMER_DELAY_MS } from '../foundation/policy-fields.js';
import { readProperty } from '../foundation/safe-read.js';
import { toToolResult, type ToolErrorType, type ToolFailure, type ToolResult, type ToolResultOptions } from './tool-result.js';

/** What safeTool needs of an input schema: zod's `safeParse` (any zod version), or anything shaped like it. */
export interface InputSchema<Input> {
  safeParse(value: unknown): { readonly success: true; readonly data: Input } | { readonly success: false; readonly error: unknown };
}

/** A failure the tool itself reports, instead of throwing. */
export interface ReportedFailure {
  readonly ok: false;
  /** What went wrong, for the model. */
  readonly error: string;
}

/** The definition of a tool for {@link safeTool}. */
export interface SafeToolDefinition<Input, Output> extends ToolResultOptions {
  readonly name: string;
  /** A zod schema (or anything with zod's `safeParse`) for the tool's input. */
  readonly input: InputSchema<Input>;
  /** Runs the tool: returns its output, or `{ ok: false, error }` for a failure it reports itself. */
  readonly run: (input: Input, context: { readonly signal: AbortSignal }) => Promise<Output | ReportedFailure> | Output | ReportedFailure;
  /**
   * A time limit for `run`, in milliseconds; past it the call fails as a ToolTimeoutError and `signal`
   * aborts. `Infinity`, or more than a timer can wait (2³¹ ms), is no limit.
   */
  readonly timeoutMs?: number | undefined;
  /** Hears every failure, the error serialized; a listener that throws or rejects never breaks the call. */
  readonly onError?: ((event: ErrorEvent) => void) | undefined;
}

/** What a framework hands a tool besides its input; only the caller's signal is read. */
export interface SafeToolCallOptions {
  /** The caller's signal (LangChain's `config.signal`): its abort reaches `run`'s signal, and is the caller's, not a failure. */
  readonly signal?: AbortSignal | undefined;
  /** The same, as the Vercel AI SDK hands it to a tool's `execute(input, { abortSignal })`; `signal` wins. */
  readonly abortSignal?: AbortSignal | undefined;
}

/**
 * Wraps a tool so that its failures come back as results, never thrown: a schema failure is a `validation`
 * result naming the fields, a throw a `runtime` or `exception` result, a timeout an `aborted` one, a
 * `{ ok: false }` from `run` a `logical` one, success `{ ok: true, value }`. Only a control signal is
 * thrown (a LangGraph interrupt, the caller's abort), as it is and without `onError` (docs/agent.md).
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { safeTool } from 'faultline/agent';
 *
 * const search = safeTool({
 *   name: 'search',
 *   input: z.object({ query: z.string().min(1) }),
 *   run: async ({ query }) => [`result for ${query}`],
 *   timeoutMs: 5_000,
 * });
 * const result = await search({ query: '' }); // { ok: false, errorType: 'validation', ... }
 * ```
 */
export function safeTool<Input, Output>(
  definition: SafeToolDefinition<Input, Output>,
): (input: unknown, options?: SafeToolCallOptions) => Promise<ToolResult<Exclude<Output, ReportedFailure>>> {
  checkDefinition(definition);
  return async (raw, options) => {
    const signal = callerSignalOf(options);
    try {
      // Aborted before the call: rejected with the reason (below), as fetch does, without running the tool.
      if (signal !== undefined && readProperty(signal, 'aborted') === true) throw readProperty(signal, 'reason');
      return await call(definition, raw, signal);
    } catch (thrown) {
      if (isControlSignal(thrown, signal)) throw thrown;
      // Thrown past every guard below (a hostile schema result, say): the call still settles with a failure.
      return failure(definition, new UnknownError(null, { cause: thrown }), 'exception');
    }
  };
}

// A success's value is `Output` without `{ ok: false, error }`, which TypeScript infers into it from a `run` that returns both.
async function call<Input, Output>(definition: SafeToolDefinition<Input, Output>, raw: unknown, signal: AbortSignal | undefined): Promise<ToolResult<Exclude<Output, ReportedFailure>>> {
  const { name } = definition;
  let parsed: ReturnType<InputSchema<Input>['safeParse']>;
  try {
    parsed = definition.input.safeParse(raw);
  } catch (error) {
    if (isControlSignal(error, signal)) throw error;
    return failure(definition, ToolError.from(error, { toolName: name }), 'exception');
  }
  if (!parsed.success) return failure(definition, ValidationError.fromZodError(parsed.error, { details: { toolName: name } }));
  const controller = new AbortController();
  const stopWaiting = signal === undefined ? undefined : whenAborted(signal, () => { controller.abort(readProperty(signal, 'reason')); });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const running = Promise.resolve(definition.run(parsed.data, { signal: controller.signal }));
    const limited = definition.timeoutMs !== undefined && definition.timeoutMs < MAX_TIMER_DELAY_MS;
    const outcome = limited ? await Promise.race([running, timeout(definition.timeoutMs, (id) => { timer = id; })]) : await running;
    if (outcome === TIMED_OUT) {
      const error = new ToolTimeoutError({ toolName: name, timeoutMs: definition.timeoutMs });
      controller.abort(error);
      return failure(definition, error, 'aborted');
    }
    if (isReportedFailure(outcome)) return failure(definition, new ToolExecutionError(outcome.error, { toolName: name }), 'logical');
    return { ok: true, value: outcome as Exclude<Output, ReportedFailure> };
  } catch (thrown) {
    // A LangGraph interrupt, or the caller's abort: the caller's to handle, not the model's to read.
    if (isControlSignal(thrown, signal)) throw thrown;
    const error = ToolError.from(thrown, { toolName: name });
    // isErrorObject, not `instanceof`: a thrown revoked Proxy makes `instanceof` throw.
    return failure(definition, error, isFaultlineError(thrown) || isErrorObject(thrown) ? undefined : 'exception');
  } finally {
    clearTimeout(timer);
    stopWaiting?.();
  }
}

// Frameworks hand a tool more than the signal: only a value shaped like one is taken.
function callerSignalOf(options: unknown): AbortSignal | undefined {
  for (const key of ['signal', 'abortSignal']) {
    const value = readProperty(options, key);
    if (typeof readProperty(value, 'aborted') === 'boolean' && typeof readProperty(value, 'addEventListener') === 'function') return value as AbortSignal;
  }
  return undefined;
}

const WHERE = 'safeTool';
const ERROR_TYPES: readonly ToolErrorType[] = ['validation', 'runtime', 'logical', 'aborted', 'exception'];

// Checked once, when the tool is made: a wrong definition is the author's bug, not a failure of a call.
function checkDefinition<Input, Output>(definition: SafeToolDefinition<Input, Output>): void {
  checkType(WHERE, 'definition', definition, 'object');
  if (typeof definition.name !== 'string' || definition.name === '') throw invalidOption(WHERE, 'name', definition.name, 'a non-empty string');
  checkType(WHERE, 'input', definition.input, 'object');
  if (typeof definition.input.safeParse !== 'function') throw invalidOption(WHERE, 'input', definition.input, "a schema with zod's safeParse");
  if (typeof definition.run !== 'function') throw invalidOption(WHERE, 'run', definition.run, 'a function');
  checkNumber(WHERE, 'timeoutMs', definition.timeoutMs, { min: 0, infinite: true });
  checkType(WHERE, 'onError', definition.onError, 'function');
  checkOneOf(WHERE, 'errorType', definition.errorType, ERROR_TYPES);
  const tools: unknown = definition.availableTools;
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((tool) => typeof tool === 'string'))) {
    throw invalidOption(WHERE, 'availableTools', tools, 'an array of strings');
  }
  checkType(WHERE, 'recommendationsByTool', definition.recommendationsByTool, 'object');
}

const TIMED_OUT: unique symbol = Symbol('timed out');

function timeout(ms: number, started: (timer: ReturnType<typeof setTimeout>) => void): Promise<typeof TIMED_OUT> {
  return new Promise((resolve) => {
    started(setTimeout(() => { resolve(TIMED_OUT); }, ms));
  });
}

function isReportedFailure(value: unknown): value is ReportedFailure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

function failure<Input, Output>(definition: SafeToolDefinition<Input, Output>, error: FaultlineError, errorType?: ToolErrorType): ToolFailure {
  const result = toToolResult(error, { ...definition, errorType: errorType ?? definition.errorType });
  callListener(definition.onError, { severity: result.halt || !result.retryable ? 'error' : 'warn', phase: 'tool', error: serializeError(error) });
  return result;
}
