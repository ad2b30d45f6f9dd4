/**
 * The render core: a plain request in, a plain response out (lambdas/shared/http.ts).
 * Routing, data functions, static and on-demand pages, page data, error pages and one log
 * line per request. It never sees a Lambda event (see lambdas/shared/function-url.ts).
 */
import type { ComponentType } from 'react';
import type { Manifest, ManifestRoute } from '../../contract/manifest';
import { BUILT_IN_ERROR_PAGE, type AppComponent, type EmbeddedData, type PageData, type PageModule, type PageProps, type ServerContext } from '../../web/runtime/shared/page-types';
import { ErrorPage } from '../../web/runtime/shared/error-page';
import { setImageConfig } from '../../web/runtime/shared/image-config';
import { errorTitle } from '../../web/runtime/shared/errors';
import { MalformedPathError, matchRoute, searchToQuery, splitPath, type RouteParams } from '../../web/runtime/shared/route-match';
import { splitLocaleSegments } from '../../web/runtime/shared/locale-prefix';
import { chooseErrorPage } from '../../web/runtime/shared/error-page-choice';
import type { CoreRequest, CoreResponse, RequestContext } from '../shared/http';
import { log, logError, startTimer } from '../shared/log';
import { NO_STORE, staticCacheControl } from './cache-control';
import { readDataResult, type DataOutcome } from './data';
import { etagOf, PageStore, type StoredPage } from './page-store';
import { renderPageDocument } from './render-page';

export interface AppModules {
  /** Page modules by route pattern. */
  pages: Record<string, PageModule>;
  App?: AppComponent;
  errorPages: Partial<Record<'404' | '500' | '_error', { default: ComponentType<any> }>>;
}

type Query = Record<string, string | string[]>;
type RedirectOutcome = Extract<DataOutcome, { type: 'redirect' }>;

interface PageRequest {
  route: ManifestRoute;
  module: PageModule;
  params: RouteParams;
  locale: string;
  /** Path without the locale prefix. */
  path: string;
  search: URLSearchParams;
  request: CoreRequest;
}

/** What `handle` needs to know to log a request, filled in while routing. */
interface Outcome {
  route?: string;
  cache?: string;
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json';

/** The `Cookie` header as own properties (a `__proto__` cookie stays a plain key). */
function parseCookies(header: string | undefined): Record<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return Object.fromEntries(cookies);
}

export function createRenderApp(modules: AppModules, manifest: Manifest, store: PageStore) {
  const { config, buildId } = manifest;
  // <Image> builds its srcset from the configured widths, on the server as in the browser.
  setImageConfig(config.images);
  const inFlight = new Map<string, Promise<StoredPage | RedirectOutcome>>();

  function embedded(page: string, query: Query, props: PageProps, locale: string, extra: Partial<EmbeddedData> = {}): EmbeddedData {
    return { buildId, page, query, props: { pageProps: props }, locale, locales: config.locales, defaultLocale: config.defaultLocale, isFallback: false, ...extra };
  }

  function scriptsOf(page: string): string[] {
    const route = manifest.routes.find((r) => r.pattern === page);
    return route?.scripts ?? manifest.errorScripts[page] ?? [];
  }

  function html(status: number, body: string, cacheControl: string, extra: Record<string, string> = {}): CoreResponse {
    return { status, headers: { 'content-type': HTML, 'cache-control': cacheControl, ...extra }, body };
  }

  function json(status: number, body: string, cacheControl: string): CoreResponse {
    return { status, headers: { 'content-type': JSON_TYPE, 'cache-control': cacheControl }, body };
  }

  function redirect(location: string, status: number, cacheControl = NO_STORE): CoreResponse {
    return { status, headers: { location, 'cache-control': cacheControl } };
  }

  function renderBuiltInError(statusCode: number, locale: string): string {
    return renderPageDocument({
      App: undefined,
      Page: ErrorPage,
      props: { statusCode },
      data: embedded(BUILT_IN_ERROR_PAGE, {}, { statusCode }, locale, { statusCode }),
      asPath: '/',
      entryScripts: manifest.entryScripts,
      pageScripts: [],
      styles: [],
      defaultTitle: errorTitle(statusCode),
    });
  }

  /** The app's own error page for a status when it has one, else the built-in page; never throws. */
  function renderError(statusCode: number, locale: string, asPath: string): string {
    const name = chooseErrorPage(statusCode, (page) => modules.errorPages[page] !== undefined);
    const custom = name && modules.errorPages[name];
    if (custom) {
      try {
        return renderPageDocument({
          App: modules.App,
          Page: custom.default,
          props: { statusCode },
          data: embedded(`/${name}`, {}, { statusCode }, locale, { statusCode }),
          asPath,
          entryScripts: manifest.entryScripts,
          pageScripts: scriptsOf(`/${name}`),
          styles: manifest.styles,
          defaultTitle: errorTitle(statusCode),
        });
      } catch (error) {
        logError(error, { msg: `the app's ${name} page failed; serving the built-in page`, statusCode });
      }
    }
    return renderBuiltInError(statusCode, locale);
  }

  function errorResponse(statusCode: number, locale: string, asPath: string, headers: Record<string, string> = {}): CoreResponse {
    return html(statusCode, renderError(statusCode, locale, asPath), NO_STORE, headers);
  }

  function renderPage(req: PageRequest, props: PageProps, query: Query, isFallback = false): string {
    const asPath = req.path + (req.search.size ? `?${req.search}` : '');
    return renderPageDocument({
      App: modules.App,
      Page: req.module.default,
      props,
      data: embedded(req.route.pattern, query, props, req.locale, { isFallback }),
      asPath,
      entryScripts: manifest.entryScripts,
      pageScripts: req.route.scripts,
      styles: manifest.styles,
    });
  }

  /** Search params and route params together, params winning, as data functions and `useRouter().query` see them. */
  function queryOf(req: PageRequest): Query {
    return { ...searchToQuery(req.search), ...req.params };
  }

  async function runServerData(req: PageRequest, query: Query): Promise<DataOutcome> {
    const headers = { ...req.request.headers };
    const context: ServerContext = {
      params: req.params,
      query,
      locale: req.locale,
      locales: config.locales,
      defaultLocale: config.defaultLocale,
      headers,
      cookies: parseCookies(req.request.headers.cookie),
      resolvedUrl: req.path + (req.search.size ? `?${req.search}` : ''),
    };
    return readDataResult(req.route.file, 'getServerSideProps', await req.module.getServerSideProps!(context));
  }

  /** Renders a static page (HTML + data) now, sharing the work between concurrent requests. */
  function generateStatic(req: PageRequest): Promise<StoredPage | RedirectOutcome> {
    const key = `${req.locale}\0${req.path}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const work = (async (): Promise<StoredPage | RedirectOutcome> => {
      let outcome: DataOutcome = { type: 'props', props: {}, revalidate: false };
      if (req.module.getStaticProps) {
        outcome = await readDataResult(req.route.file, 'getStaticProps', await req.module.getStaticProps({
          params: req.params, locale: req.locale, locales: config.locales, defaultLocale: config.defaultLocale,
        }));
      }
      let page: StoredPage;
      if (outcome.type === 'props') {
        const htmlBody = renderPage({ ...req, search: new URLSearchParams() }, outcome.props, { ...req.params });
        page = { html: htmlBody, json: JSON.stringify({ pageProps: outcome.props } satisfies PageData), etag: etagOf(htmlBody), revalidate: outcome.revalidate, renderedAt: Date.now() };
      } else if (outcome.type === 'notFound') {
        page = { html: '', json: JSON.stringify({ notFound: true }), etag: '', revalidate: outcome.revalidate, renderedAt: Date.now(), notFound: true };
      } else {
        // Redirects from getStaticProps are answered as they are; they are not stored.
        return outcome;
      }
      store.set(req.locale, req.path, page);
      return page;
    })();
    inFlight.set(key, work);
    work.then(() => inFlight.delete(key), () => inFlight.delete(key));
    return work;
  }

  function isStale(page: StoredPage): boolean {
    return page.revalidate !== false && Date.now() - page.renderedAt > page.revalidate * 1000;
  }

  /** The stored static page, regenerated when stale or missing (as `fallback` allows). */
  async function staticPage(req: PageRequest, mode: 'page' | 'data'): Promise<StoredPage | 'fallback' | 'missing' | RedirectOutcome> {
    const stored = store.get(req.locale, req.path);
    if (stored && !isStale(stored)) return stored;
    const dynamic = req.route.segments.some((s) => s.type !== 'static');
    if (!stored && dynamic && req.route.kind === 'ssg') {
      if (req.route.fallback === false) return 'missing';
      if (req.route.fallback === true && mode === 'page') return 'fallback';
    }
    return generateStatic(req);
  }

  function notModified(request: CoreRequest, etag: string, cacheControl: string): CoreResponse | null {
    const match = request.headers['if-none-match'];
    if (!etag || !match) return null;
    const tags = match.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (!tags.includes(etag) && !tags.includes('*')) return null;
    return { status: 304, headers: { etag, 'cache-control': cacheControl } };
  }

  function resolvePage(request: CoreRequest, pathname: string, search: URLSearchParams, outcome: Outcome):
    | { req: PageRequest }
    | { response: CoreResponse } {
    const parts = splitPath(pathname);
    const { locale, parts: rest, prefixed } = splitLocaleSegments(parts, config);
    const explicitDefault = prefixed && locale === config.defaultLocale;
    const path = '/' + rest.map(encodeURIComponent).join('/');
    if (explicitDefault) {
      // The default locale is served unprefixed: one URL per page.
      return { response: redirect(path + (search.size ? `?${search}` : ''), 308) };
    }
    const match = matchRoute(manifest.routes, rest);
    const module = match ? modules.pages[match.route.pattern] : undefined;
    if (!match || !module) return { response: errorResponse(404, locale, path) };
    outcome.route = match.route.pattern;
    return { req: { route: match.route, module, params: match.params, locale, path, search, request } };
  }

  async function handlePage(request: CoreRequest, search: URLSearchParams, outcome: Outcome): Promise<CoreResponse> {
    const resolved = resolvePage(request, request.path, search, outcome);
    if ('response' in resolved) return resolved.response;
    const { req } = resolved;
    if (req.route.kind === 'ssr') {
      outcome.cache = 'none';
      const query = queryOf(req);
      const result = await runServerData(req, query);
      if (result.type === 'notFound') return errorResponse(404, req.locale, req.path);
      if (result.type === 'redirect') return redirect(result.destination, result.statusCode);
      return html(200, renderPage(req, result.props, query), NO_STORE);
    }
    const page = await staticPage(req, 'page');
    if (page === 'missing') return errorResponse(404, req.locale, req.path);
    if (page === 'fallback') {
      outcome.cache = 'fallback';
      return html(200, renderPage(req, {}, { ...req.params }, true), NO_STORE);
    }
    if ('type' in page) return redirect(page.destination, page.statusCode, staticCacheControl(page.revalidate));
    if (page.notFound) return errorResponse(404, req.locale, req.path);
    outcome.cache = 'static';
    const cacheControl = staticCacheControl(page.revalidate);
    return notModified(request, page.etag, cacheControl) ?? html(200, page.html, cacheControl, { etag: page.etag });
  }

  async function handleData(request: CoreRequest, search: URLSearchParams, outcome: Outcome): Promise<CoreResponse> {
    const match = request.path.match(/^\/_app\/data\/([^/]+)(\/.*)\.json$/);
    if (!match || match[1] !== buildId) {
      // A client on another build: it falls back to a full page load.
      return json(404, JSON.stringify({ error: 'unknown build id' }), NO_STORE);
    }
    let pagePath = match[2]!;
    if (pagePath === '/index') pagePath = '/';
    else if (pagePath.endsWith('/index')) pagePath = pagePath.slice(0, -'/index'.length);
    const resolved = resolvePage(request, pagePath, search, outcome);
    if ('response' in resolved) {
      return resolved.response.status === 404 ? json(404, JSON.stringify({ notFound: true }), NO_STORE) : json(resolved.response.status, '{}', NO_STORE);
    }
    const { req } = resolved;
    if (req.route.kind === 'ssr') {
      const result = await runServerData(req, queryOf(req));
      const body: PageData =
        result.type === 'props' ? { pageProps: result.props } : result.type === 'notFound' ? { notFound: true } : { redirect: { destination: result.destination, statusCode: result.statusCode } };
      return json(result.type === 'notFound' ? 404 : 200, JSON.stringify(body), NO_STORE);
    }
    const page = await staticPage(req, 'data');
    if (page === 'missing' || page === 'fallback') return json(404, JSON.stringify({ notFound: true }), NO_STORE);
    if ('type' in page) {
      return json(200, JSON.stringify({ redirect: { destination: page.destination, statusCode: page.statusCode } }), staticCacheControl(page.revalidate));
    }
    if (page.notFound) return json(404, page.json, NO_STORE);
    outcome.cache = 'static';
    return json(200, page.json, staticCacheControl(page.revalidate));
  }

  async function route(request: CoreRequest, outcome: Outcome): Promise<CoreResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, config.defaultLocale, request.path, { allow: 'GET, HEAD' });
    }
    const search = new URLSearchParams(request.rawQuery);
    try {
      if (request.path.startsWith('/_app/data/')) return await handleData(request, search, outcome);
      if (request.path.startsWith('/_app/')) return errorResponse(404, config.defaultLocale, request.path);
      return await handlePage(request, search, outcome);
    } catch (error) {
      if (error instanceof MalformedPathError) return errorResponse(400, config.defaultLocale, '/');
      throw error;
    }
  }

  /** Answers one request; failures become the 500 page, logged with their stack. */
  async function handle(request: CoreRequest, context: RequestContext): Promise<CoreResponse> {
    const elapsed = startTimer();
    const outcome: Outcome = {};
    let response: CoreResponse;
    try {
      response = await route(request, outcome);
    } catch (error) {
      logError(error, { requestId: context.requestId, cfId: context.cfId, path: request.path, route: outcome.route });
      response = request.path.startsWith('/_app/data/')
        ? json(500, JSON.stringify({ error: 'Internal Server Error' }), NO_STORE)
        : errorResponse(500, config.defaultLocale, request.path);
    }
    const bytes = typeof response.body === 'string' ? Buffer.byteLength(response.body) : 0;
    if (response.body !== undefined) response.headers['content-length'] = String(bytes);
    log({
      requestId: context.requestId,
      cfId: context.cfId,
      method: request.method,
      path: request.path,
      route: outcome.route,
      status: response.status,
      durationMs: elapsed(),
      bytes,
      cache: outcome.cache,
    });
    if (request.method === 'HEAD') delete response.body;
    return response;
  }

  /** Build time: renders a static page for the prerender step. */
  async function prerender(pattern: string, pagePath: string, locale: string): Promise<StoredPage | RedirectOutcome> {
    const routeEntry = manifest.routes.find((r) => r.pattern === pattern)!;
    const module = modules.pages[pattern]!;
    const parts = splitPath(pagePath);
    const match = matchRoute([routeEntry], parts);
    if (!match) throw new Error(`${routeEntry.file}: getStaticPaths returned "${pagePath}", which does not match ${pattern}`);
    const req: PageRequest = { route: routeEntry, module, params: match.params, locale, path: pagePath, search: new URLSearchParams(), request: { method: 'GET', path: pagePath, rawQuery: '', headers: {} } };
    return generateStatic(req);
  }

  return { handle, prerender };
}

export type RenderApp = ReturnType<typeof createRenderApp>;
