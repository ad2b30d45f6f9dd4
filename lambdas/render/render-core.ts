/**
 * The render core: a plain request in, a plain response out (lambdas/shared/http.ts); it
 * never sees a Lambda event (lambdas/shared/function-url.ts). Wiring of the stages, each
 * in its own file, passing one outcome (outcome.ts):
 *
 *   request.ts → routing/ (layer.ts) → route.ts → data.ts → output.ts, then log-line.ts
 *                                         ↘ methods.ts (pages) · api-stage.ts (`/api/…`) ↗
 *
 * Any failure on the way becomes the 500 outcome, written like any other.
 */
import { copy } from '../shared/extend';
import type { Manifest } from '../../contract/manifest';
import { matchRoute, splitPath } from '../../web/runtime/shared/route-match';
import { dynamicLoadsPending, dynamicLoadsSettled } from '../../web/runtime/shared/dynamic-loads';
import type { CoreRequest, CoreResponse, RequestContext } from '../shared/http';
import { startTimer } from '../shared/log';
import { readApiConfig, type ApiRouteConfig } from './api-config';
import { createApiStage, DEFAULT_API_TIMEOUT_MS } from './api-stage';
import { createDataStage } from './data';
import { withAssetBase } from './asset-urls';
import { setSitePaths, withoutBasePath } from '../../web/runtime/shared/site-paths';
import { REWRITE_HEADER } from '../../contract/urls';
import { createSiteRouting, type SiteRoutingPorts } from './routing/site-routing';
import type { DraftMode } from './draft-mode';
import { noInvalidations, type Invalidations } from './invalidations';
import { logRequest } from './log-line';
import { createOnDemand } from './on-demand';
import { routeOf, serverError, type Format, type Outcome, type PageRequest, type Target } from './outcome';
import { createOutput } from './output';
import { refuseMethod } from './methods';
import { createPageHtml, type AppModules } from './page-html';
import type { PageStore, StoredPage } from './page-store';
import { formatOf, readRequest } from './request';
import { routeApi, routeRequest, type RouteTable } from './route';
import { applyImageConfig } from './runtime-state';
import { createStaticPages, type StaticRedirect } from './static-pages';

export type { AppModules } from './page-html';

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
}

/** Each API route's config by pattern; throws ApiConfigError naming the file of a route that cannot serve. */
function readApiConfigs(manifest: Manifest, modules: AppModules): Map<string, ApiRouteConfig> {
  const configs = new Map<string, ApiRouteConfig>();
  for (const route of manifest.routes) {
    if (route.kind === 'api') configs.set(route.pattern, readApiConfig(route.file, modules.apis?.[route.pattern]));
  }
  return configs;
}

/**
 * The render core of one app over its manifest and page store: `handle` per request,
 * `prerender` at build time. Throws ApiConfigError when an API route's exports cannot serve
 * (at cold start, and so at build time).
 */
export function createRenderApp(modules: AppModules, manifest: Manifest, store: PageStore, options: RenderAppOptions = {}) {
  const { config } = manifest;
  applyImageConfig(config.images);
  // Link and the router write URLs under the basePath, with the site's trailing slash.
  setSitePaths({ basePath: config.routing?.basePath, trailingSlash: config.routing?.trailingSlash });
  // Documents link the build's scripts and styles under the basePath.
  const html = createPageHtml(modules, withAssetBase(manifest, config.routing?.basePath ?? ''));
  const staticPages = createStaticPages(store, html, config, { leaseMs: options.leaseMs });
  const loadData = createDataStage(staticPages, config, modules.App, options.draft);
  const runApi = createApiStage({
    timeoutMs: options.apiTimeoutMs ?? DEFAULT_API_TIMEOUT_MS, configs: readApiConfigs(manifest, modules), defaultLocale: config.defaultLocale,
    revalidate: (urlPath) => revalidate(urlPath), draft: options.draft,
  });
  const write = createOutput(html);
  const table: RouteTable = {
    routes: manifest.routes.filter((r) => r.kind !== 'api'),
    pages: modules.pages,
    apiRoutes: manifest.routes.filter((r) => r.kind === 'api'),
    apis: modules.apis ?? {},
    locales: config,
  };
  const routing = createSiteRouting(manifest, modules.middleware, options.routing);
  /** On-demand revalidation of one page by its URL path (`res.revalidate`, `stratus revalidate`). */
  const revalidate = createOnDemand({ table, pages: staticPages, invalidations: options.invalidations ?? noInvalidations, buildId: manifest.buildId });

  /** An API route's handler: its answer, or the 500 when the stage itself fails. */
  async function answerApi(target: Target, request: CoreRequest, context: RequestContext): Promise<Outcome> {
    const call = routeApi(target, table);
    if ('kind' in call) return call;
    try {
      return await runApi(call, context);
    } catch (error) {
      return serverError(error, request, config.defaultLocale, call.route);
    }
  }

  /** Route and data (or API) stages for a target the routing layer let through. */
  async function answer(target: Target, context: RequestContext): Promise<Outcome> {
    const { request } = target;
    if (target.format === 'api') return answerApi(target, request, context);
    const page = routeRequest(target, table);
    if ('kind' in page) return page.kind === 'notFound' && page.asPath === '/500' && modules.errorPages['500'] ? visitedErrorPage(page) : page;
    const refused = refuseMethod(page);
    if (refused) return refused;
    try {
      return await loadData(page);
    } catch (error) {
      return serverError(error, request, config.defaultLocale, page.route);
    }
  }

  /** Request stage, routing layer, then route and data (or API) stages: what to answer. */
  async function decide(request: CoreRequest, format: Format, context: RequestContext): Promise<Outcome> {
    const target = readRequest(request, format, manifest);
    if ('kind' in target) return target;
    // Awaited only when a step of the layer waits: a request it lets through costs no microtask turn.
    const ran = routing.layer.run(target);
    const end = ran instanceof Promise ? await ran : ran;
    const outcome = end.answer ?? (await answer(end.target, context));
    const headers = format === 'json' && end.rewrittenTo !== undefined ? { ...end.headers, [REWRITE_HEADER]: end.rewrittenTo } : end.headers;
    return withLayer(end.answer ? outcome : withBasePath(outcome, routing.basePath), headers, end.cookies, end.perVisitor);
  }

  /** A request outside the basePath: a `basePath: false` redirect's, or the 404 page. */
  function outsideBasePath(request: CoreRequest): Outcome {
    const end = routing.layer.outside({ format: 'html', path: request.path, search: new URLSearchParams(request.rawQuery), request });
    return end?.answer ? withLayer(end.answer, end.headers, end.cookies, end.perVisitor) : { kind: 'notFound', locale: config.defaultLocale, asPath: request.path };
  }

  /** Answers one request; failures become the 500 page (JSON for page data), logged with their stack. */
  async function handle(request: CoreRequest, context: RequestContext): Promise<CoreResponse> {
    const elapsed = startTimer();
    // Code-split components still loading (only just after cold start): render them loaded.
    if (dynamicLoadsPending()) await dynamicLoadsSettled();
    // Everything the site serves is under its basePath; the stages see paths inside it.
    const inner = routing.basePath ? withoutBasePath(request.path, routing.basePath) : request.path;
    const siteRequest = inner === request.path ? request : { ...request, path: inner ?? '/' };
    const format = inner === undefined ? 'html' : formatOf(siteRequest);
    let outcome: Outcome;
    try {
      outcome = inner === undefined ? outsideBasePath(request) : await decide(siteRequest, format, context);
    } catch (error) {
      outcome = serverError(error, request, config.defaultLocale);
    }
    let response: CoreResponse;
    try {
      const written = write(outcome, format, request);
      // A promise only when an app's _document has its own getInitialProps.
      response = written instanceof Promise ? await written : written;
    } catch (error) {
      // Rendering the page threw: the error pages themselves never do.
      outcome = serverError(error, request, config.defaultLocale, routeOf(outcome));
      const written = write(outcome, format, request);
      response = written instanceof Promise ? await written : written;
    }
    logRequest(request, context, outcome, response, elapsed());
    return response;
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

  return { handle, prerender, revalidate };
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

/** A redirect the stages made (a data function's, the default locale's prefix taken off) to a path of the site: under its basePath. */
function withBasePath(outcome: Outcome, basePath: string): Outcome {
  if (!basePath || outcome.kind !== 'redirect' || outcome.basePath === false || !outcome.destination.startsWith('/') || outcome.destination.startsWith('//')) return outcome;
  return { ...outcome, destination: basePath + outcome.destination };
}

export type RenderApp = ReturnType<typeof createRenderApp>;
