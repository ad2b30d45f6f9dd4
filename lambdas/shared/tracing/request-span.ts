/**
 * The span of one request, made by the Function URL adapter around the core (its parent, its
 * attributes: traced.ts), and the flush before the answer leaves: Lambda may freeze the
 * instance right after. Without a tracer provider, the core just runs.
 */
import type { CoreRequest, CoreResponse } from '../http';
import { tracing } from './otel';
import type { InvocationFacts } from './traced';

export type { InvocationFacts };

/**
 * Runs `answer` inside the request's span (when a tracer provider is registered), with the
 * method, path, cold-start flag and, after, the status; the core adds the route and cache
 * outcome (`nameRequestSpan`).
 */
export function traceRequest(request: CoreRequest, facts: InvocationFacts, answer: () => Promise<CoreResponse>): Promise<CoreResponse> {
  const on = tracing();
  return on ? on.traceRequest(request, facts, answer) : answer();
}

/** Names the request's span after its route (`GET /posts/[slug]`), with the route and cache outcome. */
export function nameRequestSpan(method: string, route: string | undefined, cache: string | undefined): void {
  tracing()?.nameRequestSpan(method, route, cache);
}

/** How long the adapter waits for spans to leave before it answers anyway. */
export const FLUSH_TIMEOUT_MS = 2_000;

/**
 * Sends the spans ended so far, waiting at most FLUSH_TIMEOUT_MS. Never throws. Without a
 * provider nothing is waited for: undefined rather than a promise, so that an adapter's
 * `finally` costs a request with tracing off no async turn (issue 35).
 */
export function flushTraces(): Promise<void> | undefined {
  return tracing()?.flushTraces(FLUSH_TIMEOUT_MS);
}
