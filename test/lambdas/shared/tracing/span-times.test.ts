/**
 * A trace viewer draws each child inside its parent: the times Stratus gives its spans must
 * nest, however close a child's end is to its parent's.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { CoreRequest } from '../../../../lambdas/shared/http';
import { inSpan } from '../../../../lambdas/shared/tracing/otel';
import { traceRequest } from '../../../../lambdas/shared/tracing/request-span';

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});

afterAll(() => {
  trace.disable();
  context.disable();
});

const request: CoreRequest = { method: 'GET', path: '/p', query: '', headers: {}, body: undefined } as unknown as CoreRequest;
const nanos = ([s, ns]: [number, number]) => BigInt(s) * 1_000_000_000n + BigInt(ns);

test('children start and end within their parents, 300 requests of nested spans ending together', async () => {
  for (let i = 0; i < 300; i++) {
    await traceRequest(request, { function: 'render', requestId: `r${i}` }, async () => {
      // Busy for a fraction of a millisecond so the spans start at varied points within one.
      const until = performance.now() + (i % 7) * 0.05;
      while (performance.now() < until);
      await inSpan('routing', undefined, () => inSpan('middleware', undefined, () => Promise.resolve()));
      return { status: 200, headers: {}, body: '' };
    });
  }
  const spans = exporter.getFinishedSpans();
  expect(spans).toHaveLength(900);
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const outside = spans.filter((span) => {
    const parent = span.parentSpanContext && byId.get(span.parentSpanContext.spanId);
    if (!parent) return false;
    return nanos(span.startTime) < nanos(parent.startTime) || nanos(span.endTime) > nanos(parent.endTime);
  });
  expect(outside.map((span) => span.name)).toEqual([]);
});
