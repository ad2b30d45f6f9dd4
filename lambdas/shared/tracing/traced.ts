/**
 * What the functions do with OpenTelemetry once a tracer provider is registered: spans
 * around their stages, the request's span and its parent, the trace passed on to what a
 * request calls, and the flush before an answer leaves. The build writes this module as a
 * file of its own beside the bundle (cli/builder/lazy-packages.ts), loaded by otel.ts only
 * once tracing is on: an app that does not trace never loads it, nor the API.
 *
 * The request's parent is the Lambda invocation's X-Ray trace when active tracing is on
 * (`_X_AMZN_TRACE_ID`, which Lambda sets; never a visitor's `X-Amzn-Trace-Id` header), else
 * the W3C `traceparent` the request carries, else none (a new trace); when both are there,
 * the request's trace is a link.
 */
import * as api from '@opentelemetry/api';
import type { CoreRequest, CoreResponse } from '../http';

/** The instrumentation scope of Stratus's spans. */
const TRACER_NAME = 'stratus';

const tracer = () => api.trace.getTracer(TRACER_NAME);

/**
 * Every span's start and end read one clock: the SDK anchors each span on `Date.now()`
 * (whole milliseconds) and adds its own monotonic duration, so a child could appear to end
 * up to a millisecond after its parent. Wall time once, at load, plus the monotonic clock.
 */
const wallAtZero = Date.now() - performance.now();
function now(): api.HrTime {
  const ms = wallAtZero + performance.now();
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.floor((ms - seconds * 1000) * 1e6)];
}

/** Marks a span failed by `error`. */
function failed(span: api.Span, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  span.recordException(err);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: err.message });
}

/** `run` inside a child span of the active one, ended when it returns or its promise settles. */
export function inSpan<T>(name: string, attributes: api.Attributes | undefined, run: (span: api.Span | undefined) => T, kind?: 'client'): T {
  const options = kind ? { attributes, kind: api.SpanKind.CLIENT, startTime: now() } : { attributes, startTime: now() };
  return tracer().startActiveSpan(name, options, (span) => {
    let result: T;
    try {
      result = run(span);
    } catch (error) {
      failed(span, error);
      span.end(now());
      throw error;
    }
    if (!(result instanceof Promise)) {
      span.end(now());
      return result;
    }
    return result.then(
      (value) => {
        span.end(now());
        return value;
      },
      (error: unknown) => {
        failed(span, error);
        span.end(now());
        throw error;
      },
    ) as T;
  });
}

/** What the adapter knows of the invocation (request-span.ts). */
export interface InvocationFacts {
  function: string;
  requestId: string;
  cfId?: string;
  coldStart?: boolean;
}

/** `answer` inside the request's span: method, path, cold start, invocation, then the status. */
export async function traceRequest(request: CoreRequest, facts: InvocationFacts, answer: () => Promise<CoreResponse>): Promise<CoreResponse> {
  const { parent, links } = parentOf(request.headers);
  const attributes: api.Attributes = {
    'http.request.method': request.method,
    'url.path': request.path,
    'faas.coldstart': facts.coldStart === true,
    'faas.invocation_id': facts.requestId,
    'stratus.function': facts.function,
  };
  if (facts.cfId) attributes['stratus.cf_id'] = facts.cfId;
  const host = request.headers['x-forwarded-host'];
  if (host) attributes['server.address'] = host;
  const span = tracer().startSpan(request.method, { kind: api.SpanKind.SERVER, attributes, links, startTime: now() }, parent);
  try {
    const response = await api.context.with(api.trace.setSpan(parent, span), answer);
    span.setAttribute('http.response.status_code', response.status);
    if (response.status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    return response;
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end(now());
  }
}

function parentOf(headers: Record<string, string>): { parent: api.Context; links: api.Link[] } {
  const lambdaTrace = process.env._X_AMZN_TRACE_ID;
  const fromLambda = lambdaTrace ? api.propagation.extract(api.ROOT_CONTEXT, { 'x-amzn-trace-id': lambdaTrace }) : undefined;
  const traceparent = headers.traceparent;
  const fromRequest = traceparent ? api.propagation.extract(api.ROOT_CONTEXT, headers.tracestate ? { traceparent, tracestate: headers.tracestate } : { traceparent }) : undefined;
  const lambdaSpan = fromLambda && api.trace.getSpanContext(fromLambda);
  if (fromLambda && lambdaSpan && api.isSpanContextValid(lambdaSpan)) {
    const requestSpan = fromRequest && api.trace.getSpanContext(fromRequest);
    return { parent: fromLambda, links: requestSpan && api.isSpanContextValid(requestSpan) ? [{ context: requestSpan }] : [] };
  }
  return { parent: fromRequest ?? api.ROOT_CONTEXT, links: [] };
}

/** Names the active (request's) span after its route, with the route and the cache outcome. */
export function nameRequestSpan(method: string, route: string | undefined, cache: string | undefined): void {
  const span = api.trace.getActiveSpan();
  if (!span) return;
  if (route !== undefined) {
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  }
  if (cache !== undefined) span.setAttribute('stratus.cache', cache);
}

/** Sends the spans ended so far (the provider's `forceFlush`), waiting at most `timeoutMs`. Never throws. */
export async function flushTraces(timeoutMs: number): Promise<void> {
  const registered = api.trace.getTracerProvider() as { getDelegate?: () => unknown };
  const provider = (registered.getDelegate?.() ?? registered) as { forceFlush?: () => Promise<void> };
  if (typeof provider.forceFlush !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([provider.forceFlush().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Adds the active span's trace headers (`traceparent`, and X-Ray's with `xray`) to `headers`. */
export function injectTraceHeaders(headers: Record<string, string>): void {
  api.propagation.inject(api.context.active(), headers);
}

const WRAPPED = Symbol.for('stratus.tracing.fetch');

/** `https://api.example.com/v1/items` of a fetch's input, without its query string (it may carry keys). */
function urlOf(input: unknown): URL | undefined {
  try {
    return new URL(typeof input === 'string' || input instanceof URL ? input : (input as { url: string }).url);
  } catch {
    return undefined;
  }
}

/**
 * Wraps the global `fetch` (once per process): within a traced request, a call is a client
 * span carrying the trace in its headers; outside one it is the plain `fetch`.
 */
export function traceOutgoingFetch(): void {
  const original = globalThis.fetch as typeof fetch & { [WRAPPED]?: true };
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const traced = function fetch(input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> {
    if (!api.trace.getActiveSpan()) return original(input, init);
    const request = typeof input === 'object' && !(input instanceof URL) ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = urlOf(input);
    const attributes = { 'http.request.method': method, ...(url ? { 'url.full': `${url.origin}${url.pathname}`, 'server.address': url.hostname } : {}) };
    return inSpan(`${method} ${url?.hostname ?? 'fetch'}`, attributes, async (span) => {
      const headers = new Headers(init?.headers ?? request?.headers);
      api.propagation.inject(api.context.active(), headers, { set: (carrier, key, value) => carrier.set(key, value) });
      const response = await original(input, { ...init, headers });
      span?.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span?.setStatus({ code: api.SpanStatusCode.ERROR });
      return response;
    }, 'client');
  } as typeof fetch & { [WRAPPED]?: true };
  traced[WRAPPED] = true;
  globalThis.fetch = traced;
}

interface CallOutput {
  output?: { $metadata?: { requestId?: string; httpStatusCode?: number } };
}

/** One AWS SDK call as a client span (`S3.GetObject`), with its request id and status. */
export function awsCallSpan(service: string, operation: string, call: () => Promise<CallOutput>): Promise<CallOutput> {
  return inSpan(`${service}.${operation}`, { 'rpc.system': 'aws-api', 'rpc.service': service, 'rpc.method': operation }, async (span) => {
    const result = await call();
    const metadata = result.output?.$metadata;
    if (metadata?.requestId) span?.setAttribute('aws.request_id', metadata.requestId);
    if (metadata?.httpStatusCode) span?.setAttribute('http.response.status_code', metadata.httpStatusCode);
    return result;
  }, 'client');
}
