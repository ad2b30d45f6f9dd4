/**
 * The functions' one door to OpenTelemetry. Nothing here loads `@opentelemetry/api` (nor
 * traced.ts, which does the work) until a tracer provider has been registered: by the app's
 * `instrumentation.ts`, or by Stratus's own setup when the stack or `stratus start --trace`
 * asks for traces (setup.ts). Until then each call is one property read, and an app that does
 * not trace pays nothing for it, neither at cold start (both are files beside the bundle,
 * cli/builder/lazy-packages.ts) nor per request.
 */
import type { Attributes as OtelAttributes, Span as OtelSpan } from '@opentelemetry/api';

export type Span = OtelSpan;
export type Attributes = OtelAttributes;
type Traced = typeof import('./traced');

/** Where every copy of the API (major version 1) keeps what was registered. */
const REGISTRY = Symbol.for('opentelemetry.js.api.1');

let traced: Traced | undefined;

/** The tracing code, once a tracer provider is registered; undefined (and nothing loaded) before. */
export function tracing(): Traced | undefined {
  if (traced) return traced;
  const registered = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[REGISTRY];
  if (registered?.trace === undefined) return undefined;
  traced = require('./traced') as Traced;
  return traced;
}

/**
 * Runs `run` inside a child span of the active one, named `name`, ended when `run` returns
 * or its promise settles; a throw or rejection is recorded on the span and passed on.
 * Without a tracer provider it is `run(undefined)`. `client`: a call to another service.
 *
 * @example
 * const props = await inSpan('getServerSideProps', { 'http.route': '/posts/[slug]' }, () => gssp(ctx));
 */
export function inSpan<T>(name: string, attributes: Attributes | undefined, run: (span: Span | undefined) => T, kind?: 'client'): T {
  const on = tracing();
  return on ? on.inSpan(name, attributes, run, kind) : run(undefined);
}
