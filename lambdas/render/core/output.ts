/**
 * The output stage: an outcome written as a page (HTML) or as page data (JSON), with its
 * status, `Cache-Control`, ETag (and 304) and `Content-Length`. A data request's outcome
 * is written as JSON alone: no HTML is rendered for it, not even an error page. Under
 * `/api`, a handler's answer passes as it is, and the core's own answers (404, 400, 413,
 * 500, 504) are JSON `{ error }`.
 * HEAD gets the whole response here; the platform adapter drops the body
 * (lambdas/shared/function-url.ts), so `content-length` is the GET's.
 */
import type { PageData } from '../../../web/runtime/shared/page-types';
import { ERROR_TITLES, UNKNOWN_ERROR_TITLE } from '../../../web/runtime/shared/errors';
import type { CoreRequest, CoreResponse } from '../../shared/http';
import { bodyAnswer, HTML_TYPE, JSON_TYPE } from '../../shared/answers';
import { NO_STORE, PRIVATE_NO_CACHE, staticCacheControl } from '../../shared/cache-control';
import { matchesIfNoneMatch } from '../../shared/etag';
import type { Format, Outcome } from './outcome';
import type { Markup, PageHtml } from '../html/page-html';
import { withRewriteSearch } from '../html/document';

/** A response, or its promise when the document came from a `_document` with its own `getInitialProps`. */
export type Written = CoreResponse | Promise<CoreResponse>;

/** bodyAnswer over a document that may still be rendering (the common case is a string: no promise made). */
function withMarkup(status: number, markup: Markup, cacheControl: string, added: Record<string, string> | undefined): Written {
  return typeof markup === 'string' ? bodyAnswer(status, HTML_TYPE, markup, cacheControl, added) : markup.then((body) => bodyAnswer(status, HTML_TYPE, body, cacheControl, added));
}

const NOT_FOUND_JSON = JSON.stringify({ notFound: true } satisfies PageData);
const UNKNOWN_BUILD_JSON = JSON.stringify({ error: 'unknown build id' });
const NOT_PAGE_DATA_JSON = JSON.stringify({ fullLoad: true });
/** The `error` of the core's own JSON answers under `/api`: the status's reason phrase. */
const API_ERRORS: Record<number, string> = {
  400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 500: 'Internal Server Error', 504: 'Gateway Timeout',
};

/** 304 when the client's `If-None-Match` names the page's ETag. */
function notModified(request: CoreRequest, etag: string, cacheControl: string, added?: Record<string, string>): CoreResponse | null {
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return null;
  return { status: 304, headers: { ...added, etag, 'cache-control': cacheControl } };
}

/**
 * The Cache-Control of a 404 page: never kept, as the pages router sends it (a path that is
 * no page may be one after the next deploy); getStaticProps' `notFound` brings its own.
 */
function notFoundCacheControl(outcome: Extract<Outcome, { kind: 'notFound' }>): string {
  return outcome.cacheControl ?? NO_STORE;
}

/** A redirect as the pages router answers one: the location as the body, and a `Refresh` for a 308 (clients that do not follow 308). */
function redirectResponse(outcome: Extract<Outcome, { kind: 'redirect' }>): CoreResponse {
  const headers: Record<string, string> = { ...outcome.headers, location: outcome.destination, 'cache-control': outcome.cacheControl };
  if (outcome.statusCode === 308) headers.refresh = `0;url=${outcome.destination}`;
  headers['content-length'] = String(Buffer.byteLength(outcome.destination));
  return { status: outcome.statusCode, headers, body: outcome.destination };
}

function html(outcome: Outcome, request: CoreRequest, pages: PageHtml): Written {
  switch (outcome.kind) {
    case 'render':
      return withMarkup(outcome.status ?? 200, pages.page(outcome.page, outcome.props, outcome.query, outcome.isFallback, outcome.appProps), outcome.cacheControl ?? NO_STORE, outcome.headers);
    case 'static': {
      const { stored, page } = outcome;
      const cacheControl = staticCacheControl(stored.revalidate);
      // A rewrite chose the page and gave it another search: the stored page, told which (so its ETag no longer fits).
      if (page.visited && page.search.toString() !== page.visited.search.toString()) {
        return bodyAnswer(200, HTML_TYPE, withRewriteSearch(stored.html, page.search.toString()), cacheControl, outcome.headers);
      }
      return notModified(request, stored.etag, cacheControl, outcome.headers) ?? bodyAnswer(200, HTML_TYPE, stored.html, cacheControl, outcome.headers, stored.etag);
    }
    case 'redirect':
      return redirectResponse(outcome);
    case 'notFound':
      return withMarkup(404, pages.error(404, outcome.locale, outcome.asPath), notFoundCacheControl(outcome), outcome.headers);
    case 'error':
      return withMarkup(outcome.statusCode, pages.error(outcome.statusCode, outcome.locale, outcome.asPath), NO_STORE, outcome.headers);
    case 'unknownBuild':
    case 'notPageData':
      return json(outcome);
    case 'api':
    case 'response':
      return api(outcome);
  }
}

function json(outcome: Outcome): CoreResponse {
  switch (outcome.kind) {
    case 'render':
      // `_app`'s other props beside pageProps, as the pages router's page data carries them.
      return bodyAnswer(200, JSON_TYPE, JSON.stringify({ ...outcome.appProps, pageProps: outcome.props } satisfies PageData), outcome.cacheControl ?? NO_STORE, outcome.headers);
    case 'static':
      return bodyAnswer(200, JSON_TYPE, outcome.stored.json, staticCacheControl(outcome.stored.revalidate), outcome.headers);
    case 'redirect': {
      // The client router follows it; the data URL itself answers 200. Middleware's also names it in
      // `x-nextjs-redirect`, the header the pages router's client follows (no Location: fetch must not follow it).
      const body = JSON.stringify({ redirect: { destination: outcome.destination, statusCode: outcome.statusCode } } satisfies PageData);
      return bodyAnswer(200, JSON_TYPE, body, outcome.cacheControl, outcome.byMiddleware ? { ...outcome.headers, 'x-nextjs-redirect': outcome.destination } : outcome.headers);
    }
    case 'notFound':
      return bodyAnswer(404, JSON_TYPE, NOT_FOUND_JSON, NO_STORE, outcome.headers);
    case 'error':
      return bodyAnswer(outcome.statusCode, JSON_TYPE, JSON.stringify({ error: outcome.message ?? ERROR_TITLES[outcome.statusCode] ?? UNKNOWN_ERROR_TITLE }), NO_STORE, outcome.headers);
    case 'unknownBuild':
      // A 404 without `notFound`, so the client does a full page load.
      return bodyAnswer(404, JSON_TYPE, UNKNOWN_BUILD_JSON, NO_STORE, outcome.headers);
    case 'notPageData':
      // Neither props nor a redirect: the client loads the URL in full, with no failed request in the browser's console.
      return bodyAnswer(200, JSON_TYPE, NOT_PAGE_DATA_JSON, NO_STORE, outcome.headers);
    case 'api':
    case 'response':
      return api(outcome);
  }
}

/** Under `/api`: the handler's answer (the outcome's added headers under its own), or the core's JSON `{ error }`. */
function api(outcome: Outcome): CoreResponse {
  switch (outcome.kind) {
    case 'api':
    case 'response': {
      const { response } = outcome;
      if (!outcome.headers) return response;
      // This request's own answer (its handler's, its middleware's, or proxied for it): the
      // added headers go under its own in place, without copying both.
      const headers = response.headers;
      for (const name in outcome.headers) if (headers[name] === undefined) headers[name] = outcome.headers[name]!;
      return response;
    }
    case 'notFound':
      return bodyAnswer(404, JSON_TYPE, JSON.stringify({ error: API_ERRORS[404] }), NO_STORE, outcome.headers);
    case 'error':
      return bodyAnswer(outcome.statusCode, JSON_TYPE, JSON.stringify({ error: outcome.message ?? API_ERRORS[outcome.statusCode] }), NO_STORE, outcome.headers);
    case 'redirect':
      return redirectResponse(outcome);
    default:
      // Page outcomes never come from an API path (a routing step's answer might): as page data.
      return json(outcome);
  }
}

/** Set-Cookie values the outcome adds (getServerSideProps' `ctx.res`), after the response's own. */
function withCookies(response: CoreResponse, cookies: string[] | undefined): CoreResponse {
  if (!cookies) return response;
  return { ...response, cookies: [...(response.cookies ?? []), ...cookies] };
}

/** Set-Cookie values the routing layer adds (middleware's `NextResponse.next()` cookies), before the response's own. */
function withCookiesBefore(response: CoreResponse, cookies: string[] | undefined): CoreResponse {
  if (!cookies) return response;
  return { ...response, cookies: [...cookies, ...(response.cookies ?? [])] };
}

/**
 * An answer that depends on the visitor is for that visitor alone: `private` keeps it out
 * of CloudFront's cache (whose key holds no cookies but the locale's) and any other.
 */
function perVisitor(response: CoreResponse, varies: boolean | undefined): CoreResponse {
  if (!varies) return response;
  const cacheControl = response.headers['cache-control'];
  if (cacheControl === NO_STORE || /\bprivate\b/.test(cacheControl ?? '')) return response;
  return { ...response, headers: { ...response.headers, 'cache-control': PRIVATE_NO_CACHE } };
}

/**
 * The output stage over the app's documents. Throws (or rejects with) what rendering the
 * page throws (the core answers 500 then). A promise only for pages an app's `_document`
 * with its own `getInitialProps` renders.
 */
export function createOutput(pages: PageHtml): (outcome: Outcome, format: Format, request: CoreRequest) => Written {
  return (outcome, format, request) => {
    const response = format === 'json' ? json(outcome) : format === 'api' ? api(outcome) : html(outcome, request, pages);
    if (!outcome.cookies && !outcome.perVisitor) return response;
    // An API route's answer: the middleware's cookies come before the handler's, as in the
    // pages router (the handler's win where both set one); a page's are added after its own.
    const finish = (written: CoreResponse) => perVisitor(outcome.kind === 'api' ? withCookiesBefore(written, outcome.cookies) : withCookies(written, outcome.cookies), outcome.perVisitor);
    return response instanceof Promise ? response.then(finish) : finish(response);
  };
}
