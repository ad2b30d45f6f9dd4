/**
 * The data stage: what a matched page answers. Server pages run getServerSideProps (or
 * getInitialProps, the page's or `_app`'s) on every request (with the request's body parsed first, when it has one); static pages come
 * from the store (rendered again when stale, or first rendered as `fallback` allows). The
 * answer is props, notFound or a redirect, the same outcome whether the request wants the
 * page or its data, with what the page set on `ctx.res` (headers, cookies, status).
 */
import type { LocaleConfig } from '../../../contract/config';
import { loadInitialProps, type AppComponent, type AppProps, type PageProps } from '../../../web/runtime/shared/page-types';
import { splitAppProps } from '../../../web/runtime/shared/initial-props';
import { readAppInitialProps } from '../data/app-initial-props';
import { mergeQuery, searchToQuery } from '../../../web/runtime/shared/route-match';
import { isHttpError } from '../../shared/http-error';
import type { BufferedResponse } from '../api/api-response';
import { NO_STORE, staticCacheControl } from '../../shared/cache-control';
import { createPropsChecks, readDataResult, type DataOutcome, type PropsCheck } from '../data/data-result';
import { DRAFT_COOKIE, type DraftMode } from '../api/draft-mode';
import type { ErrorStatus, Outcome, PageRequest, Query } from './outcome';
import { DEFAULT_BODY_PARSING, readBody } from '../api/request-body';
import { initialPropsContext } from '../data/initial-props-context';
import { serverContext } from '../data/server-context';
import type { StaticPages } from '../static/static-pages';
import { inSpan } from '../../shared/tracing/otel';

/** Search params and route params together, params winning: a null-prototype object, since the names are the visitor's. */
function queryOf(page: PageRequest): Query {
  return mergeQuery(searchToQuery(page.search), page.params);
}

/** Headers the output stage writes itself: what `ctx.res` set for them is not passed on. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding', 'cache-control', 'etag']);

/**
 * What a page set on `ctx.res`, for its answer: headers and cookies (on every answer:
 * a login page sets its cookie and redirects), `statusCode` and `Cache-Control` (on the
 * rendered page, as the pages router lets getServerSideProps choose them).
 */
function answerSetBy(res: BufferedResponse | undefined): { headers?: Record<string, string>; cookies?: string[]; status?: number; cacheControl?: string } {
  if (!res) return {};
  const { status, headers: all, cookies } = res.parts();
  const headers: Record<string, string> = {};
  for (const name in all) if (!OWN_HEADERS.has(name)) headers[name] = all[name]!;
  return {
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    cookies: cookies.length > 0 ? cookies : undefined,
    status: status === 200 ? undefined : status,
    cacheControl: all['cache-control'],
  };
}

/** The request's body, parsed as API routes parse it, when it has one; a refusal (400, 413, 415) as an outcome. */
function bodyOf(page: PageRequest): { body: unknown; raw: Uint8Array } | Outcome | undefined {
  const { request } = page;
  if (!request.body || request.body.byteLength === 0) return undefined;
  try {
    return readBody(request.body, request.headers['content-type'], DEFAULT_BODY_PARSING);
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return { kind: 'error', statusCode: error.statusCode as ErrorStatus, route: page.route, locale: page.locale, asPath: page.path, message: error.message };
  }
}

async function serverData(page: PageRequest, config: LocaleConfig, App: AppComponent | undefined, check: PropsCheck, draft: DraftMode | undefined): Promise<Outcome> {
  const body = bodyOf(page);
  if (body && 'kind' in body) return body;
  const query = queryOf(page);
  const call = serverContext(page, query, config, body);
  // A visitor in draft mode (or Preview Mode): getServerSideProps is told, as in the pages router.
  // (Most requests carry no draft cookie: they are told apart without a turn of the event loop.)
  const cookie = page.request.headers.cookie;
  if (draft && cookie !== undefined && cookie.includes(DRAFT_COOKIE) && (await draft.isDraft(cookie))) await markDraft(call.context as unknown as Record<string, unknown>, draft, cookie);
  const { getServerSideProps } = page.module;
  const attributes = { 'http.route': page.route.pattern };
  // `_app.getInitialProps` runs for every server page, as the pages router runs it (before
  // getServerSideProps): its keys besides pageProps are `_app`'s props too; beside
  // getServerSideProps its pageProps go under the page's own. Each part is checked as props are.
  const initial = !getServerSideProps || App?.getInitialProps ? await inSpan('getInitialProps', attributes, () => loadInitialProps(App, page.module.default, initialPropsContext(page, query, call.context))) : undefined;
  // (A getServerSideProps page under an `_app` without getInitialProps, the common case, makes no copies here.)
  let pageProps: PageProps | undefined;
  let appRead: ReturnType<typeof readDataResult> | undefined;
  if (initial) {
    const split = splitAppProps(initial);
    pageProps = split.pageProps;
    if (getServerSideProps || split.appProps) appRead = readDataResult('pages/_app', 'getInitialProps', { props: getServerSideProps ? initial : split.appProps! }, check);
  }
  const read = getServerSideProps
    ? readDataResult(page.route.file, 'getServerSideProps', await inSpan('getServerSideProps', attributes, () => getServerSideProps(call.context)), check)
    : readDataResult(page.route.file, 'getInitialProps', { props: pageProps ?? {} }, check);
  const result = read instanceof Promise ? await read : read;
  const res = call.response();
  // The page answered by itself (`ctx.res.end()`), as the pages router lets it: that answer stands.
  if (res?.writableEnded) return { kind: 'api', route: page.route, response: res.toCoreResponse(NO_STORE) };
  const { status, cacheControl, headers, cookies } = answerSetBy(res);
  if (result.type === 'props') {
    if (appRead === undefined) return { kind: 'render', page, props: result.props, query, isFallback: false, status, cacheControl, headers, cookies };
    const appOutcome = appRead instanceof Promise ? await appRead : appRead;
    // Without getServerSideProps the page's props are the pageProps already read; `_app`'s come without them.
    const { pageProps: appPageProps, appProps } = splitAppProps((appOutcome?.type === 'props' ? appOutcome.props : {}) as AppProps);
    const props = getServerSideProps && appPageProps ? { ...appPageProps, ...result.props } : result.props;
    return { kind: 'render', page, props, appProps, query, isFallback: false, status, cacheControl, headers, cookies };
  }
  if (result.type === 'notFound') return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path, headers, cookies };
  return { kind: 'redirect', route: page.route, destination: result.destination, statusCode: result.statusCode, basePath: result.basePath, cacheControl: NO_STORE, headers, cookies };
}

/**
 * A draft-mode request: getStaticProps' answer for this visitor alone, never stored, never
 * cached anywhere. `_app.getInitialProps` runs for it as for any page rendered on request
 * (with `req` and `res`): its pageProps under getStaticProps' props, its other keys `_app`'s.
 */
async function draftOutcome(page: PageRequest, result: DataOutcome, config: LocaleConfig, App: AppComponent | undefined, check: PropsCheck): Promise<Outcome> {
  if (result.type === 'props' && App?.getInitialProps) {
    const query = { ...page.params };
    const call = serverContext(page, query, config, undefined);
    const { pageProps, appProps } = await readAppInitialProps(App, page.module.default, initialPropsContext(page, query, call.context), page.route.pattern, check);
    return { kind: 'render', page, props: { ...pageProps, ...result.props }, appProps, query, isFallback: false, cacheControl: NO_STORE };
  }
  if (result.type === 'props') return { kind: 'render', page, props: result.props, query: { ...page.params }, isFallback: false, cacheControl: NO_STORE };
  if (result.type === 'notFound') return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path, cacheControl: NO_STORE };
  return { kind: 'redirect', route: page.route, destination: result.destination, statusCode: result.statusCode, basePath: result.basePath, cacheControl: NO_STORE };
}

async function staticData(page: PageRequest, pages: StaticPages, draft: DraftMode | undefined, config: LocaleConfig, App: AppComponent | undefined, checks: (pattern: string) => PropsCheck): Promise<Outcome> {
  if (draft && (await draft.isDraft(page.request.headers.cookie))) {
    return draftOutcome(page, await pages.draft(page, await draft.previewData(page.request.headers.cookie)), config, App, checks(page.route.pattern));
  }
  const found = await pages.lookup(page);
  if (found === 'missing') return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path };
  // A `fallback: true` path not rendered yet: the shell now, its data (rendered then) next.
  if (found === 'fallback') return { kind: 'render', page, props: {}, query: { ...page.params }, isFallback: true };
  if ('type' in found) {
    return { kind: 'redirect', route: page.route, destination: found.destination, statusCode: found.statusCode, basePath: found.basePath, cacheControl: staticCacheControl(found.revalidate) };
  }
  // getStaticProps' notFound is the page's answer for everyone: cached like the page, as the pages router does.
  if (found.notFound) return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path, cacheControl: staticCacheControl(found.revalidate) };
  return { kind: 'static', page, stored: found };
}

/**
 * The data stage over the app's static pages and config (and `_app`, whose
 * `getInitialProps` feeds pages without data function). Throws what data functions and
 * `getInitialProps` throw.
 */
/** Draft mode's fields of a getServerSideProps context: `draftMode`, and Preview Mode's `preview` and `previewData`. */
async function markDraft(context: Record<string, unknown>, draft: DraftMode, cookie: string): Promise<void> {
  context.draftMode = true;
  const previewData = await draft.previewData(cookie);
  if (previewData !== undefined) {
    context.preview = true;
    context.previewData = previewData;
  }
}

export function createDataStage(pages: StaticPages, config: LocaleConfig, App?: AppComponent, draft?: DraftMode): (page: PageRequest) => Promise<Outcome> {
  const propsCheck = createPropsChecks();
  return (page) => (page.route.kind === 'ssr' ? serverData(page, config, App, propsCheck(page.route.pattern), draft) : staticData(page, pages, draft, config, App, propsCheck));
}
