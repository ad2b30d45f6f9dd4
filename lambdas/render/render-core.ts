/**
 * The render core: a plain request in, a plain response out (lambdas/shared/http.ts); it
 * never sees a Lambda event (lambdas/shared/function-url.ts). Wiring of the stages, each
 * in its own file, passing one outcome (outcome.ts):
 *
 *   request.ts → before-route.ts → route.ts → data.ts → output.ts, then log-line.ts
 *
 * Any failure on the way becomes the 500 outcome, written like any other.
 */
import type { Manifest } from '../../contract/manifest';
import { matchRoute, splitPath } from '../../web/runtime/shared/route-match';
import type { CoreRequest, CoreResponse, RequestContext } from '../shared/http';
import { startTimer } from '../shared/log';
import { runBeforeRoute, type BeforeRouteStep } from './before-route';
import { createDataStage } from './data';
import { logRequest } from './log-line';
import { routeOf, serverError, type Format, type Outcome, type PageRequest } from './outcome';
import { createOutput } from './output';
import { createPageHtml, type AppModules } from './page-html';
import type { PageStore, StoredPage } from './page-store';
import { formatOf, readRequest } from './request';
import { routeRequest, type RouteTable } from './route';
import { applyImageConfig } from './runtime-state';
import { createStaticPages, type StaticRedirect } from './static-pages';

export type { AppModules } from './page-html';

export interface RenderAppOptions {
  /** The routing layer's steps before route matching (config redirects/rewrites/headers, middleware): none yet. */
  beforeRoute?: readonly BeforeRouteStep[];
}

/** The render core of one app over its manifest and page store: `handle` per request, `prerender` at build time. */
export function createRenderApp(modules: AppModules, manifest: Manifest, store: PageStore, options: RenderAppOptions = {}) {
  const { config } = manifest;
  applyImageConfig(config.images);
  const html = createPageHtml(modules, manifest);
  const staticPages = createStaticPages(store, html, config);
  const loadData = createDataStage(staticPages, config);
  const write = createOutput(html);
  const table: RouteTable = { routes: manifest.routes, pages: modules.pages, locales: config };
  const beforeRoute = options.beforeRoute ?? [];

  /** Request, before-route, route and data stages: what to answer. */
  async function decide(request: CoreRequest, format: Format): Promise<Outcome> {
    let target = readRequest(request, format, manifest);
    if ('kind' in target) return target;
    let headers: Record<string, string> | undefined;
    if (beforeRoute.length > 0) {
      const end = await runBeforeRoute(beforeRoute, target);
      headers = end.headers;
      if (end.answer) return withHeaders(end.answer, headers);
      target = end.target;
    }
    const page = routeRequest(target, table);
    if ('kind' in page) return withHeaders(page, headers);
    try {
      return withHeaders(await loadData(page), headers);
    } catch (error) {
      return withHeaders(serverError(error, request, config.defaultLocale, page.route), headers);
    }
  }

  /** Answers one request; failures become the 500 page (JSON for page data), logged with their stack. */
  async function handle(request: CoreRequest, context: RequestContext): Promise<CoreResponse> {
    const elapsed = startTimer();
    const format = formatOf(request);
    let outcome: Outcome;
    try {
      outcome = await decide(request, format);
    } catch (error) {
      outcome = serverError(error, request, config.defaultLocale);
    }
    let response: CoreResponse;
    try {
      response = write(outcome, format, request);
    } catch (error) {
      // Rendering the page threw: the error pages themselves never do.
      outcome = serverError(error, request, config.defaultLocale, routeOf(outcome));
      response = write(outcome, format, request);
    }
    logRequest(request, context, outcome, response, elapsed());
    return response;
  }

  /** Build time: renders a static page for the prerender step. */
  async function prerender(pattern: string, pagePath: string, locale: string): Promise<StoredPage | StaticRedirect> {
    const route = manifest.routes.find((r) => r.pattern === pattern)!;
    const match = matchRoute([route], splitPath(pagePath));
    if (!match) throw new Error(`${route.file}: getStaticPaths returned "${pagePath}", which does not match ${pattern}`);
    const page: PageRequest = {
      format: 'html', route, module: modules.pages[pattern]!, params: match.params, locale, path: pagePath,
      search: new URLSearchParams(), request: { method: 'GET', path: pagePath, rawQuery: '', headers: {} },
    };
    return staticPages.generate(page);
  }

  return { handle, prerender };
}

/** Headers the before-route steps added, under the outcome's own. */
function withHeaders(outcome: Outcome, headers: Record<string, string> | undefined): Outcome {
  return headers ? { ...outcome, headers: { ...headers, ...outcome.headers } } : outcome;
}

export type RenderApp = ReturnType<typeof createRenderApp>;
