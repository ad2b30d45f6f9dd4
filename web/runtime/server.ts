/**
 * `stratus/server` (and `next/server`): the request and response of `middleware.ts`, shaped
 * like the pages router's so existing middleware runs unchanged. They are web `Request` and
 * `Response` objects; what `NextResponse.next()`, `rewrite()` and `redirect()` ask of the
 * routing layer travels on a symbol, never in a header a visitor could send.
 *
 * @example
 * // middleware.ts
 * import { NextResponse, type NextRequest } from 'stratus/server';
 * export function middleware(request: NextRequest) {
 *   if (!request.cookies.has('session')) return NextResponse.redirect(new URL('/sign-in', request.url));
 *   return NextResponse.next();
 * }
 * export const config = { matcher: '/members/:path*' };
 */
import { RequestCookies, ResponseCookies } from '@edge-runtime/cookies';
import type { RouteCondition } from '../../contract/routing';
import { splitLocale } from './shared/locale-prefix';
import { withoutBasePath } from './shared/site-paths';
import { PendingHeaders } from './shared/pending-headers';

export { RequestCookies, ResponseCookies };

/** The site settings `nextUrl` formats URLs with. */
export interface NextUrlSettings {
  basePath: string;
  locales: readonly string[];
  defaultLocale: string;
  /** Only with more than one locale do paths carry a prefix. */
  i18n: boolean;
  buildId?: string;
}

/**
 * The request URL split the way middleware reads it: `pathname` without the `basePath` and
 * the locale prefix, `locale` apart; `href` puts them back.
 */
export class NextURL {
  private readonly url: URL;
  locale: string;
  private base: string;
  readonly defaultLocale: string;
  readonly locales: readonly string[];
  readonly buildId: string | undefined;
  private readonly i18n: boolean;

  constructor(input: string | URL, settings: NextUrlSettings) {
    this.url = new URL(String(input));
    this.locales = settings.locales;
    this.defaultLocale = settings.defaultLocale;
    this.i18n = settings.i18n;
    this.buildId = settings.buildId;
    // A path outside the basePath (a middleware without a matcher sees those) has none.
    const within = settings.basePath ? withoutBasePath(this.url.pathname, settings.basePath) : this.url.pathname;
    this.base = within === undefined ? '' : settings.basePath;
    const inside = within ?? this.url.pathname;
    const split = this.i18n ? splitLocale(inside, settings) : undefined;
    this.locale = split?.locale ?? settings.defaultLocale;
    this.url.pathname = split?.path ?? inside;
  }

  /** The site's `basePath` when the URL is under it, else `''`; set it to send a redirect under (or out of) a basePath. */
  get basePath(): string {
    return this.base;
  }
  set basePath(value: string) {
    this.base = value === '' || value.startsWith('/') ? value : `/${value}`;
  }

  private settings(): NextUrlSettings {
    return { basePath: this.basePath, locales: this.locales, defaultLocale: this.defaultLocale, i18n: this.i18n, buildId: this.buildId };
  }

  /** Without `basePath` and locale prefix. */
  get pathname(): string {
    return this.url.pathname;
  }
  set pathname(value: string) {
    this.url.pathname = value;
  }
  get search(): string {
    return this.url.search;
  }
  set search(value: string) {
    this.url.search = value;
  }
  get searchParams(): URLSearchParams {
    return this.url.searchParams;
  }
  get hash(): string {
    return this.url.hash;
  }
  set hash(value: string) {
    this.url.hash = value;
  }
  get host(): string {
    return this.url.host;
  }
  set host(value: string) {
    this.url.host = value;
  }
  get hostname(): string {
    return this.url.hostname;
  }
  set hostname(value: string) {
    this.url.hostname = value;
  }
  get port(): string {
    return this.url.port;
  }
  set port(value: string) {
    this.url.port = value;
  }
  get protocol(): string {
    return this.url.protocol;
  }
  set protocol(value: string) {
    this.url.protocol = value;
  }
  get origin(): string {
    return this.url.origin;
  }

  /** The whole URL, `basePath` and locale prefix (none for the default locale) put back. */
  get href(): string {
    const prefix = this.i18n && this.locale !== this.defaultLocale ? `/${this.locale}` : '';
    const path = prefix && this.pathname === '/' ? prefix : prefix + this.pathname;
    const full = this.basePath + path;
    return `${this.origin}${full === '' ? '/' : full}${this.search}${this.hash}`;
  }

  clone(): NextURL {
    return new NextURL(this.href, this.settings());
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }
}

/** Any `HeadersInit` as name/value pairs. */
function toPairs(init: HeadersInit | undefined): Iterable<[string, string]> {
  if (!init) return [];
  // Iterable (a Headers, a RequestHeaders, pairs) or a record: told apart without reading the global Headers (see NextResponse).
  if (Symbol.iterator in init) return init as Iterable<[string, string]>;
  return Object.entries(init as Record<string, string>);
}

/** What NextResponse asks of the routing layer (symbol-keyed: not a header anyone can send). */
export type MiddlewareAction = ({ kind: 'next' } | { kind: 'rewrite'; url: string }) & {
  requestHeaders?: Headers;
  /** Neither the web `Response` nor its headers were ever asked for (see actionResponse): it has no headers or cookies to pass on. */
  unmade?: boolean;
};

/** Shared across copies of this module (an app's bundle and the framework's may each have one). */
export const MIDDLEWARE_ACTION: unique symbol = Symbol.for('stratus.middleware.action') as never;

export interface NextRequestInit extends RequestInit {
  nextConfig?: NextUrlSettings;
  ip?: string;
  geo?: { city?: string; country?: string; region?: string; latitude?: string; longitude?: string };
}

/**
 * A request's headers, read like a web `Headers` (`get`, `has`, iteration; `set`, `append`
 * and `delete` too) over the plain record the function received, without building a
 * `Headers` (about 1 µs, a sizeable share of a middleware run). Names are lower-case.
 * `new Headers(request.headers)` copies it into a real one.
 */
export class RequestHeaders implements Headers {
  /** The headers once copied (at construction, or at the first change of a record read in place). */
  private map: Map<string, string> | undefined;
  /** A record read in place, never written: names lower-case (see `namesLowerCase`). */
  private record: Record<string, string> | undefined;

  /**
   * @param namesLowerCase the init is a record whose names are lower-case already (the
   *   function's own request): it is read in place and copied only on the first change,
   *   which saves about 1 µs on every middleware run that only reads.
   */
  constructor(init: Record<string, string> | Iterable<[string, string]> = {}, namesLowerCase = false) {
    if (namesLowerCase && !(Symbol.iterator in init)) {
      this.record = init as Record<string, string>;
      return;
    }
    this.map = new Map();
    const pairs = Symbol.iterator in init ? (init as Iterable<[string, string]>) : Object.entries(init);
    for (const [name, value] of pairs) this.append(name, value);
  }

  /** The headers as a map that may be changed (the record copied the first time). */
  private writable(): Map<string, string> {
    if (this.map) return this.map;
    const map = new Map<string, string>();
    const record = this.record!;
    for (const name in record) if (Object.hasOwn(record, name)) map.set(name, record[name]!);
    this.record = undefined;
    return (this.map = map);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (this.map) return this.map.get(key) ?? null;
    // Own names only: a header called `constructor` or `__proto__` is just a header.
    return Object.hasOwn(this.record!, key) ? this.record![key]! : null;
  }
  has(name: string): boolean {
    const key = name.toLowerCase();
    return this.map ? this.map.has(key) : Object.hasOwn(this.record!, key);
  }
  set(name: string, value: string): void {
    this.writable().set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const map = this.writable();
    const existing = map.get(key);
    map.set(key, existing === undefined ? String(value) : `${existing}, ${value}`);
  }
  delete(name: string): void {
    this.writable().delete(name.toLowerCase());
  }
  getSetCookie(): string[] {
    return [];
  }
  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this as unknown as Headers);
  }
  *entries(): HeadersIterator<[string, string]> {
    yield* [...this.writable().entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * The request middleware gets: the web `Request`'s fields and body methods, with `nextUrl`,
 * `cookies`, `ip` and `geo`. Built lazily: a web `Request` costs about 5 µs to construct
 * (more than the rest of a middleware's run), so the parts are made when first read, and a
 * `Request` only when the body is (`request.raw()` gives it whole).
 */
export class NextRequest {
  readonly url: string;
  readonly method: string;
  readonly ip: string | undefined;
  readonly geo: NonNullable<NextRequestInit['geo']>;
  /** Kept whole (its own members too, which `Request` ignores): a rest copy cost ≈ 0.3 µs on every middleware run. */
  private readonly init: NextRequestInit;
  private readonly settings: NextUrlSettings;
  private lazyHeaders?: Headers;
  private lazyCookies?: RequestCookies;
  private lazyNextUrl?: NextURL;
  private lazyRequest?: Request;

  constructor(input: string | URL | Request, init: NextRequestInit = {}) {
    // A string or URL first: reading the global Request would load undici (see NextResponse).
    if (typeof input !== 'string' && !(input instanceof URL) && input instanceof Request) {
      this.lazyRequest = new Request(input, init);
      this.url = this.lazyRequest.url;
      this.method = this.lazyRequest.method;
    } else {
      this.url = String(input);
      const method = init.method ?? 'GET';
      this.method = method === 'GET' ? method : method.toUpperCase();
    }
    this.init = init;
    this.settings = init.nextConfig ?? { basePath: '', locales: [], defaultLocale: '', i18n: false };
    this.ip = init.ip;
    this.geo = init.geo ?? {};
  }

  get headers(): Headers {
    if (this.lazyHeaders) return this.lazyHeaders;
    const init = this.init.headers;
    // A RequestHeaders given is taken as it is (the routing layer's, over the function's request), not copied.
    const headers = this.lazyRequest ? this.lazyRequest.headers : init instanceof RequestHeaders ? init : new RequestHeaders(toPairs(init));
    return (this.lazyHeaders = headers as unknown as Headers);
  }

  get cookies(): RequestCookies {
    return (this.lazyCookies ??= new RequestCookies(this.headers));
  }

  get nextUrl(): NextURL {
    return (this.lazyNextUrl ??= new NextURL(this.url, this.settings));
  }

  /** The web `Request` itself (made on first use). */
  raw(): Request {
    return (this.lazyRequest ??= new Request(this.url, { ...this.init, headers: [...this.headers] }));
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.raw().body;
  }
  get bodyUsed(): boolean {
    return this.lazyRequest?.bodyUsed ?? false;
  }
  get signal(): AbortSignal {
    return this.raw().signal;
  }
  text(): Promise<string> {
    return this.raw().text();
  }
  json(): Promise<unknown> {
    return this.raw().json();
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.raw().arrayBuffer();
  }
  formData(): Promise<FormData> {
    return this.raw().formData();
  }
  blob(): Promise<Blob> {
    return this.raw().blob();
  }
  clone(): NextRequest {
    return new NextRequest(this.raw().clone(), { nextConfig: this.settings, ip: this.ip, geo: this.geo });
  }
}

export interface MiddlewareResponseInit extends ResponseInit {
  /** Headers the page, data function or API route sees instead of the visitor's. */
  request?: { headers?: Headers };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Reading the global `Response`, `Headers` or `Request` loads Node's fetch implementation
 * (undici): ≈ 100M instructions on Node 20 and ≈ 150M on Node 22, Lambda's, more than all
 * the rest of a render function's cold start. Most middleware answers `NextResponse.next()`
 * or `rewrite()` (deferred below) and reads only the request's cookies and headers
 * (RequestHeaders), so nothing here reads those globals until a real response is made or
 * the app reads `Response` itself. Until then NextResponse extends this stand-in; the first
 * of those moments makes it extend `Response` (a class's `super` is looked up when it runs).
 */
const ResponseStandIn = function NextResponseBase() {
  throw new TypeError('NextResponse was made before it was tied to Response');
} as unknown as typeof Response;

let tiedToResponse = false;

/** Makes NextResponse (and the deferred answers' prototype) extend the global `Response`; loads undici. */
function tieToResponse(): void {
  if (tiedToResponse) return;
  tiedToResponse = true;
  Object.setPrototypeOf(NextResponse, Response);
  Object.setPrototypeOf(NextResponse.prototype, Response.prototype);
  // A deferred answer's headers are `instanceof Headers` from then on, as the made one's are.
  Object.setPrototypeOf(PendingHeaders.prototype, Headers.prototype);
  forwardResponseMembers(Object.keys(Object.getOwnPropertyDescriptors(Response.prototype)));
}

/** The response middleware returns: a web `Response` with `cookies`, and the pages router's helpers. */
export class NextResponse<Body = unknown> extends ResponseStandIn {
  [MIDDLEWARE_ACTION]?: MiddlewareAction;
  /** Typing aid for `NextResponse.json<T>()`. */
  declare readonly __body?: Body;
  private lazyCookies?: ResponseCookies;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    tieToResponse();
    super(body, init);
  }

  /** A network error, as `Response.error()`. */
  static override error(): Response {
    tieToResponse();
    return Response.error();
  }

  /** Cookies to set (`Set-Cookie` on the answer); made on first use. */
  get cookies(): ResponseCookies {
    return (this.lazyCookies ??= new ResponseCookies(this.headers));
  }

  /** Go on to the page (or API route), optionally with other request headers; the response's headers and cookies are added to its answer. */
  static next(init: MiddlewareResponseInit = {}): NextResponse {
    return actionResponse(init, { kind: 'next', requestHeaders: init.request?.headers });
  }

  /** Serve another path of the site (the address bar keeps the visited URL), or proxy another origin. */
  static rewrite(destination: string | URL | NextURL, init: MiddlewareResponseInit = {}): NextResponse {
    return actionResponse(init, { kind: 'rewrite', url: absoluteUrl(destination, 'rewrite'), requestHeaders: init.request?.headers });
  }

  /** Send the visitor elsewhere: 307 unless a status is given. */
  static override redirect(url: string | URL | NextURL, init?: number | ResponseInit): NextResponse {
    const status = typeof init === 'number' ? init : (init?.status ?? 307);
    if (!REDIRECT_STATUSES.has(status)) throw new RangeError(`NextResponse.redirect: ${status} is not a redirect status (use 301, 302, 303, 307 or 308).`);
    const headers = new Headers(typeof init === 'object' ? init.headers : undefined);
    headers.set('location', absoluteUrl(url, 'redirect'));
    return new NextResponse(null, { ...(typeof init === 'object' ? init : {}), status, headers });
  }

  /** A JSON answer. */
  static override json<JsonBody>(body: JsonBody, init: ResponseInit = {}): NextResponse<JsonBody> {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new NextResponse<JsonBody>(JSON.stringify(body), { ...init, headers });
  }
}

/**
 * `next()` and `rewrite()` answers made without headers are deferred: their web `Response`
 * is made when a member other than `headers` or `cookies` is first used. Most middleware
 * returns them untouched or only sets headers and cookies on them, and making one costs as
 * much as the rest of a middleware run (undici's checks of the init, its state and
 * `Headers`: ≈ 3.4k instructions, ≈ 1 µs), at a cold start the load of undici itself. Their
 * headers are PendingHeaders until then, handed over to the made response's. A deferred
 * answer is a `NextResponse` all the same: `instanceof` holds, and every member of
 * `Response` works on the one made for it.
 */
const MADE = Symbol('stratus.response.made');

interface DeferredResponse extends NextResponse {
  [MADE]: { init: ResponseInit; action: MiddlewareAction; response?: NextResponse; headers?: PendingHeaders };
}

const deferredPrototype: NextResponse = Object.create(NextResponse.prototype);

/** `Response.prototype`'s members by kind, as in Node 20 and 22: known before undici loads. */
const RESPONSE_GETTERS = ['type', 'url', 'redirected', 'status', 'ok', 'statusText', 'headers', 'body', 'bodyUsed'];
const RESPONSE_METHODS = ['clone', 'arrayBuffer', 'blob', 'formData', 'json', 'text', 'bytes'];

/**
 * Gives the deferred answers' prototype a member for each name that works on the response
 * made for it. Called with the names known in advance, then with `Response.prototype`'s
 * own once it is loaded, which adds any a newer Node has and drops any this one lacks.
 */
function forwardResponseMembers(names: readonly string[]): void {
  for (const name of names) {
    // `headers` has a getter of its own (below): PendingHeaders until the response is made.
    if (name === 'constructor' || name === 'headers') continue;
    const key = name as keyof Response;
    const method = tiedToResponse ? typeof Object.getOwnPropertyDescriptor(Response.prototype, name)?.value === 'function' : RESPONSE_METHODS.includes(name);
    Object.defineProperty(
      deferredPrototype,
      name,
      method
        ? {
            configurable: true,
            enumerable: true,
            writable: true,
            value(this: DeferredResponse, ...args: unknown[]) {
              const made = madeFor(this);
              return (made[key] as (...a: unknown[]) => unknown).apply(made, args);
            },
          }
        : {
            configurable: true,
            enumerable: true,
            get(this: DeferredResponse) {
              return madeFor(this)[key];
            },
          },
    );
  }
  if (!tiedToResponse) return;
  for (const name of [...RESPONSE_GETTERS, ...RESPONSE_METHODS]) {
    if (!names.includes(name)) delete (deferredPrototype as unknown as Record<string, unknown>)[name];
  }
}
forwardResponseMembers([...RESPONSE_GETTERS, ...RESPONSE_METHODS]);
// Enumerable, as undici's own members of Response.prototype are.
Object.defineProperty(deferredPrototype, 'headers', {
  configurable: true,
  enumerable: true,
  get(this: DeferredResponse): Headers {
    const state = this[MADE];
    if (state.response) return state.response.headers;
    if (!state.headers) {
      state.headers = new PendingHeaders();
      // It may have headers and cookies to pass on now.
      state.action.unmade = false;
    }
    return state.headers;
  },
});

/**
 * Ties NextResponse to `Response` (and PendingHeaders to `Headers`) whenever anyone first
 * reads either global (an app's `answer instanceof Response`, `new Headers(…)`), so that a
 * deferred answer is a `Response`, and its headers a `Headers`, before that read returns.
 * Node defines the globals as getters that load undici and then replace themselves with the
 * value; this wraps those getters, or ties at once where a global is a plain value already
 * (loaded, or not Node's).
 */
function tieOnFirstRead(global: 'Response' | 'Headers'): void {
  const own = Object.getOwnPropertyDescriptor(globalThis, global);
  if (!own?.get || !own.configurable) {
    tieToResponse();
    return;
  }
  const settle = (value: unknown) => Object.defineProperty(globalThis, global, { configurable: true, enumerable: own.enumerable, writable: true, value });
  Object.defineProperty(globalThis, global, {
    configurable: true,
    enumerable: own.enumerable,
    get() {
      const value = own.get!.call(globalThis) as unknown;
      settle(value);
      tieToResponse();
      return value;
    },
    set: settle,
  });
}
tieOnFirstRead('Response');
tieOnFirstRead('Headers');

function madeFor(deferred: DeferredResponse): NextResponse {
  const state = deferred[MADE];
  if (!state.response) {
    const pending = state.headers;
    state.response = new NextResponse(null, pending ? { ...state.init, headers: [...pending] } : state.init);
    pending?.handOver(state.response.headers);
    state.response[MIDDLEWARE_ACTION] = state.action;
    state.action.unmade = false;
  }
  return state.response;
}

/** A `next()` or `rewrite()` answer: deferred unless its init gives headers (those are passed on). */
function actionResponse(init: MiddlewareResponseInit, action: MiddlewareAction): NextResponse {
  if (init.headers !== undefined) {
    const response = new NextResponse(null, init);
    response[MIDDLEWARE_ACTION] = action;
    return response;
  }
  const deferred = Object.create(deferredPrototype) as DeferredResponse;
  action.unmade = true;
  deferred[MIDDLEWARE_ACTION] = action;
  deferred[MADE] = { init, action };
  return deferred;
}

/** A URL for redirect/rewrite: absolute, as in the pages router (relative URLs do not say which site). */
function absoluteUrl(url: string | URL | NextURL, what: string): string {
  const text = String(url);
  try {
    return new URL(text).href;
  } catch {
    throw new TypeError(`NextResponse.${what}: "${text}" is not an absolute URL. Build it from the request: new URL('${text}', request.url).`);
  }
}

/** `event.waitUntil(promise)`: work that finishes before the function answers (Lambda freezes after). */
export class NextFetchEvent {
  readonly pending: Promise<unknown>[] = [];
  waitUntil(promise: Promise<unknown>): void {
    this.pending.push(promise);
  }
}

/** A matcher entry of `export const config = { matcher }`. */
export type MiddlewareMatcher = string | { source: string; has?: RouteCondition[]; missing?: RouteCondition[]; locale?: false };

export interface MiddlewareConfig {
  matcher?: MiddlewareMatcher | MiddlewareMatcher[];
}

export type NextMiddlewareResult = NextResponse | Response | null | undefined | void;
export type NextMiddleware = (request: NextRequest, event: NextFetchEvent) => NextMiddlewareResult | Promise<NextMiddlewareResult>;
