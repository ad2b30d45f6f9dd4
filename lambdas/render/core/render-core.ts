/**
 * The render core: a plain request in, a plain response out (lambdas/shared/http.ts); it
 * never sees a Lambda event (lambdas/shared/function-url.ts). Wiring of the stages, each
 * in its own file (or folder), passing one outcome (outcome.ts):
 *
 *   path (lambdas/shared/request-path.ts, the basePath) → request.ts → routing/
 *     → route.ts → data.ts (pages: methods.ts, static/) or api/ (`/api/…`)
 *     → output.ts (html/), then log-line.ts
 *
 * `handle` reads top to bottom as that list. Any failure on the way becomes the 500
 * outcome, written like any other.
 */
import { copy } from '../../shared/extend';
import type { Manifest } from '../../../contract/manifest';
import { matchRoute, splitPath } from '../../../web/runtime/shared/route-match';
import { dynamicLoadsPending, dynamicLoadsSettled } from '../../../web/runtime/shared/dynamic-loads';
import type { CoreRequest, CoreResponse, RequestContext } from '../../shared/http';
import { TIDY_REDIRECT } from '../../shared/cache-control';
import { logError, startTimer } from '../../shared/log';
import { locationQuery, readPath, type PathReading } from '../../shared/request-path';
import { readApiConfig, type ApiRouteConfig } from '../api/api-config';
import { createApiStage, DEFAULT_API_TIMEOUT_MS } from '../api/api-stage';
import type { EdgeClasses } from '../api/edge-route';
import { createDataStage } from './data';
import { withAssetBase } from '../html/asset-urls';
import { withoutBasePath } from '../../../web/runtime/shared/site-paths';
import { localizePath } from '../../../web/runtime/shared/locale-prefix';
import { REWRITE_HEADER } from '../../../contract/urls';
import { createSiteRouting, type SiteRoutingPorts } from '../routing/site-routing';
import type { AppMiddleware } from '../routing/middleware';
import type { ApiModule, PageModule, ServerRequest } from '../../../web/runtime/shared/page-types';
import { createServerRequest } from '../api/api-request';
import { BufferedResponse } from '../api/api-response';
import { DEFAULT_BODY_PARSING, readBody } from '../api/request-body';
import type { DraftMode } from '../api/draft-mode';
import { noInvalidations } from '../ports/no-invalidations';
import type { Invalidations, StoredPage } from '../ports/ports';
import { logRequest } from './log-line';
import { reportRequestError, type OnRequestError } from './request-error';
import { isMiddlewareError } from '../routing/middleware';
import { inSpan } from '../../shared/tracing/otel';
import { readStreamed, watchStreamed } from './streamed';
import { createOnDemand } from './on-demand';
import { routeOf, serverError, type Format, type Outcome, type PageRequest, type Target } from './outcome';
import { createOutput } from './output';
import { refuseMethod } from './methods';
import { createPageHtml, type DocumentModules, type ServerFailure } from '../html/page-html';
import type { PageStore } from '../static/page-store';
import { formatOf, readRequest } from './request';
import { routeApi, routeRequest, type RouteTable } from './route';
import { applyRuntimeConfig } from '../html/runtime-state';
import { createStaticPages, type StaticRedirect } from '../static/static-pages';

/** The app's modules compiled into the render function (the generated entry's `modules`, lambda/bundle.ts). */
export interface AppModules extends DocumentModules {
  /** Page modules by route pattern. */
  pages: Record<string, PageModule>;
  /** API route modules by route pattern (`/api/users/[id]`); none when absent. */
  apis?: Record<string, ApiModule>;
  /** The app's `middleware.ts` with `stratus/server`; none when the app has no middleware. */
  middleware?: AppMiddleware;
  /** The app's `stratus/server` when it has an edge API route (and no middleware, which carries it already). */
  server?: EdgeClasses;
  /** The app's `instrumentation.ts` (lambda/instrumentation.ts); none when the app has none. */
  instrumentation?: { register?: () => unknown; onRequestError?: OnRequestError };
}

export interface RenderAppOptions {
  /** Where rewrites that leave the render function go: another origin, or a file of the site. */
  routing?: SiteRoutingPorts;
  /** How long an API handler may take to answer (the Lambda reads `STRATUS_API_TIMEOUT_MS`). @default 9000 */
  apiTimeoutMs?: number;
  /** Where `res.revalidate` removes pages from the edge's cache. @default - nowhere (no CDN in front) */
  invalidations?: Invalidations;
  /** Draft mode's signed cookie (draft-mode.ts). @default - draft mode off: no request is a draft */
  draft?: DraftMode;
  /** How long a regeneration may hold its page's lease (static-pages.ts). @default 30000 */
  leaseMs?: number;
  /** The app's `instrumentation.ts` `onRequestError`, told of every server error (request-error.ts). @default - none */
  onRequestError?: OnRequestError;
  /** The most a streamed answer may carry; past it the answer is cut off (or a 500 before it streams). @default STREAMED_RESPONSE_LIMIT (Lambda's 200 MB) */
  streamLimitBytes?: number;
}

/**
 * Each API route's config by pattern; throws ApiConfigError naming the file of a route that
 * cannot serve. A route whose module throws as it loads has none: its own requests fail (the
 * API stage loads it again and answers 500 with that error), not the whole function, as in the
 * pages router.
 */
function readApiConfigs(manifest: Manifest, modules: AppModules): Map<string, ApiRouteConfig> {
  const configs = new Map<string, ApiRouteConfig>();
  for (const route of manifest.routes) {
    if (route.kind !== 'api') continue;
    let module: ApiModule | undefined;
    try {
      module = modules.apis?.[route.pattern];
    } catch {
      continue;
    }
    configs.set(route.pattern, readApiConfig(route.file, module));
  }
  return configs;
}

/** The render core of one app over its manifest and page store. */
export interface RenderApp {
  /** Answers one request; never throws: failures become the 500 page (JSON for page data), logged with their stack. */
  handle(request: CoreRequest, context: RequestContext): Promise<CoreResponse>;
  /** Build time: renders a static page for the prerender step. */
  prerender(pattern: string, pagePath: string, locale: string): Promise<StoredPage | StaticRedirect>;
  /** On-demand revalidation of one page by its URL path (`res.revalidate`, `stratus revalidate`); throws RevalidateError. */
  revalidate(urlPath: string): Promise<void>;
  /**
   * Build time: whether nothing per request applies to a page's URL (no header rule,
   * redirect, rewrite or middleware takes its path, whatever the visitor sends), so that the
   * edge may answer it straight from the bucket.
   */
  samePerRequest(pagePath: string, locale: string): boolean;
  /** The site's basePath (`''` when none): every path the core answers is under it. */
  readonly basePath: string;
}

/**
 * The render core of one app over its manifest and page store: `handle` per request,
 * `prerender` at build time. Throws ApiConfigError when an API route's exports cannot serve
 * (at cold start, and so at build time).
 */
export function createRenderApp(modules: AppModules, manifest: Manifest, store: PageStore, options: RenderAppOptions = {}): RenderApp {
  const { config } = manifest;
  // The runtime's process-wide settings (image widths, basePath, trailing slash), set in one place.
  applyRuntimeConfig(config, manifest.routes.filter((r) => r.kind !== 'api').map((r) => r.pattern));
  // Documents link the build's scripts and styles under the basePath.
  const html = createPageHtml(modules, withAssetBase(manifest, config.routing?.basePath ?? ''), { requestParts: (request) => ({ req: serverRequestOf(request), res: new BufferedResponse() }) });
  const { onRequestError } = options;
  const staticPages = createStaticPages(store, html, config, {
    App: modules.App,
    leaseMs: options.leaseMs,
    onRenderError: (error, page, reason) => reportRequestError(onRequestError, error, page.request, { route: page.route, revalidateReason: reason }),
  });
  const loadData = createDataStage(staticPages, config, modules.App, options.draft);
  const runApi = createApiStage({
    timeoutMs: options.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS, configs: readApiConfigs(manifest, modules), defaultLocale: config.defaultLocale,
    revalidate: (urlPath) => revalidate(urlPath), draft: options.draft, streamLimitBytes: options.streamLimitBytes,
    basePath: config.routing?.basePath ?? '', edgeClasses: modules.server ?? modules.middleware?.runtime,
  });
  /**
   * The server error being written, only while its outcome is (writeOutcome): the output
   * stage asks for the error page by status alone, and the page's `getInitialProps` gets
   * the exception and the request (`ctx.err`, `ctx.req`) from here. The output stage asks
   * synchronously, so no other request's write can come between.
   */
  let writing: ServerFailure | undefined;
  const write = createOutput({ page: html.page, error: (statusCode, locale, asPath) => html.error(statusCode, locale, asPath, writing) });
  /** The output stage; a server error's outcome with its exception at hand for the error page (a page's answer goes straight through). */
  function writeOutcome(outcome: Outcome, format: Format, request: CoreRequest): ReturnType<typeof write> {
    if (outcome.kind !== 'error' || outcome.cause === undefined) return write(outcome, format, request);
    writing = { cause: outcome.cause, req: serverRequestOf(request), rawQuery: request.rawQuery };
    try {
      return write(outcome, format, request);
    } finally {
      writing = undefined;
    }
  }
  const table: RouteTable = {
    routes: manifest.routes.filter((r) => r.kind !== 'api'),
    pages: modules.pages,
    apiRoutes: manifest.routes.filter((r) => r.kind === 'api'),
    apis: modules.apis ?? {},
    locales: config,
  };
  const routing = createSiteRouting(manifest, modules.middleware, { proxyTimeoutMs: options.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS, ...options.routing });
  /** On-demand revalidation of one page by its URL path (`res.revalidate`, `stratus revalidate`). */
  const revalidate = createOnDemand({ table, pages: staticPages, invalidations: options.invalidations ?? noInvalidations, buildId: manifest.buildId });

  /** Answers one request, stage by stage; failures become the 500 page (JSON for page data), logged with their stack. */
  async function handle(request: CoreRequest, context: RequestContext): Promise<CoreResponse> {
    const elapsed = startTimer();
    // Code-split components still loading (only just after cold start): render them loaded.
    if (dynamicLoadsPending()) await dynamicLoadsSettled();
    const site = readSite(request, routing.basePath);
    let outcome = await decide(site, context);
    // Output stage: a promise only when an app's _document has its own getInitialProps.
    let response: CoreResponse;
    try {
      const decided = outcome;
      const written = inSpan('render', { 'stratus.outcome': decided.kind, 'stratus.format': site.format }, () => writeOutcome(decided, site.format, request));
      response = written instanceof Promise ? await written : written;
    } catch (error) {
      // Rendering the page threw: the error pages themselves never do.
      outcome = serverError(error, request, config.defaultLocale, routeOf(outcome));
      const written = writeOutcome(outcome, site.format, request);
      response = written instanceof Promise ? await written : written;
    }
    if (response.stream) return streamedAnswer(request, context, outcome, response, site.format, elapsed);
    logRequest(request, context, outcome, response, elapsed());
    // The app's onRequestError hears of a failure before the answer leaves (in Lambda nothing runs after).
    if (onRequestError && outcome.kind === 'error' && outcome.cause !== undefined) {
      await reportRequestError(onRequestError, outcome.cause, request, { route: routeOf(outcome), middleware: isMiddlewareError(outcome.cause) });
    }
    return response;
  }

  /**
   * An answer still being written: where the platform streams, passed on watched, its log
   * line written when it ends (with the error and its stack when it was cut off by a
   * failure); where it buffers, read whole first (a 500 past the buffered limit, or when
   * its writer fails before the end).
   */
  async function streamedAnswer(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, format: Format, elapsed: () => number): Promise<CoreResponse> {
    const label = routeOf(outcome)?.pattern ?? request.path;
    if (!context.streaming) {
      const read = await readStreamed(response, label);
      if (!('failure' in read)) {
        logRequest(request, context, outcome, read, elapsed());
        return read;
      }
      const failed = serverError(read.failure, request, config.defaultLocale, routeOf(outcome));
      const written = writeOutcome(failed, format, request);
      const answer = written instanceof Promise ? await written : written;
      logRequest(request, context, failed, answer, elapsed());
      return answer;
    }
    const stream = watchStreamed(response.stream!, label, (end) => {
      if (end.ending === 'failed') {
        logError(end.error, { requestId: context.requestId, cfId: context.cfId, path: request.path, route: routeOf(outcome)?.pattern, msg: 'the answer was cut off mid-stream' });
      }
      logRequest(request, context, outcome, response, elapsed(), { bytes: end.bytes, ending: end.ending });
    }, options.streamLimitBytes);
    return { ...response, stream };
  }

  /** What to answer: the request stage, the routing layer, then the route and data (or API) stages. Never throws. */
  async function decide(site: SiteRequest, context: RequestContext): Promise<Outcome> {
    try {
      if (site.reading.kind === 'redirect') return tidied(site.reading.path, site.original.rawQuery);
      if (site.reading.kind === 'malformed') return { kind: 'error', statusCode: 400, locale: config.defaultLocale, asPath: '/' };
      if (site.outside) return await outsideBasePath(site.request);
      const target = readRequest(site.request, site.format, manifest);
      if ('kind' in target) return target;
      // Awaited only when a step of the layer waits: a request it lets through costs no microtask turn.
      const ran = inSpan('routing', undefined, () => routing.layer.run(target));
      const end = ran instanceof Promise ? await ran : ran;
      const headers = site.format === 'json' && end.rewrittenTo !== undefined ? { ...end.headers, [REWRITE_HEADER]: end.rewrittenTo } : end.headers;
      if (end.answer) return withLayer(end.answer, headers, end.cookies, end.perVisitor);
      const outcome = end.target.format === 'api' ? await callApi(end.target, context) : await loadPage(end.target);
      return withLayer(withBasePath(outcome, routing.basePath), headers, end.cookies, end.perVisitor);
    } catch (error) {
      return serverError(error, site.original, config.defaultLocale);
    }
  }

  /** A request outside the basePath: a `basePath: false` redirect's, middleware's answer (one without a matcher), or the 404 page. */
  async function outsideBasePath(request: CoreRequest): Promise<Outcome> {
    const end = await routing.layer.outside({ format: 'html', path: request.path, search: new URLSearchParams(request.rawQuery), request });
    return end?.answer ? withLayer(end.answer, end.headers, end.cookies, end.perVisitor) : { kind: 'notFound', locale: config.defaultLocale, asPath: request.path };
  }

  /** Route stage, the page's methods, then the data stage: a page's answer, or the 500 naming its route. */
  async function loadPage(target: Target): Promise<Outcome> {
    const page = routeRequest(target, table);
    if ('kind' in page) return page.kind === 'notFound' && page.asPath === '/500' && modules.errorPages['500'] ? visitedErrorPage(page) : page;
    const refused = refuseMethod(page);
    if (refused) return refused;
    try {
      return await loadData(page);
    } catch (error) {
      return serverError(error, target.request, config.defaultLocale, page.route);
    }
  }

  /** Route stage for `/api/…`, then the API stage: the handler's answer, or the 500 naming its route. */
  async function callApi(target: Target, context: RequestContext): Promise<Outcome> {
    const call = routeApi(target, table);
    if ('kind' in call) return call;
    try {
      return await inSpan('API handler', { 'http.route': call.route.pattern }, () => runApi(call, context));
    } catch (error) {
      return serverError(error, target.request, config.defaultLocale, call.route);
    }
  }

  /** Build time: renders a static page for the prerender step. */
  async function prerender(pattern: string, pagePath: string, locale: string): Promise<StoredPage | StaticRedirect> {
    if (dynamicLoadsPending()) await dynamicLoadsSettled();
    const route = manifest.routes.find((r) => r.pattern === pattern)!;
    const match = matchRoute([route], splitPath(pagePath));
    if (!match) throw new Error(`${route.file}: getStaticPaths returned "${pagePath}", which does not match ${pattern}`);
    const page: PageRequest = {
      format: 'html', route, module: modules.pages[pattern]!, params: match.params, locale, path: pagePath,
      search: new URLSearchParams(), request: { method: 'GET', path: pagePath, rawQuery: '', headers: {} },
    };
    return staticPages.generate(page);
  }

  function samePerRequest(pagePath: string, locale: string): boolean {
    const path = localizePath(pagePath, locale, config);
    const request: CoreRequest = { method: 'GET', path, rawQuery: '', headers: Object.create(null) };
    return !routing.layer.mayApply({ format: 'html', path, search: new URLSearchParams(), request });
  }

  return { handle, prerender, revalidate, samePerRequest, basePath: routing.basePath };
}

/** A request as the stages take it: its path read once for every gate, and taken inside the basePath. */
interface SiteRequest {
  /** The request as it came. */
  original: CoreRequest;
  /** The one reading of its path (lambdas/shared/request-path.ts): route it, redirect to its tidy spelling, or a 400. */
  reading: PathReading;
  /** The request the stages see: its canonical path, inside the basePath (its whole path when outside). */
  request: CoreRequest;
  /** Outside the basePath: only `basePath: false` redirects apply. */
  outside: boolean;
  format: Format;
}

/** Everything the site serves is under its basePath; the stages see paths inside it. */
function readSite(original: CoreRequest, basePath: string): SiteRequest {
  const reading = readPath(original.path);
  const canonical = reading.kind === 'canonical' && reading.path !== original.path ? { ...original, path: reading.path } : original;
  const inner = basePath ? withoutBasePath(canonical.path, basePath) : canonical.path;
  const request = inner === undefined || inner === canonical.path ? canonical : { ...canonical, path: inner };
  // A path that is not canonical yet answers as an HTML page would (a redirect is followed, not read as page data).
  const format = inner === undefined || reading.kind === 'redirect' ? 'html' : formatOf(request);
  return { original, reading, request, outside: inner === undefined, format };
}

/** The 308 to a path's tidy spelling (repeated slashes, backslashes, dot segments): the same for every visitor, never changing. */
function tidied(path: string, rawQuery: string): Outcome {
  return { kind: 'redirect', destination: path + locationQuery(rawQuery), statusCode: 308, cacheControl: TIDY_REDIRECT };
}

/** What the routing layer added: headers under the outcome's own, cookies after its own, and whether it is per visitor. */
function withLayer(outcome: Outcome, headers: Record<string, string> | undefined, cookies: string[] | undefined, perVisitor: boolean): Outcome {
  if (!headers && !cookies && !perVisitor) return outcome;
  // One copy (outcomes may be shared constants, never changed in place).
  const added: Outcome = copy(outcome);
  if (headers) added.headers = outcome.headers ? { ...headers, ...outcome.headers } : headers;
  if (cookies) added.cookies = outcome.cookies ? [...cookies, ...outcome.cookies] : cookies;
  if (perVisitor) added.perVisitor = true;
  return added;
}

/** `/500` visited: the app's 500 page with its status, as the pages router serves it (the path is no route of its own). */
function visitedErrorPage(notFound: Extract<Outcome, { kind: 'notFound' }>): Outcome {
  return { kind: 'error', statusCode: 500, locale: notFound.locale, asPath: notFound.asPath };
}

/** A redirect the stages made (a data function's) to a path of the site: under its basePath, unless it said `basePath: false`. */
function withBasePath(outcome: Outcome, basePath: string): Outcome {
  if (!basePath || outcome.kind !== 'redirect' || outcome.basePath === false || !outcome.destination.startsWith('/') || outcome.destination.startsWith('//')) return outcome;
  return { ...outcome, destination: basePath + outcome.destination };
}

/** The failed request as the error page's `ctx.req` (Node's shape, as getServerSideProps' `req`), with its body when it reads. */
function serverRequestOf(request: CoreRequest): ServerRequest {
  let parsed: { body: unknown; raw: Uint8Array };
  try {
    parsed = readBody(request.body, request.headers['content-type'], DEFAULT_BODY_PARSING);
  } catch {
    parsed = { body: undefined, raw: request.body ?? new Uint8Array(0) };
  }
  return createServerRequest(request, parsed.body, parsed.raw);
}
