/**
 * What getServerSideProps receives: the request's params, query, locale, headers and
 * cookies, and `req`/`res` shaped like Node's, built only when the page touches them (most
 * pages never do, and rendering stays as fast as without them).
 */
import { paramsFor } from './route-params';
import { showsLocales, type LocaleConfig } from '../../../contract/config';
import type { ServerContext, ServerRequest } from '../../../web/runtime/shared/page-types';
import { copyRecord } from '../../shared/extend';
import { createServerRequest } from '../api/api-request';
import { parseCookies } from '../../shared/cookies';
import { BufferedResponse } from '../api/api-response';
import type { PageRequest, Query } from '../core/outcome';
import { DEFAULT_BODY_PARSING, readBody } from '../api/request-body';

export { parseCookies } from '../../shared/cookies';

/** One getServerSideProps call: its context, and the `ctx.res` the page used, if it did. */
export interface ServerCall {
  context: ServerContext;
  /** `ctx.res` when the page read it, else undefined (nothing to add to the answer). */
  response(): BufferedResponse | undefined;
}

/**
 * The context of one getServerSideProps call; `headers` is a copy the page may change freely
 * (null prototype, like the cookies and the query). `body` is the request's body already
 * parsed (data.ts parses it before the call, so a malformed one is a 400 page); without
 * one, `ctx.req.body` reads as an empty body of the request's type (`''`, or `{}` for JSON).
 *
 * @example
 * const call = serverContext(page, query, config, { body: { name: 'Ada' }, raw });
 * await page.module.getServerSideProps(call.context); // ctx.req.body.name === 'Ada'
 * call.response()?.getHeader('set-cookie');
 */
const searchText = (search: URLSearchParams) => (search.size ? `?${search}` : '');

export function serverContext(
  page: PageRequest,
  query: Query,
  config: LocaleConfig,
  body?: { body: unknown; raw: Uint8Array },
): ServerCall {
  const { request } = page;
  const parts: LazyParts = { request, body, req: undefined, res: undefined };
  // Without i18n: no locale, `locales: []` (a new array: the page may change it), as the pages router gives them (showsLocales, contract/config.ts).
  const i18n = showsLocales(config);
  const context = {
    params: paramsFor(page),
    query,
    locale: i18n ? page.locale : undefined,
    locales: i18n ? config.locales : [],
    defaultLocale: i18n ? config.defaultLocale : undefined,
    headers: copyRecord(request.headers),
    cookies: parseCookies(request.headers.cookie),
    // The page's path with the visitor's query: what a rewrite added to the query stays out, as in the pages router.
    resolvedUrl: page.path + searchText(page.visited ? page.visited.search : page.search),
  };
  return { context: withLazyParts(context, parts) as unknown as ServerContext, response: () => parts.res };
}

/**
 * Gives `target` the `req` and `res` of `server`, a context serverContext made: the same
 * objects, made once on first use of either (getInitialProps' context beside
 * getServerSideProps' for one request).
 */
export function withRequestOf<T extends object>(target: T, server: ServerContext): T & Pick<ServerContext, 'req' | 'res'> {
  return withLazyParts(target, (server as unknown as WithLazyParts)[LAZY]);
}

function withLazyParts<T extends object>(target: T, parts: LazyParts): T & Pick<ServerContext, 'req' | 'res'> {
  Object.defineProperty(target, LAZY, { value: parts });
  return Object.defineProperties(target, LAZY_ACCESSORS) as T & Pick<ServerContext, 'req' | 'res'>;
}

/** What one context makes on first use, under a key no spread or `Object.keys` sees. */
interface LazyParts {
  request: PageRequest['request'];
  body: { body: unknown; raw: Uint8Array } | undefined;
  req: ServerRequest | undefined;
  res: BufferedResponse | undefined;
}

const LAZY = Symbol('stratus.serverContext');

type WithLazyParts = { [LAZY]: LazyParts };

function lazyReq(this: WithLazyParts): ServerRequest {
  const parts = this[LAZY];
  if (!parts.req) {
    const parsed = parts.body ?? readBody(undefined, parts.request.headers['content-type'], DEFAULT_BODY_PARSING);
    parts.req = createServerRequest(parts.request, parsed.body, parsed.raw);
  }
  return parts.req;
}

function lazyRes(this: WithLazyParts): BufferedResponse {
  const parts = this[LAZY];
  return (parts.res ??= new BufferedResponse());
}

/**
 * `req` and `res` are own enumerable properties, as the pages router's are (a spread of the
 * context keeps them), made by getters shared by every context. Getters written in the
 * object literal would be new closures per call: V8 then keeps each context in dictionary
 * mode, and under load each request's objects outlived young-generation collections
 * (promoted 73 kB a scavenge in process against 18 kB, issue 35).
 */
const LAZY_ACCESSORS: PropertyDescriptorMap = {
  req: { get: lazyReq, enumerable: true, configurable: true },
  res: { get: lazyRes, enumerable: true, configurable: true },
};
