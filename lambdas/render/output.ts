/**
 * The output stage: an outcome written as a page (HTML) or as page data (JSON), with its
 * status, `Cache-Control`, ETag (and 304) and `Content-Length`. A data request's outcome
 * is written as JSON alone: no HTML is rendered for it, not even an error page.
 * HEAD gets the whole response here; the platform adapter drops the body
 * (lambdas/shared/function-url.ts), so `content-length` is the GET's.
 */
import type { PageData } from '../../web/runtime/shared/page-types';
import { ERROR_TITLES } from '../../web/runtime/shared/errors';
import type { CoreRequest, CoreResponse } from '../shared/http';
import { NO_STORE, staticCacheControl } from './cache-control';
import type { Format, Outcome } from './outcome';
import type { PageHtml } from './page-html';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json';
const NOT_FOUND_JSON = JSON.stringify({ notFound: true } satisfies PageData);
const UNKNOWN_BUILD_JSON = JSON.stringify({ error: 'unknown build id' });

/**
 * A response with a body. `added` are the outcome's headers; the stage's own (type, cache,
 * ETag, length) are written over them. (Literal objects on the common path: a spread into
 * each response's headers cost ~1 µs a request.)
 */
function withBody(status: number, type: string, body: string, cacheControl: string, added: Record<string, string> | undefined, etag?: string): CoreResponse {
  const length = String(Buffer.byteLength(body));
  const headers: Record<string, string> =
    etag === undefined
      ? { 'content-type': type, 'cache-control': cacheControl, 'content-length': length }
      : { 'content-type': type, 'cache-control': cacheControl, etag, 'content-length': length };
  return { status, headers: added ? { ...added, ...headers } : headers, body };
}

/** 304 when the client's `If-None-Match` names the page's ETag. */
function notModified(request: CoreRequest, etag: string, cacheControl: string, added?: Record<string, string>): CoreResponse | null {
  const match = request.headers['if-none-match'];
  if (!etag || !match) return null;
  const tags = match.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes(etag) && !tags.includes('*')) return null;
  return { status: 304, headers: { ...added, etag, 'cache-control': cacheControl } };
}

function html(outcome: Outcome, request: CoreRequest, pages: PageHtml): CoreResponse {
  switch (outcome.kind) {
    case 'render':
      return withBody(200, HTML, pages.page(outcome.page, outcome.props, outcome.query, outcome.isFallback), NO_STORE, outcome.headers);
    case 'static': {
      const { stored } = outcome;
      const cacheControl = staticCacheControl(stored.revalidate);
      return notModified(request, stored.etag, cacheControl, outcome.headers) ?? withBody(200, HTML, stored.html, cacheControl, outcome.headers, stored.etag);
    }
    case 'redirect':
      return { status: outcome.statusCode, headers: { ...outcome.headers, location: outcome.destination, 'cache-control': outcome.cacheControl } };
    case 'notFound':
      return withBody(404, HTML, pages.error(404, outcome.locale, outcome.asPath), NO_STORE, outcome.headers);
    case 'error':
      return withBody(outcome.statusCode, HTML, pages.error(outcome.statusCode, outcome.locale, outcome.asPath), NO_STORE, outcome.headers);
    case 'unknownBuild':
      return json(outcome);
    case 'api':
      return outcome.response;
  }
}

function json(outcome: Outcome): CoreResponse {
  switch (outcome.kind) {
    case 'render':
      return withBody(200, JSON_TYPE, JSON.stringify({ pageProps: outcome.props } satisfies PageData), NO_STORE, outcome.headers);
    case 'static':
      return withBody(200, JSON_TYPE, outcome.stored.json, staticCacheControl(outcome.stored.revalidate), outcome.headers);
    case 'redirect': {
      // The client router follows it; the data URL itself answers 200.
      const body = JSON.stringify({ redirect: { destination: outcome.destination, statusCode: outcome.statusCode } } satisfies PageData);
      return withBody(200, JSON_TYPE, body, outcome.cacheControl, outcome.headers);
    }
    case 'notFound':
      return withBody(404, JSON_TYPE, NOT_FOUND_JSON, NO_STORE, outcome.headers);
    case 'error':
      return withBody(outcome.statusCode, JSON_TYPE, JSON.stringify({ error: ERROR_TITLES[outcome.statusCode] }), NO_STORE, outcome.headers);
    case 'unknownBuild':
      // A 404 without `notFound`, so the client does a full page load.
      return withBody(404, JSON_TYPE, UNKNOWN_BUILD_JSON, NO_STORE, outcome.headers);
    case 'api':
      return outcome.response;
  }
}

/** The output stage over the app's documents. Throws what rendering the page throws (the core answers 500 then). */
export function createOutput(pages: PageHtml): (outcome: Outcome, format: Format, request: CoreRequest) => CoreResponse {
  return (outcome, format, request) => (format === 'json' ? json(outcome) : html(outcome, request, pages));
}
