/**
 * Shapes shared by the server renderer and the browser runtime: what a page module
 * exports, what the data functions receive and return, and the data embedded in a page.
 */
import type { Readable } from 'node:stream';
import type { ComponentType } from 'react';
import type { RouteSegment, RouteParams } from './route-match';
import type { StratusRouter } from './router-context';

export type PageProps = Record<string, unknown>;

/** `_app`'s props besides `Component`: `pageProps`, and the other keys its `getInitialProps` returned (as `__NEXT_DATA__.props` holds them). */
export type AppProps = PageProps & { pageProps: PageProps };

export interface Redirect {
  destination: string;
  permanent?: boolean;
  /** Instead of `permanent`: 301, 302, 303, 307 or 308. */
  statusCode?: number;
  /** `false`: the destination is taken as written, not put under the site's `basePath`. */
  basePath?: false;
}

export type DataResult =
  | { props: PageProps | Promise<PageProps>; revalidate?: number | boolean }
  | { notFound: true; revalidate?: number | boolean }
  | { redirect: Redirect; revalidate?: number | boolean };

export interface StaticContext {
  params: RouteParams;
  /** The page's locale; undefined in an app without `i18n`, as in the pages router. */
  locale?: string;
  /** The configured locales; `[]` without `i18n`. */
  locales: string[];
  /** undefined without `i18n`. */
  defaultLocale?: string;
  /** `true` for a visitor in draft mode (`res.setDraftMode({ enable: true })`): render the unpublished content; absent otherwise. */
  draftMode?: boolean;
  /** Preview Mode (`res.setPreviewData`): `true`, with the data it was given; absent otherwise. */
  preview?: boolean;
  previewData?: unknown;
}

export interface ServerContext extends StaticContext {
  query: Record<string, string | string[]>;
  /** The request's headers, lower-case names. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** Path and query as requested, without the locale prefix. */
  resolvedUrl: string;
  /**
   * The request, as Node's `IncomingMessage` as far as pages use it, with `cookies` and the
   * parsed `body` (a form posted to its own page). Always set when Stratus calls
   * getServerSideProps (built on first use), as the pages router's type says.
   */
  req: ServerRequest;
  /** The response: headers, `Set-Cookie` and `statusCode` set here go on the page's answer. */
  res: ServerResponse;
}

/**
 * A request as a handler sees it: a readable stream of the body's bytes (read it with
 * `for await`, `.on('data')` or `.pipe`) with the request's fields beside it.
 */
export interface ServerRequest<Body = any> extends Readable {
  /** Upper-case: `GET`, `POST`, … */
  method: string;
  /** Path and query as received: `/api/users/7?fields=name`. */
  url: string;
  /** Lower-case names; a null-prototype object. */
  headers: Record<string, string>;
  /** From the `Cookie` header; a null-prototype object. */
  cookies: Record<string, string>;
  /**
   * By `Content-Type`: JSON parsed (`{}` when empty), `application/x-www-form-urlencoded`
   * as a null-prototype object (repeated fields as arrays), anything else as text in its
   * charset (`''` when there is no body). With `bodyParser: false`, the raw bytes.
   */
  body: Body;
}

/** What an API route's handler gets as `req`: a ServerRequest with the query and the route's params. */
export interface ApiRequest<Body = any> extends ServerRequest<Body> {
  /** Search params and route params together (params win); a null-prototype object. */
  query: Record<string, string | string[]>;
  /**
   * Aborted when the visitor leaves before the answer ends, before its first byte or while it
   * streams (Stratus's addition: hand it to `fetch` or a model's client so upstream work stops
   * too). `req` also emits `aborted` and `close` then, and `res` emits `close` with
   * `res.writableEnded` false. Deployed, it needs Lambda to report the closed stream, which
   * Function URLs have been reported not to do (docs/NEXT-COMPAT.md).
   */
  readonly signal: AbortSignal;
}

export type HeaderValue = string | number | readonly string[];

/**
 * A response as Node's `ServerResponse` as far as handlers use it. A page's (`ctx.res`) and
 * an answer written at once are buffered: sent whole at `end()`. An API route that writes
 * (or calls `flushHeaders()`) and goes on writing later streams: the status and headers
 * leave then, and each chunk as it is written (docs/ROUTING.md, "Streaming answers").
 */
export interface ServerResponse {
  statusCode: number;
  statusMessage: string;
  /** True once `writeHead`, `write` or `end` ran: headers may no longer change. */
  readonly headersSent: boolean;
  /** True once `end()` ran. */
  readonly writableEnded: boolean;
  readonly finished: boolean;
  setHeader(name: string, value: HeaderValue): this;
  appendHeader(name: string, value: HeaderValue): this;
  getHeader(name: string): string | number | string[] | undefined;
  getHeaders(): Record<string, string | number | string[]>;
  getHeaderNames(): string[];
  hasHeader(name: string): boolean;
  removeHeader(name: string): void;
  writeHead(statusCode: number, headers?: Record<string, HeaderValue>): this;
  writeHead(statusCode: number, statusMessage: string, headers?: Record<string, HeaderValue>): this;
  /** True once the answer was cut off before it ended (the visitor left, or `destroy()`): writes are dropped. */
  readonly destroyed: boolean;
  /**
   * Adds a chunk to the body; in a streaming answer, sends it. `false` asks the writer to
   * wait for `drain` (the visitor reads slower than it writes).
   */
  write(chunk: string | Uint8Array, callback?: () => void): boolean;
  write(chunk: string | Uint8Array, encoding: BufferEncoding, callback?: () => void): boolean;
  /** Sends the status and headers now; an API route's answer streams from here. */
  flushHeaders(): void;
  /** Compression middleware's `flush()`, which code written for `next start` calls: the same as `flushHeaders()`. */
  flush(): void;
  /** Cuts the answer off unfinished (with an error: logged as the handler's failure). */
  destroy(error?: Error): this;
  /** Finishes the response; a second call does nothing. */
  end(callback?: () => void): this;
  end(chunk: string | Uint8Array, callback?: () => void): this;
  end(chunk: string | Uint8Array, encoding: BufferEncoding, callback?: () => void): this;
  on(event: 'finish' | 'close' | 'drain', listener: () => void): this;
  once(event: 'finish' | 'close' | 'drain', listener: () => void): this;
}

/** What an API route's handler gets as `res`: a ServerResponse with the pages router's helpers. */
export interface ApiResponse<Data = any> extends ServerResponse {
  /** Sets `statusCode`; chainable: `res.status(201).json(created)`. */
  status(statusCode: number): ApiResponse<Data>;
  /** `Content-Type: application/json; charset=utf-8` and the value as JSON. */
  json(body: Data): void;
  /**
   * Objects, numbers and booleans as JSON; strings as text (`text/plain; charset=utf-8`
   * unless a type is set); bytes as `application/octet-stream` unless set; an async
   * iterable (a stream) read to its end; null or undefined: an empty body.
   */
  send(body: Data | string | Uint8Array | AsyncIterable<string | Uint8Array> | null | undefined): void;
  /** 307 unless a status is given; `Location` set, the URL as the body. */
  redirect(url: string): ApiResponse<Data>;
  redirect(statusCode: number, url: string): ApiResponse<Data>;
  /**
   * Renders the static page at `urlPath` again now (`/posts/first`, `/fr/posts/first` for
   * another locale) and removes it and its page data from CloudFront's cache, so the next
   * visitor anywhere gets the new version. Rejects when the page cannot be rendered.
   */
  revalidate(urlPath: string): Promise<void>;
  /** Turns draft mode on or off for this visitor (a signed cookie): static pages are then rendered for them alone, with `draftMode: true`. */
  setDraftMode(options: { enable: boolean }): ApiResponse<Data>;
  /** Preview Mode (the older draft mode): draft mode on, with `data` (at most 2 KB as JSON) given to getStaticProps as `previewData`, `preview: true`. */
  setPreviewData(data: object | string, options?: { maxAge?: number; path?: string }): ApiResponse<Data>;
  /** Preview Mode off for this visitor. */
  clearPreviewData(options?: { path?: string }): ApiResponse<Data>;
}

/**
 * An API route's default export. It answers through `res`, or returns (resolves to) a web
 * `Response` without touching `res`, as an Edge API route does: its body streams where
 * answers stream.
 *
 * @example
 * // pages/api/users/[id].ts
 * export default async function handler(req: ApiRequest, res: ApiResponse<{ id: string }>) {
 *   if (req.method !== 'GET') return res.status(405).setHeader('Allow', 'GET').end();
 *   res.json({ id: String(req.query.id) });
 * }
 */
export type ApiHandler<Data = any> = (req: ApiRequest, res: ApiResponse<Data>) => unknown;

/** An API route's `export const config`. */
export interface ApiConfig {
  api?: {
    /**
     * `false`: the body is not parsed (`req.body` is its bytes, `req` streams them).
     * `{ sizeLimit }`: bytes, or `'500kb'`, `'4mb'` (1024-based); past it the answer is 413.
     * @default { sizeLimit: '1mb' }
     */
    bodyParser?: boolean | { sizeLimit?: number | string };
    /** The handler answers through a library of its own: no warning when it returns before answering. */
    externalResolver?: boolean;
  };
  /**
   * `'edge'` (or `'experimental-edge'`): the route is called as the pages router's edge API
   * routes are, `handler(request: NextRequest, event)`, and answers with the web `Response`
   * it returns. It runs in the render function like any other route.
   * @default 'nodejs'
   */
  runtime?: 'nodejs' | 'edge' | 'experimental-edge';
}

/** What an API route file exports. */
export interface ApiModule {
  default: ApiHandler;
  config?: ApiConfig;
}

export interface StaticPaths {
  paths: Array<string | { params: RouteParams; locale?: string }>;
  fallback: boolean | 'blocking';
}

/**
 * What `getInitialProps` receives. On the server: `req` and `res` (as getServerSideProps
 * has them); in the browser, on a soft navigation: neither.
 */
export interface InitialPropsContext {
  /** The route pattern: `/posts/[slug]`. */
  pathname: string;
  query: Record<string, string | string[]>;
  /** As in the address bar, without the locale prefix. */
  asPath: string;
  /** The locale fields are undefined in an app without `i18n`, as in the pages router. */
  locale?: string;
  locales?: string[];
  defaultLocale?: string;
  req?: ServerRequest;
  res?: ServerResponse;
  /** `_error`'s, in the browser: the exception thrown while rendering the page. */
  err?: unknown;
}

/** A component that may carry the pages router's static `getInitialProps`. */
export type WithInitialProps<C, Context> = C & { getInitialProps?: (context: Context) => unknown };

/** What `_app.getInitialProps` receives (the pages router's AppContext). */
export interface AppInitialPropsContext {
  Component: WithInitialProps<ComponentType<any>, InitialPropsContext>;
  ctx: InitialPropsContext;
  /** The router fields of the page being loaded (no navigation methods). */
  router: Pick<InitialPropsContext, 'pathname' | 'query' | 'asPath' | 'locale' | 'locales' | 'defaultLocale'>;
}

// The pages router's getInitialProps, on the server and in the browser: a module of its own,
// so the browser loads it only when a page has one (or for `_error`, on an exception).
export { InitialPropsError, loadInitialProps } from './initial-props';

export interface PageModule {
  /** The page; its static `getInitialProps`, when it has one, gives its props. */
  default: WithInitialProps<ComponentType<any>, InitialPropsContext>;
  getServerSideProps?: (context: ServerContext) => Promise<DataResult> | DataResult;
  getStaticProps?: (context: StaticContext & { revalidateReason?: 'build' | 'stale' | 'on-demand' }) => Promise<DataResult> | DataResult;
  getStaticPaths?: (context: { locales?: string[]; defaultLocale?: string }) => Promise<StaticPaths> | StaticPaths;
}

/** `_app`: the page's component and props, and the router (the pages router passes it too). */
export type AppComponentProps = { Component: ComponentType<any>; pageProps: PageProps; router: StratusRouter };
export type AppComponent = WithInitialProps<ComponentType<AppComponentProps>, AppInitialPropsContext>;

/** What a page-data file (`/_app/data/<buildId>/….json`) holds. */
export type PageData =
  | { pageProps: PageProps }
  | { notFound: true }
  | { redirect: { destination: string; statusCode: number } };

/**
 * `page` of the built-in error page, which is also served when the app's own error page
 * fails: a name no app page can have, so the browser hydrates it with the built-in page.
 */
export const BUILT_IN_ERROR_PAGE = '/_stratus/error';

/**
 * `Router.pathname` (and `route`) on a page whose embedded `page` is `page`: the built-in
 * error page reads as `/_error`, as the pages router's default error page does (its 404 and
 * 500 alike); the name it is embedded under only tells the browser which component hydrates.
 */
export function routerPathname(page: string): string {
  return page === BUILT_IN_ERROR_PAGE ? '/_error' : page;
}

/** The data embedded in every server-rendered page, read by the browser runtime to hydrate. */
export interface EmbeddedData {
  buildId: string;
  /** Route pattern of the page (`/posts/[slug]`), the app's `/404`, `/500`, `/_error`, or BUILT_IN_ERROR_PAGE. */
  page: string;
  query: Record<string, string | string[]>;
  props: AppProps;
  /** The locale fields are left out in an app without `i18n`, as the pages router leaves them out of `__NEXT_DATA__`. */
  locale?: string;
  locales?: string[];
  defaultLocale?: string;
  isFallback: boolean;
  /** Set on error pages. */
  statusCode?: number;
  /** The app configures locales: the router shows them (undefined otherwise). */
  i18n?: true;
  /** Each page's own stylesheets by route pattern (the manifest's `pageStyles`), for soft navigations; absent when no page has any. */
  pageStyles?: Record<string, string[]>;
  /**
   * The search a rewrite gave a stored (static) page, whose `query` is its params alone: the
   * browser's `router.query` takes it instead of the address bar's once hydrated.
   */
  rewriteSearch?: string;
}

/** A route as the browser runtime knows it. */
export interface ClientRoute {
  pattern: string;
  kind: 'static' | 'ssg' | 'ssr';
  /**
   * A server page whose props come from `getInitialProps` (the page's or `_app`'s): on a
   * soft navigation the browser calls it itself rather than fetching page data.
   */
  initialProps?: boolean;
  segments: RouteSegment[];
  /** Loads the page's chunk; rejects when the script fails to load. */
  load: () => Promise<{ default: ComponentType<any> }>;
}

export interface ClientOptions {
  App?: AppComponent;
  /** In precedence order; segments are derived from the patterns in the browser. */
  routes: Omit<ClientRoute, 'segments'>[];
  /** Loaders of the app's own error pages, when it has them. */
  errorPages: Partial<Record<'404' | '500' | '_error', () => Promise<{ default: ComponentType<any> }>>>;
  /** The app has redirects, rewrites or middleware: navigations ask the server what a URL serves. */
  resolveOnServer?: boolean;
}
