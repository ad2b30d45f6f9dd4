/**
 * The app's `middleware.ts`: which requests its `config.matcher` takes, and what its
 * answer asks for (go on, maybe with other request headers; rewrite; redirect; or its own
 * response), read off the NextResponse it returns.
 */
import { StratusError } from '../../../contract/errors';
import type { MIDDLEWARE_ACTION, MiddlewareAction } from '../../../web/runtime/middleware/action';
import type { NextFetchEvent } from '../../../web/runtime/middleware/fetch-event';
import type { MiddlewareConfig, MiddlewareMatcher, NextMiddleware, NextMiddlewareResult } from '../../../web/runtime/middleware/middleware-module';
import type { NextRequest } from '../../../web/runtime/middleware/next-request';
import type { NextResponse } from '../../../web/runtime/middleware/next-response';
import type { RequestHeaders } from '../../../web/runtime/middleware/request-headers';
import { webBodyOf, type CoreRequest, type CoreResponse } from '../../shared/http';
import { fromWebStream } from '../../shared/streamed-body';
import { viewerOrigin } from '../../shared/viewer-host';
import { inSpan } from '../../shared/tracing/otel';
import { compileRule, indexRules, sourceMatches, testRule, type CompiledRule, type RuleContext } from './rules';
import type { RuleRequest } from './rule-match';

export interface MiddlewareModule {
  middleware?: NextMiddleware;
  default?: NextMiddleware;
  config?: MiddlewareConfig;
}

/**
 * The app's middleware and `stratus/server` beside it: the build passes both in, so an app
 * without middleware carries neither (nor its cookie library) in its bundle.
 */
export interface AppMiddleware {
  module: MiddlewareModule;
  /** The app's copy of `stratus/server` (web/runtime/server.ts), whose classes its middleware's answers are made of. */
  runtime: {
    NextRequest: typeof NextRequest;
    NextResponse: typeof NextResponse;
    NextFetchEvent: typeof NextFetchEvent;
    MIDDLEWARE_ACTION: typeof MIDDLEWARE_ACTION;
    RequestHeaders: typeof RequestHeaders;
  };
}

/** Middleware exports that cannot run: named at cold start (and so at build time). */
export class MiddlewareConfigError extends StratusError {
  constructor(message: string) {
    super('MIDDLEWARE_INVALID', message, { file: 'middleware.ts' });
    this.name = 'MiddlewareConfigError';
  }
}

/** What the routing layer does after middleware. */
export type MiddlewareResult = (
  | { kind: 'next' }
  | { kind: 'rewrite'; url: URL }
  | { kind: 'redirect'; location: string; statusCode: number }
  | { kind: 'response'; response: CoreResponse }
) & {
  /** Request headers the rest of the request sees instead of the visitor's. */
  requestHeaders?: Record<string, string>;
  /** Added to whatever answers. */
  headers?: Record<string, string>;
  cookies?: string[];
};

/** The request as middleware sees it: the site's URL settings, and the viewer's origin. */
export interface MiddlewareSettings extends RuleContext {
  buildId: string;
  /** The site's `trailingSlash` (`nextUrl.href` writes the root with it). */
  trailingSlash?: boolean;
}

/** The headers as a record, `skip`'s names left out; undefined when none is left (no object made). */
function toRecord(headers: Headers, skip?: Set<string>): Record<string, string> | undefined {
  let record: Record<string, string> | undefined;
  headers.forEach((value, key) => {
    if (!skip?.has(key)) (record ??= {})[key] = value;
  });
  return record;
}

/** Headers of the middleware's response that are not passed on to the answer. */
const NOT_PASSED_ON = new Set(['set-cookie', 'location', 'content-length', 'content-type']);

/** The app's middleware, read once at cold start. */
export interface Middleware {
  /** Whether the matcher takes the request (no matcher: every request that reaches the function). */
  matches(request: RuleRequest): boolean;
  /** Whether the matcher could take a request for this path, whatever its headers, cookies and query (conditions aside). */
  mayMatch(request: RuleRequest): boolean;
  /**
   * Runs the middleware on a path of the site (locale prefix on, no basePath). Throws (or
   * rejects with) what it throws. A middleware that answers at once is read at once: no
   * promise unless it returns one or uses `waitUntil`.
   */
  run(path: string, search: string, request: CoreRequest): MiddlewareResult | Promise<MiddlewareResult>;
  /**
   * A middleware without a matcher runs for paths outside the `basePath` too, as in the
   * pages router (its matchers are under the basePath): the whole path, `nextUrl.basePath`
   * empty. Undefined when it does not run there.
   */
  runOutside(path: string, search: string, request: CoreRequest): MiddlewareResult | Promise<MiddlewareResult> | undefined;
}

/** Throws MiddlewareConfigError when the module cannot run (no function, a bad matcher). */
export function createMiddleware({ module, runtime }: AppMiddleware, settings: MiddlewareSettings): Middleware {
  const { NextRequest, NextFetchEvent, RequestHeaders } = runtime;
  const run = module.middleware ?? module.default;
  if (typeof run !== 'function') {
    throw new MiddlewareConfigError('middleware.ts must export a function: `export function middleware(request) { … }` (or a default export).');
  }
  const handler = run;
  const raw = module.config?.matcher;
  const entries: MiddlewareMatcher[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  let matchers: CompiledRule[];
  try {
    matchers = entries.flatMap(withIndexSpelling).map((entry) => compileRule(typeof entry === 'string' ? { source: entry } : entry));
  } catch (error) {
    throw new MiddlewareConfigError(`middleware.ts config.matcher: ${(error as Error).message}`);
  }
  for (const entry of entries) {
    const source = typeof entry === 'string' ? entry : entry?.source;
    if (typeof source !== 'string' || !source.startsWith('/')) {
      throw new MiddlewareConfigError(`middleware.ts config.matcher: ${JSON.stringify(source)} must be a path starting with "/".`);
    }
  }
  // Only the matchers that could take the request's path are tested (rule-index.ts).
  const candidates = indexRules(matchers, (matcher) => matcher, settings);
  const urlSettings = { basePath: settings.basePath, locales: settings.locales.locales, defaultLocale: settings.locales.defaultLocale, i18n: settings.locales.locales.length > 1, buildId: settings.buildId, trailingSlash: settings.trailingSlash };

  return {
    matches(request) {
      return matchers.length === 0 || candidates(request).some((matcher) => (matcher.has || matcher.missing ? testRule(matcher, request, settings) !== undefined : sourceMatches(matcher, request, settings)));
    },

    mayMatch(request) {
      return matchers.length === 0 || candidates(request).some((matcher) => sourceMatches(matcher, request, settings));
    },

    run(path, search, request) {
      return runAt(`${settings.basePath}${path}`, search, request);
    },

    runOutside(path, search, request) {
      return matchers.length === 0 && settings.basePath ? runAt(path, search, request) : undefined;
    },
  };

  /** Runs the middleware on a whole path (basePath and all), in a span; what it throws is marked as middleware's. */
  function runAt(fullPath: string, search: string, request: CoreRequest): MiddlewareResult | Promise<MiddlewareResult> {
    return inSpan('middleware', { 'url.path': fullPath }, () => {
      try {
        const ran = runOnce(fullPath, search, request);
        return ran instanceof Promise ? ran.catch(thrownByMiddleware) : ran;
      } catch (error) {
        return thrownByMiddleware(error);
      }
    });
  }

  function runOnce(fullPath: string, search: string, request: CoreRequest): MiddlewareResult | Promise<MiddlewareResult> {
    {
      const url = `${viewerOrigin(request)}${fullPath}${search ? `?${search}` : ''}`;
      const event = new NextFetchEvent();
      const nextRequest = new NextRequest(url, {
        method: request.method,
        // Read in place: the adapter lower-cased the names.
        headers: new RequestHeaders(request.headers, true),
        body: webBodyOf(request),
        nextConfig: urlSettings,
        // The viewer's address: X-Real-IP, which the viewer-request function sets from CloudFront's
        // own record of it (a visitor's is dropped; X-Forwarded-For begins with what the visitor wrote).
        ip: request.headers['x-real-ip']?.trim(),
        geo: { country: request.headers['cloudfront-viewer-country'], city: request.headers['cloudfront-viewer-city'], region: request.headers['cloudfront-viewer-country-region'] },
      });
      const answer = handler(nextRequest, event);
      if (answer instanceof Promise || event.pending.length > 0) return settle(answer, event, runtime);
      return readAnswer(answer, runtime);
    }
  }
}

/**
 * A matcher for the root also takes the home page's other spelling, `/index` (and, with
 * i18n, `/<locale>/index`), as the pages router's matcher does: a middleware guarding `/`
 * is not stepped around by asking for `/index`.
 */
function withIndexSpelling(entry: MiddlewareMatcher): MiddlewareMatcher[] {
  const source = typeof entry === 'string' ? entry : entry?.source;
  if (source !== '/') return [entry];
  return [entry, typeof entry === 'string' ? '/index' : { ...entry, source: '/index' }];
}

/** Errors middleware threw (or its answer could not be read): `onRequestError` names them `proxy`. */
const middlewareErrors = new WeakSet<object>();

function thrownByMiddleware(error: unknown): never {
  if (typeof error === 'object' && error !== null) middlewareErrors.add(error);
  throw error;
}

/** Whether middleware threw `error`. */
export function isMiddlewareError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && middlewareErrors.has(error);
}


/** An asynchronous middleware's answer, once it and the work it passed to `waitUntil` are done. */
async function settle(answer: NextMiddlewareResult | Promise<NextMiddlewareResult>, event: { pending: Promise<unknown>[] }, runtime: AnswerRuntime): Promise<MiddlewareResult> {
  const settled = await answer;
  if (event.pending.length > 0) await Promise.allSettled(event.pending);
  return readAnswer(settled, runtime);
}

/** What reading an answer needs of the middleware runtime. */
type AnswerRuntime = Pick<AppMiddleware['runtime'], 'NextResponse' | 'MIDDLEWARE_ACTION'>;

/** What the middleware's return value asks for. */
function readAnswer(answer: NextMiddlewareResult, { NextResponse, MIDDLEWARE_ACTION }: AnswerRuntime): MiddlewareResult {
  if (!answer) return { kind: 'next' };
  // A NextResponse (every one is a Response) is told apart first: `instanceof Response`
  // reads the global, which loads undici (≈ 100M instructions at a cold start).
  if (!(answer instanceof NextResponse) && !(answer instanceof Response)) throw new TypeError('middleware must return a NextResponse, a Response, or nothing.');
  const action = (answer as unknown as Record<symbol, MiddlewareAction | undefined>)[MIDDLEWARE_ACTION];
  let result: MiddlewareResult;
  if (action?.kind === 'next') result = { kind: 'next' };
  else if (action?.kind === 'rewrite') result = { kind: 'rewrite', url: new URL(action.url) };
  else {
    const location = answer.headers.get('location');
    // Its own answer: the body passes on as it comes (streamed where the platform streams, read whole where it buffers: render-core.ts).
    if (!location || answer.status < 300 || answer.status >= 400) return { kind: 'response', response: fromWebStream(answer) };
    result = { kind: 'redirect', location, statusCode: answer.status };
  }
  // The answer's headers (but its cookies, location and body's) go on to whatever answers;
  // a response never made has none (and reading them would make it).
  if (!action?.unmade) {
    const headers = toRecord(answer.headers, NOT_PASSED_ON);
    if (headers || result.kind === 'redirect') result.headers = headers ?? {};
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) result.cookies = cookies;
  }
  // Empty is meaningful here: the page sees no request headers at all.
  if (action?.requestHeaders) result.requestHeaders = toRecord(action.requestHeaders) ?? {};
  return result;
}
