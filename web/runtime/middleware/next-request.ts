/** `NextRequest` of middleware (`stratus/server`): the request, its cookies and `nextUrl`, built lazily. */
import { RequestCookies } from '@edge-runtime/cookies';
import { NextURL, type NextUrlSettings } from './next-url';
import { RequestHeaders } from './request-headers';

/** Any `HeadersInit` as name/value pairs. */
function toPairs(init: HeadersInit | undefined): Iterable<[string, string]> {
  if (!init) return [];
  // Iterable (a Headers, a RequestHeaders, pairs) or a record: told apart without reading the global Headers (see NextResponse).
  if (Symbol.iterator in init) return init as Iterable<[string, string]>;
  return Object.entries(init as Record<string, string>);
}

export interface NextRequestInit extends RequestInit {
  nextConfig?: NextUrlSettings;
  ip?: string;
  geo?: { city?: string; country?: string; region?: string; latitude?: string; longitude?: string };
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Next's words for a relative URL where middleware needs an absolute one (its docs page explains), then how to build one. */
export const relativeUrlMessage = (url: string) => `URL is malformed "${url}". Please use only absolute URLs - https://nextjs.org/docs/messages/middleware-relative-urls (build one from the request: new URL('${url}', request.url))`;

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
      // A relative URL fails here, as in the pages router, not at its first use (a scheme test: no URL parse per request).
      if (!HAS_SCHEME.test(this.url)) throw new TypeError(relativeUrlMessage(this.url));
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
