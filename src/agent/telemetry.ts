import { normalizeError, serializeError, type FaultlineError } from '../index.js';

/** OpenTelemetry attributes of an error, after the semantic conventions. */
export interface ErrorAttributes {
  /** The code: a low-cardinality class of error, as `error.type` asks. */
  readonly 'error.type': string;
  readonly 'exception.type': string;
  readonly 'exception.message': string;
  readonly 'faultline.category': string;
  readonly 'faultline.retryable': boolean;
  readonly 'faultline.retry_after_ms'?: number;
}

/** What `recordError` needs of an OpenTelemetry span: `@opentelemetry/api`'s `Span` has it. */
export interface SpanLike {
  recordException(exception: { name: string; message: string; stack?: string }): void;
  setStatus(status: { code: number; message?: string }): unknown;
  setAttributes(attributes: Record<string, string | number | boolean>): unknown;
}

/** What `errorCounter` needs of an OpenTelemetry meter: `@opentelemetry/api`'s `Meter` has it. */
export interface MeterLike {
  createCounter(name: string, options?: { description?: string; unit?: string }): {
    add(value: number, attributes?: Record<string, string | number | boolean>): void;
  };
}

// SpanStatusCode.ERROR of @opentelemetry/api, written out so that faultline needs no dependency.
const SPAN_STATUS_ERROR = 2;

/**
 * An error's OpenTelemetry attributes: `error.type` is the code, `exception.type` the class name, and the
 * message redacted.
 *
 * @example
 * ```ts
 * import { toSpanAttributes } from 'faultline/agent';
 * import { ModelRateLimitError } from 'faultline';
 *
 * toSpanAttributes(new ModelRateLimitError({ retryAfterMs: 2000 }))['error.type']; // 'MODEL_RATE_LIMITED'
 * ```
 */
export function toSpanAttributes(error: unknown): ErrorAttributes {
  const json = serializeError(normalizeError(error));
  return {
    'error.type': json.code,
    'exception.type': json.name,
    'exception.message': json.message,
    'faultline.category': json.category,
    'faultline.retryable': json.retryable,
    ...(json.retryAfterMs !== undefined && { 'faultline.retry_after_ms': json.retryAfterMs }),
  };
}

/**
 * Records an error on a span: the exception event, its attributes, and an error status. Returns the error, normalized.
 *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 * import { recordError } from 'faultline/agent';
 *
 * const span = trace.getTracer('agent').startSpan('tool.search');
 * try {
 *   await runTool();
 * } catch (error) {
 *   recordError(span, error);
 * } finally {
 *   span.end();
 * }
 * ```
 */
export function recordError(span: SpanLike, error: unknown): FaultlineError {
  const value = normalizeError(error);
  const attributes = toSpanAttributes(value);
  span.recordException({ name: attributes['exception.type'], message: attributes['exception.message'] });
  span.setAttributes({ ...attributes });
  span.setStatus({ code: SPAN_STATUS_ERROR, message: attributes['exception.message'] });
  return value;
}

/**
 * Counts errors on an OpenTelemetry counter `faultline.errors`, with low-cardinality attributes only (the
 * code, category and retryability).
 *
 * @example
 * ```ts
 * import { metrics } from '@opentelemetry/api';
 * import { errorCounter } from 'faultline/agent';
 *
 * const countError = errorCounter(metrics.getMeter('agent'));
 * countError(new Error('boom')); // faultline.errors +1 { error.type: 'UNKNOWN_ERROR', ... }
 * ```
 */
export function errorCounter(meter: MeterLike): (error: unknown) => void {
  const counter = meter.createCounter('faultline.errors', { description: 'Errors, by faultline code, category and retryability', unit: '{error}' });
  return (error) => {
    const attributes = toSpanAttributes(error);
    counter.add(1, { 'error.type': attributes['error.type'], 'faultline.category': attributes['faultline.category'], 'faultline.retryable': attributes['faultline.retryable'] });
  };
}
