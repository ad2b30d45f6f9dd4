/**
 * What the render core decided to answer, before it is written out: the one value its
 * stages pass along (request → routing layer → route → data → output, then the log line).
 * An outcome says nothing about HTML or JSON; the output stage writes either from it, so
 * a page and its page data cannot disagree.
 */
import type { ManifestRoute } from '../../../contract/manifest';
import type { ApiModule, PageModule, PageProps } from '../../../web/runtime/shared/page-types';
import type { RouteParams } from '../../../web/runtime/shared/route-match';
import type { CoreRequest, CoreResponse } from '../../shared/http';
import type { StoredPage } from '../ports/ports';

/**
 * What a request asks for: a page's HTML, its page data (`/_app/data/<buildId>/….json`), or
 * an API route (`/api/…`: the handler's own answer, and JSON `{ error }` when there is none).
 */
export type Format = 'html' | 'json' | 'api';

/** Search params and route params together, as data functions and `useRouter().query` see them. */
export type Query = Record<string, string | string[]>;

/** A request the request stage let through, on its way to route matching. */
export interface Target {
  format: Format;
  /** The page path asked for (for a data URL, the page it stands for): percent-encoded, locale prefix on. */
  path: string;
  search: URLSearchParams;
  request: CoreRequest;
  /** What the visitor asked for (path as `path` is spelled), when a rewrite changed `path`: the page's `asPath`. */
  visited?: { path: string; search: URLSearchParams };
}

/** A request matched to a page route: what the data stage works from. */
export interface PageRequest {
  format: Format;
  route: ManifestRoute;
  module: PageModule;
  params: RouteParams;
  locale: string;
  /** Path without the locale prefix, percent-encoded. */
  path: string;
  search: URLSearchParams;
  request: CoreRequest;
  /** The visited path (no locale prefix, percent-encoded) and search, when a rewrite chose the page: `asPath` shows them. */
  visited?: { path: string; search: URLSearchParams };
}

/** A request matched to an API route: what the API stage works from. */
export interface ApiCall {
  route: ManifestRoute;
  module: ApiModule;
  params: RouteParams;
  search: URLSearchParams;
  request: CoreRequest;
}

/** Fields every outcome may carry. */
interface Common {
  /**
   * Headers added to the response whatever it is (the `allow` of a 405; getServerSideProps'
   * `ctx.res` headers; later, config `headers` and middleware's), under the output stage's
   * own (type, cache, ETag, length, location).
   */
  headers?: Record<string, string>;
  /** `Set-Cookie` values added to the response (getServerSideProps' `ctx.res`, middleware's). */
  cookies?: string[];
  /**
   * The answer depends on the visitor beyond what CloudFront keys its cache on (middleware
   * ran, or a routing rule read a header, cookie or host): no shared cache may keep it.
   */
  perVisitor?: boolean;
}

/**
 * Statuses answered with an error page (HTML) or `{ error }` (JSON): a malformed request
 * or body (400), a method the page does not take (405), a body over its limit (413) or in
 * a charset this runtime cannot read (415), a failure (500), an API handler that did not
 * answer in time (504).
 */
export type ErrorStatus = 400 | 405 | 413 | 415 | 500 | 504;

export type Outcome =
  /**
   * Props to render now: getServerSideProps' on every request, or a `fallback: true` shell's
   * empty props. `status` and `cacheControl` are what getServerSideProps set on `ctx.res`
   * (`statusCode`, `Cache-Control`), when it did.
   */
  | (Common & { kind: 'render'; page: PageRequest; props: PageProps; /** What else `_app.getInitialProps` returned: `_app`'s other props. */ appProps?: PageProps; query: Query; isFallback: boolean; status?: number; cacheControl?: string })
  /** A static page from the store: its HTML, page data and ETag are ready. */
  | (Common & { kind: 'static'; page: PageRequest; stored: StoredPage })
  /** A data function's redirect, or the default locale's prefix taken off (308). */
  | (Common & { kind: 'redirect'; route?: ManifestRoute; destination: string; statusCode: number; cacheControl: string; /** A data function's `basePath: false`: the destination as written. */ basePath?: false; /** Middleware's: page data also names it in `x-nextjs-redirect`, as the pages router does. */ byMiddleware?: true })
  /** No such page: no route, `notFound: true`, or a path `fallback: false` does not know. */
  | (Common & { kind: 'notFound'; route?: ManifestRoute; locale: string; asPath: string; /** Draft mode: never cached. @default - by the app's 404 page */ cacheControl?: string })
  /** A page-data URL of another build: the client falls back to a full page load. */
  | (Common & { kind: 'unknownBuild' })
  /**
   * Page data of a URL that is no page here (an API route, a file, another origin a rewrite
   * proxies to): an answer that is not an error, which the client meets with a full load.
   */
  | (Common & { kind: 'notPageData' })
  /**
   * A refusal or a failure (ErrorStatus); `cause` is logged with its stack (failures only),
   * `message` is the JSON answer's `error` when it says more than the status (a body's 400).
   */
  | (Common & { kind: 'error'; statusCode: ErrorStatus; route?: ManifestRoute; locale: string; asPath: string; cause?: unknown; message?: string })
  /**
   * A handler's own answer, passed on as it is: an API route's (`pages/api/**`, a handler
   * `(req, res)` taking any method and a body), or a getServerSideProps that ended `ctx.res`.
   */
  | (Common & { kind: 'api'; route: ManifestRoute; response: CoreResponse })
  /** An answer made whole elsewhere, passed on as it is: middleware's own response, a rewrite proxied to another origin or to a file of the site. */
  | (Common & { kind: 'response'; response: CoreResponse });

/** The route that answered, when one matched (the log line's `route`). */
export function routeOf(outcome: Outcome): ManifestRoute | undefined {
  switch (outcome.kind) {
    case 'render':
    case 'static':
      return outcome.page.route;
    case 'unknownBuild':
    case 'notPageData':
    case 'response':
      return undefined;
    default:
      return outcome.route;
  }
}

/** A failure anywhere in the stages: the 500 page (or JSON), its cause logged with the request. */
export function serverError(cause: unknown, request: CoreRequest, defaultLocale: string, route?: ManifestRoute): Outcome {
  return { kind: 'error', statusCode: 500, route, locale: defaultLocale, asPath: request.path, cause };
}
