// The OpenTelemetry helpers against the real SDKs, with in-memory exporters.
import { SpanStatusCode } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { ModelRateLimitError, ValidationError } from '../../src/index.js';
import { errorCounter, recordError, toSpanAttributes } from '../../src/agent/index.js';

describe('toSpanAttributes', () => {
  it('follows the semantic conventions, with faultline’s category, retryable and delay', () => {
    expect(toSpanAttributes(new ModelRateLimitError('slow down', { retryAfterMs: 2000 }))).toEqual({
      'error.type': 'MODEL_RATE_LIMITED', 'exception.type': 'ModelRateLimitError', 'exception.message': 'slow down',
      'faultline.category': 'MODEL', 'faultline.retryable': true, 'faultline.retry_after_ms': 2000,
    });
    expect(toSpanAttributes(new Error('boom'))).not.toHaveProperty('faultline.retry_after_ms');
  });
});

describe('recordError', () => {
  it('records the exception, sets the attributes and the status to error on a real span', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const span = provider.getTracer('test').startSpan('tool.search');
    recordError(span, new ValidationError('bad input'));
    span.end();
    await provider.forceFlush();
    const [finished] = exporter.getFinishedSpans();
    expect(finished?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'bad input' });
    expect(finished?.attributes).toMatchObject({ 'error.type': 'VALIDATION_FAILED', 'faultline.category': 'VALIDATION', 'faultline.retryable': false });
    expect(finished?.events.map((event) => [event.name, event.attributes?.['exception.type'], event.attributes?.['exception.message']])).toEqual([
      ['exception', 'ValidationError', 'bad input'],
    ]);
    await provider.shutdown();
  });
});

describe('errorCounter', () => {
  it('adds 1 to faultline.errors with low-cardinality attributes, on a real meter', async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
    const provider = new MeterProvider({ readers: [reader] });
    const countError = errorCounter(provider.getMeter('test'));
    countError(new ModelRateLimitError({ requestId: 'req_1' }));
    countError(new ModelRateLimitError({ requestId: 'req_2' }));
    countError(new Error('boom'));
    await reader.forceFlush();
    const metric = exporter.getMetrics()[0]?.scopeMetrics[0]?.metrics[0];
    expect(metric?.descriptor.name).toBe('faultline.errors');
    const points = (metric?.dataPoints ?? []).map((point) => [point.attributes, point.value]);
    expect(points).toEqual([
      [{ 'error.type': 'MODEL_RATE_LIMITED', 'faultline.category': 'MODEL', 'faultline.retryable': true }, 2],
      [{ 'error.type': 'UNKNOWN_ERROR', 'faultline.category': 'UNKNOWN', 'faultline.retryable': false }, 1],
    ]);
    await provider.shutdown();
  });
});
