/**
 * The trace passed on to what a request calls: a proxied rewrite's origin (the proxy adds
 * the headers itself) and the app's `fetch` (wrapped once tracing is on, so a data function's
 * call to its API is a child span, and the API sees the trace in `traceparent`).
 */
import { tracing } from './otel';

/** Adds the active span's trace headers (`traceparent`, and X-Ray's with `xray`) to `headers`. */
export function injectTraceHeaders(headers: Record<string, string>): void {
  tracing()?.injectTraceHeaders(headers);
}

/** Wraps the global `fetch` once tracing is on (traced.ts). */
export function traceOutgoingFetch(): void {
  tracing()?.traceOutgoingFetch();
}
