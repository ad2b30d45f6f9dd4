/**
 * An API route that says `export const config = { runtime: 'edge' }` (or the older
 * `'experimental-edge'`): called as the pages router calls its edge API routes,
 * `handler(request, event)`, with a `NextRequest` (the web `Request` with `nextUrl`,
 * `cookies`) and a fetch event for `waitUntil`, and answered by the web `Response` it
 * returns, streamed where answers may stream. It runs in the same function as every other
 * route (Lambda has no edge runtime of its own); only the calling convention differs.
 */
import type { NextFetchEvent } from '../../../web/runtime/middleware/fetch-event';
import type { NextRequest } from '../../../web/runtime/middleware/next-request';
import { RequestHeaders } from '../../../web/runtime/middleware/request-headers';
import type { ApiModule } from '../../../web/runtime/shared/page-types';
import type { RouteParams } from '../../../web/runtime/shared/route-match';
import { webBodyOf, type CoreRequest } from '../../shared/http';
import { viewerOrigin } from '../../shared/viewer-host';

/** The runtimes that make a route an edge route, as the pages router names them. */
export const EDGE_RUNTIMES: ReadonlySet<string> = new Set(['edge', 'experimental-edge']);

/** Whether an API route module asks to be called as an edge route. */
export function isEdgeRoute(module: ApiModule | undefined): boolean {
  const runtime = (module?.config as { runtime?: unknown } | undefined)?.runtime;
  return typeof runtime === 'string' && EDGE_RUNTIMES.has(runtime);
}

/**
 * The app's copy of `stratus/server`'s request classes (web/runtime/server.ts), which the
 * build compiles in when the app has middleware or an edge route: the request an edge
 * route receives is the class the app imports.
 */
export interface EdgeClasses {
  NextRequest: typeof NextRequest;
  NextFetchEvent: typeof NextFetchEvent;
}

/** The URL an edge route sees: the viewer's origin, the whole path, the query with the route's params added (as the pages router passes them). */
export function edgeRequestUrl(request: CoreRequest, basePath: string, search: URLSearchParams, params: RouteParams): string {
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(params)) {
    if (query.has(name)) continue;
    if (Array.isArray(value)) for (const part of value) query.append(name, part);
    else if (value !== undefined) query.set(name, value);
  }
  const rest = query.toString();
  return `${viewerOrigin(request)}${basePath}${request.path}${rest ? `?${rest}` : ''}`;
}

/**
 * The two arguments an edge route is called with; a plain web `Request` when the app's
 * classes are not compiled in (a config the build could not read). The request's `signal`
 * is `signal`: the API stage aborts it when the visitor leaves before the answer has ended
 * (or the answer's budget runs out), as the pages router's edge requests abort.
 */
export function edgeArguments(
  request: CoreRequest,
  url: string,
  classes: EdgeClasses | undefined,
  signal?: AbortSignal,
): [Request | NextRequest, { pending: Promise<unknown>[]; waitUntil(promise: Promise<unknown>): void }] {
  const init = { method: request.method, headers: new RequestHeaders(request.headers, true), body: webBodyOf(request), signal };
  if (classes) return [new classes.NextRequest(url, init), new classes.NextFetchEvent()];
  const pending: Promise<unknown>[] = [];
  return [new Request(url, { ...init, headers: Object.entries(request.headers) }), { pending, waitUntil: (promise) => void pending.push(promise) }];
}
