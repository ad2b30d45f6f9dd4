/**
 * `NextResponse` of middleware (`stratus/server`): a web `Response` with `cookies`, and the
 * pages router's helpers (`next()`, `rewrite()`, `redirect()`, `json()`). What `next()` and
 * `rewrite()` ask of the routing layer travels on a symbol (action.ts). Made so that most
 * middleware never loads Node's fetch implementation (below).
 */
import { ResponseCookies } from '@edge-runtime/cookies';
import { PendingHeaders } from '../shared/pending-headers';
import { extendResponse, lateResponseBase } from '../shared/late-response';
import { MIDDLEWARE_ACTION, type MiddlewareAction } from './action';
import type { NextURL } from './next-url';
import { relativeUrlMessage } from './next-request';

export interface MiddlewareResponseInit extends ResponseInit {
  /** Headers the page, data function or API route sees instead of the visitor's. */
  request?: { headers?: Headers };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Most middleware answers `NextResponse.next()` or `rewrite()` (deferred below) and reads only
 * the request's cookies and headers (RequestHeaders), so nothing here reads `Response`,
 * `Headers` or `Request` (undici: shared/late-response.ts) until a real response is made or
 * the app reads `Response` itself; NextResponse extends this stand-in until then.
 */
const ResponseStandIn = lateResponseBase('NextResponse');

let tiedToResponse = false;

/** Makes NextResponse (and the deferred answers' prototype) extend the global `Response`; loads undici. */
function tieToResponse(): void {
  if (tiedToResponse) return;
  tiedToResponse = true;
  extendResponse(NextResponse);
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
    throw new TypeError(`NextResponse.${what}: ${relativeUrlMessage(text)}`);
  }
}

