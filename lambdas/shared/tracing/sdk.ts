/**
 * Stratus's own tracer provider, for a site that asks for traces without registering one in
 * `instrumentation.ts`: the stack's `tracing` option (`STRATUS_TRACING=xray|otlp`) or
 * `stratus start --trace` (`console`, or `otlp` with an endpoint). Loaded only then: the
 * build writes it as a file of its own beside the bundle (cli/builder/lazy-packages.ts).
 *
 * - `otlp`: OTLP/HTTP (JSON) to `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (or
 *   `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`), with `OTEL_EXPORTER_OTLP_HEADERS`; a
 *   request is sampled at `STRATUS_TRACE_SAMPLE_RATIO` (default 1) whatever a visitor's
 *   `traceparent` says, by its trace id, so the services of one trace agree.
 * - `xray`: subsegments to the X-Ray daemon (xray-exporter.ts), under Lambda's sampling
 *   decision, with X-Ray's trace ids and header.
 * - `console`: a tree per request on stderr (console-exporter.ts).
 */
import { context, propagation, trace, type TextMapPropagator } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AWSXRayIdGenerator } from '@opentelemetry/id-generator-aws-xray';
import { AWSXRayPropagator } from '@opentelemetry/propagator-aws-xray';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler, SimpleSpanProcessor, TraceIdRatioBasedSampler,
  type Sampler, type SpanExporter, type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ConsoleTreeExporter } from './console-exporter';
import { XRayUdpExporter } from './xray-exporter';
import type { TracingMode } from './setup';

export interface RegisteredTracing {
  provider: BasicTracerProvider;
  mode: TracingMode;
}

/** The sampling ratio for `otlp`: a number from 0 to 1, else 1. */
export function sampleRatio(value: string | undefined): number {
  const ratio = value === undefined || value.trim() === '' ? 1 : Number(value);
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
}

function samplerFor(mode: TracingMode, env: NodeJS.ProcessEnv): Sampler {
  // Lambda (with its sampling rules) decides for X-Ray; its decision is the parent's.
  if (mode === 'xray') return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  if (mode === 'console') return new AlwaysOnSampler();
  // A visitor's traceparent cannot raise the share traced: the ratio applies to remote parents too.
  const ratio = new TraceIdRatioBasedSampler(sampleRatio(env.STRATUS_TRACE_SAMPLE_RATIO));
  return new ParentBasedSampler({ root: ratio, remoteParentSampled: ratio, remoteParentNotSampled: ratio });
}

function exporterFor(mode: TracingMode): SpanExporter {
  if (mode === 'xray') return new XRayUdpExporter();
  if (mode === 'console') return new ConsoleTreeExporter();
  return new OTLPTraceExporter();
}

/**
 * Registers the provider, the context manager (so that spans nest across `await`) and the
 * propagator (W3C trace context; X-Ray's header too for `xray`) as the process's own.
 */
export function registerTracing(mode: TracingMode, env: NodeJS.ProcessEnv = process.env): RegisteredTracing {
  const exporter = exporterFor(mode);
  // The console prints as spans end; the others send in batches, flushed before each answer in Lambda.
  const processor: SpanProcessor = mode === 'console' ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? env.AWS_LAMBDA_FUNCTION_NAME ?? 'stratus',
      'cloud.provider': 'aws',
      ...(env.AWS_REGION ? { 'cloud.region': env.AWS_REGION } : {}),
      ...(env.AWS_LAMBDA_FUNCTION_NAME ? { 'faas.name': env.AWS_LAMBDA_FUNCTION_NAME, 'faas.version': env.AWS_LAMBDA_FUNCTION_VERSION ?? '' } : {}),
    }),
    sampler: samplerFor(mode, env),
    ...(mode === 'xray' ? { idGenerator: new AWSXRayIdGenerator() } : {}),
    spanProcessors: [processor],
  });
  const propagators: TextMapPropagator[] = [new W3CTraceContextPropagator()];
  // Last, so Lambda's trace (the only X-Ray header ever read, request-span.ts) wins.
  if (mode === 'xray') propagators.push(new AWSXRayPropagator());
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators }));
  trace.setGlobalTracerProvider(provider);
  return { provider, mode };
}
