/**
 * `onRequestError` of the app's `instrumentation.ts`, as the pages router calls it: with
 * every server error (a data function's, a render's, an API route's, middleware's, a
 * regeneration's), the request (`path` as asked, with its query; method; headers) and the
 * context (`routerKind`, `routePath`: the route's pattern, `routeType`, `revalidateReason`).
 * Next 16's names: middleware's errors are `routeType: 'proxy'` with `routePath: '/proxy'`.
 * The core awaits it before answering (in Lambda nothing runs after the answer), for at most
 * REPORT_TIMEOUT_MS; what it throws is logged, never answered.
 */
import type { CoreRequest } from '../../shared/http';
import { logError } from '../../shared/log';

/** What `onRequestError` receives about the request. */
export interface ErrorRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
}

/** What `onRequestError` receives about where the error happened. */
export interface RequestErrorContext {
  routerKind: 'Pages Router';
  routePath: string;
  routeType: 'render' | 'route' | 'proxy';
  revalidateReason: 'on-demand' | 'stale' | undefined;
}

export type OnRequestError = (error: unknown, request: Readonly<ErrorRequest>, context: Readonly<RequestErrorContext>) => void | Promise<void>;

/** How long the answer waits for `onRequestError`. */
export const REPORT_TIMEOUT_MS = 3_000;

/** Where an error came from, as `onRequestError` names it. */
export interface ErrorSite {
  route?: { pattern: string; kind: string };
  middleware?: boolean;
  revalidateReason?: 'on-demand' | 'stale';
}

/** The request as `onRequestError` sees it: the path asked for with its query, plain headers. */
export function errorRequest(request: CoreRequest): ErrorRequest {
  return { path: request.rawQuery ? `${request.path}?${request.rawQuery}` : request.path, method: request.method, headers: { ...request.headers } };
}

/** The context for an error at `site`. */
export function errorContext(site: ErrorSite, requestPath: string): RequestErrorContext {
  if (site.middleware) return { routerKind: 'Pages Router', routePath: '/proxy', routeType: 'proxy', revalidateReason: undefined };
  return {
    routerKind: 'Pages Router',
    routePath: site.route?.pattern ?? requestPath,
    routeType: site.route?.kind === 'api' ? 'route' : 'render',
    revalidateReason: site.revalidateReason,
  };
}

/** Errors already reported: a page's failed first rendering is the request's error too, reported once. */
const reported = new WeakSet<object>();

/**
 * Calls `onRequestError` (when the app has one) and waits for it, at most REPORT_TIMEOUT_MS;
 * an error is reported once. Never throws.
 */
export async function reportRequestError(onRequestError: OnRequestError | undefined, error: unknown, request: CoreRequest, site: ErrorSite): Promise<void> {
  if (!onRequestError || error === undefined) return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const reported = Promise.resolve(onRequestError(error, errorRequest(request), errorContext(site, request.path)));
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, REPORT_TIMEOUT_MS);
      timer.unref();
    });
    await Promise.race([reported, timeout]);
  } catch (failure) {
    logError(failure, { msg: 'instrumentation onRequestError failed', path: request.path });
  } finally {
    clearTimeout(timer);
  }
}
