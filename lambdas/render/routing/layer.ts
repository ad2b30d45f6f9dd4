/**
 * The routing layer: what happens to a request between reading it and matching a route,
 * in the pages router's order:
 *
 *   headers → trailing slash → redirects → middleware → beforeFiles rewrites
 *     → pages without params and public files → afterFiles rewrites
 *     → dynamic routes → fallback rewrites
 *
 * It sees page, page-data (by the page's path) and API requests alike. Its end is an
 * answer (a redirect, middleware's own response, a proxied or own-origin file) or the
 * target to route, maybe rewritten; with headers to add either way, and whether the answer
 * depends on the visitor (then no shared cache may keep it).
 */
import { isApiPath } from '../../../contract/manifest';
import { withTrailingSlash } from '../../../web/runtime/shared/site-paths';
import { hasRoutingRules, type ResolvedRouting } from '../../../contract/routing';
import { extend } from '../../shared/extend';
import type { CoreRequest, CoreResponse } from '../../shared/http';
import { NO_STORE, RULE_REDIRECT } from '../../shared/cache-control';
import { viewerHostname } from '../../shared/viewer-host';
import { parseCookies } from '../../shared/cookies';
import type { Outcome, Target } from '../core/outcome';
import { destinationUrl, type Destination } from './destination';
import type { Middleware, MiddlewareResult } from './middleware';
import type { Proxy } from './proxy';
import type { RuleRequest } from './rule-match';
import type { CompiledRouting } from './rules';

/** What a site path names: a page without params, only a dynamic route, a file of the site (public, static, image), or nothing. */
export type PathKind = 'page' | 'dynamic' | 'file' | 'none';

export interface RoutingLayerOptions {
  routing: ResolvedRouting;
  rules: CompiledRouting;
  middleware?: Middleware;
  /** What a site path (locale prefix on, percent-encoded) names. */
  probe(path: string): PathKind;
  proxy: Proxy;
  /** A file of the site itself, as its edge serves it (a rewrite to a public file or the image path). */
  fetchOwn(pathAndQuery: string, request: CoreRequest): Promise<CoreResponse>;
}

export interface LayerEnd {
  answer?: Outcome;
  /** The target to route when there is no answer. */
  target: Target;
  headers?: Record<string, string>;
  cookies?: string[];
  /** The answer depends on the visitor (middleware ran, or a rule read a header, cookie or host). */
  perVisitor: boolean;
  /** The path the target was rewritten to (page data tells the client which page to show). */
  rewrittenTo?: string;
}

function redirectTo(destination: string, statusCode: number, perVisitor: boolean): Outcome {
  // Config redirects are the same for every visitor unless a rule read the visitor's headers; still never kept long, a deploy may change them.
  return { kind: 'redirect', destination, statusCode, cacheControl: perVisitor ? NO_STORE : RULE_REDIRECT };
}

/**
 * A path of this site as a `Location`: one leading slash (`//host` and `/\\host` leave the
 * site), and what a header cannot carry percent-encoded (the edge function does the same).
 */
function sitePath(path: string): string {
  return '/' + path.replace(/^[/\\]+/, '').replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g, (ch) => encodeURIComponent(ch));
}

/**
 * A target as rules read it. Cookies and the host are worked out only when a rule asks
 * (getters on a class: an object literal with getters costs ~0.4 µs to make, every request).
 */
class TargetRuleRequest implements RuleRequest {
  readonly path: string;
  readonly search: URLSearchParams;
  readonly headers: Record<string, string>;
  withoutLocale?: { path: string; localePrefix: string };
  private readonly request: CoreRequest;
  private parsedCookies?: Record<string, string>;
  private viewerHost?: string;

  constructor(target: Target) {
    this.path = target.path.length > 1 && target.path.endsWith('/') ? target.path.replace(/\/+$/, '') || '/' : target.path;
    this.search = target.search;
    this.headers = target.request.headers;
    this.request = target.request;
  }

  get host(): string {
    return (this.viewerHost ??= viewerHostname(this.request));
  }

  get cookies(): Record<string, string> {
    return (this.parsedCookies ??= parseCookies(this.headers.cookie));
  }
}

/**
 * The end of a run that lets the target through, with what the run gathered: one literal
 * (the copy by `Object.assign` that `extend` makes took ≈ 9 % of the layer's time).
 */
function through(end: Omit<LayerEnd, 'target'>, target: Target): LayerEnd {
  return { target, answer: end.answer, headers: end.headers, cookies: end.cookies, perVisitor: end.perVisitor, rewrittenTo: end.rewrittenTo };
}

/** A data request the layer cannot answer as page data (another origin, a file, an API route): the client then loads the page in full. */
const FULL_LOAD: Outcome = { kind: 'notPageData' };

/** The routing layer of one build (created by site-routing.ts). */
export interface RoutingLayer {
  /**
   * The layer over one request; a promise only when a step waits (an asynchronous
   * middleware, a rewrite), so a request it lets straight through costs no microtask turns.
   * Throws (or rejects with) what middleware throws (the core answers 500).
   */
  run(target: Target): LayerEnd | Promise<LayerEnd>;
  /**
   * A request outside the `basePath` (`start.path` is its whole path): only redirects with
   * `basePath: false` apply; undefined when none matches (the core answers 404).
   */
  outside(start: Target): LayerEnd | undefined | Promise<LayerEnd | undefined>;
  /**
   * Whether a request for this target could meet anything per request here (a header rule, a
   * redirect, a rewrite or middleware whose source takes its path, conditions aside). The build
   * asks it of every prerendered page: only a page nothing applies to may be answered by the
   * edge straight from the bucket.
   */
  mayApply(target: Target): boolean;
}

export function createRoutingLayer(options: RoutingLayerOptions): RoutingLayer {
  const { routing, rules, middleware, probe } = options;
  const hasAfterFiles = rules.hasRewrites('afterFiles');
  const hasFallback = rules.hasRewrites('fallback');
  const hasBeforeFiles = rules.hasRewrites('beforeFiles');
  /** Rules or middleware to run (trailing slashes are handled either way). */
  const active = hasRoutingRules(routing);

  /** Adds the trailing slash the site's URLs carry (`trailingSlash: true`) to an internal path. */
  function canonical(path: string): string {
    return routing.trailingSlash && !path.endsWith('/') ? withTrailingSlash(path, true) : path;
  }

  /**
   * The path middleware runs on, in the form a visit to it has: page data's is its page's
   * URL, trailing slash and all, as the pages router hands middleware a data request (so it
   * rewrites a navigation's data as it rewrites the page), and so is a config rewrite's
   * destination (so a page it refuses at `/admin/` is refused at a rewrite to `/admin` too).
   */
  function middlewarePath(target: Target): string {
    return canonical(target.path);
  }

  function withCanonicalPath(destination: Destination): string {
    return destinationUrl(destination.external ? destination : { ...destination, base: sitePath(canonical(destination.base)) });
  }

  /** A rewrite's destination as the end of the layer: proxied, an own file, or the target to route. */
  async function land(destination: Destination, target: Target, end: Omit<LayerEnd, 'target'>): Promise<LayerEnd> {
    if (destination.external) {
      if (target.format === 'json') return extend(end, { target, answer: FULL_LOAD });
      const response = await options.proxy(new URL(destinationUrl({ ...destination, hash: '' })), target.request);
      return extend(end, { target, answer: { kind: 'response', response } });
    }
    const path = destination.base;
    const search = destination.search.toString();
    const kind = probe(path);
    if (kind === 'file' || path.startsWith('/_app/')) {
      if (target.format === 'json') return extend(end, { target, answer: FULL_LOAD });
      if (kind !== 'file') return extend(end, { target, answer: { kind: 'notFound', locale: '', asPath: target.path } });
      const response = await options.fetchOwn(path + (search ? `?${search}` : ''), target.request);
      return extend(end, { target, answer: { kind: 'response', response } });
    }
    let format = target.format;
    if (isApiPath(path) !== (format === 'api')) {
      // A page rewritten to an API route (or back) answers as what it now is; page data cannot.
      if (format === 'json') return extend(end, { target, answer: FULL_LOAD });
      format = isApiPath(path) ? 'api' : 'html';
    }
    const visited = target.visited ?? { path: target.path, search: target.search };
    return extend(end, { target: extend(target, { format, path, search: destination.search, visited }), rewrittenTo: path + (search ? `?${search}` : '') });
  }

  /** Applies what middleware asked for (other request headers, response headers and cookies) to the run so far. */
  function absorb(result: MiddlewareResult, target: Target, end: Omit<LayerEnd, 'target'>): Target {
    if (result.headers) end.headers = extend(end.headers ?? {}, result.headers);
    if (result.cookies) end.cookies = [...(end.cookies ?? []), ...result.cookies];
    if (!result.requestHeaders) return target;
    return extend(target, { request: extend(target.request, { headers: result.requestHeaders }) });
  }

  /** Middleware's redirect or rewrite URL: a path of this site when it names the viewer's origin. */
  function ownPath(url: URL, request: CoreRequest): string | undefined {
    if (url.hostname.toLowerCase() !== viewerHostname(request)) return undefined;
    const path = url.pathname;
    if (!routing.basePath) return path;
    if (path === routing.basePath || path.startsWith(routing.basePath + '/')) return path.slice(routing.basePath.length) || '/';
    return undefined;
  }

  /** Middleware's answer as the end of the layer, or the target to go on with; a promise only for a rewrite. */
  function afterMiddleware(result: MiddlewareResult, target: Target, end: Omit<LayerEnd, 'target'>): LayerEnd | Target | Promise<LayerEnd> {
    const next = absorb(result, target, end);
    switch (result.kind) {
      case 'next':
        return next;
      case 'response':
        return extend(end, { target: next, answer: { kind: 'response', response: result.response } });
      case 'redirect': {
        // Same-origin URLs become paths, so a soft navigation follows them without a full load.
        let location = result.location;
        try {
          const url = new URL(location);
          if (url.hostname.toLowerCase() === viewerHostname(target.request)) location = url.pathname + url.search + url.hash;
        } catch {
          // A relative location stays as it is.
        }
        return extend(end, { target: next, answer: { kind: 'redirect', destination: location, statusCode: result.statusCode, cacheControl: NO_STORE, byMiddleware: true } });
      }
      case 'rewrite': {
        const path = ownPath(result.url, target.request);
        const search = new URLSearchParams(result.url.search);
        const destination: Destination = path === undefined ? { external: true, base: result.url.origin + result.url.pathname, search, hash: '' } : { external: false, base: path, search, hash: '' };
        return land(destination, next, end);
      }
    }
  }

  /**
   * Runs middleware again on a path a config rewrite reached, when its matcher takes that
   * path: a rewrite cannot reach a page middleware would have refused.
   */
  async function guard(ended: LayerEnd, ranOn: string | undefined): Promise<LayerEnd> {
    if (!middleware || ended.answer || ended.target.path === ranOn) return ended;
    const request = ruleRequest(ended.target);
    if (!middleware.matches(request)) return ended;
    const result = await middleware.run(middlewarePath(ended.target), ended.target.search.toString(), ended.target.request);
    if (result.kind === 'next') {
      const target = absorb(result, ended.target, ended);
      return extend(ended, { target, perVisitor: true });
    }
    const after = await afterMiddleware(result, ended.target, extend(ended, { perVisitor: true }));
    return 'format' in after ? extend(ended, { target: after, perVisitor: true }) : after;
  }

  /** A rewrite's destination as the end of the layer, middleware run again there when its matcher takes it. */
  async function landed(destination: Destination, target: Target, end: Omit<LayerEnd, 'target'>, ranOn: string | undefined): Promise<LayerEnd> {
    return guard(await land(destination, target, end), ranOn);
  }

  function ruleRequest(target: Target): RuleRequest {
    return new TargetRuleRequest(target);
  }

  /** RoutingLayer.run: the steps in the pages router's order (the list at the top of this file). */
  function run(target: Target): LayerEnd | Promise<LayerEnd> {
    // The basePath itself, with the slash or without as the site chose: `/base` → `/base/` under trailingSlash, `/base/` → `/base` otherwise.
    if (routing.basePath && !routing.skipTrailingSlashRedirect && target.format !== 'json' && target.path === '/' && target.request.path === (routing.trailingSlash ? routing.basePath : `${routing.basePath}/`)) {
      const search = target.search.toString();
      const destination = (routing.trailingSlash ? `${routing.basePath}/` : routing.basePath) + (search ? `?${search}` : '');
      return { target, perVisitor: false, answer: { kind: 'redirect', destination, statusCode: 308, cacheControl: RULE_REDIRECT } };
    }
    // One URL per page: with or without the trailing slash, as the site chose (both answer under
    // `skipTrailingSlashRedirect`, whose middleware settles it). Page data has none.
    if (!routing.skipTrailingSlashRedirect && target.format !== 'json' && target.path !== '/' && (routing.trailingSlash || target.path.endsWith('/'))) {
      // The rule Link and the router write URLs by (web/runtime/shared/site-paths.ts); a path of slashes alone is the edge's.
      const path = withTrailingSlash(target.path, routing.trailingSlash);
      if (path !== target.path && path !== '/' && path !== '') {
        const search = target.search.toString();
        const found = active ? rules.headersFor(ruleRequest(target)) : undefined;
        const destination = routing.basePath + sitePath(path) + (search ? `?${search}` : '');
        return { headers: found?.headers, perVisitor: found?.variesPerVisitor ?? false, target, answer: { kind: 'redirect', destination, statusCode: 308, cacheControl: RULE_REDIRECT } };
      }
    }
    if (!active) return { target, perVisitor: false };

    const request = ruleRequest(target);
    const found = rules.headersFor(request);
    const end: Omit<LayerEnd, 'target'> = { headers: found.headers, perVisitor: found.variesPerVisitor };

    const redirect = rules.redirectFor(request);
    if (rules.redirectsVaryFor(request)) end.perVisitor = true;
    // Page data of a path a config redirect answers: the client loads the URL in full (which the redirect answers), as the pages router's does; no failed request.
    if (redirect) return extend(end, { target, answer: target.format === 'json' ? FULL_LOAD : redirectTo(withCanonicalPath(redirect.location), redirect.statusCode, end.perVisitor) });

    if (middleware?.matches(request)) {
      end.perVisitor = true;
      const ran = middleware.run(middlewarePath(target), target.search.toString(), target.request);
      return ran instanceof Promise ? ran.then((result) => afterRan(result, target, request, end)) : afterRan(ran, target, request, end);
    }
    return rewrites(target, target, request, end, undefined);
  }

  /**
   * Goes on from middleware's result: its own answer, or the config rewrites on the target it
   * let through or rewrote to (a middleware rewrite to `/old-docs` meets the rule for
   * `/old-docs`, as in the pages router, where the rewrite groups come after middleware).
   */
  function afterRan(result: MiddlewareResult, start: Target, request: RuleRequest, end: Omit<LayerEnd, 'target'>): LayerEnd | Promise<LayerEnd> {
    const ended = afterMiddleware(result, start, end);
    if (ended instanceof Promise) return ended.then((landed) => (landed.answer ? landed : rewrites(start, landed.target, request, landed, start.path)));
    if (!('format' in ended)) return ended;
    return rewrites(start, ended, request, end, start.path);
  }

  /** The rewrite groups around the route table, for `target` (`start`, or what middleware let through, read by `request` when unchanged). */
  function rewrites(start: Target, target: Target, request: RuleRequest, end: Omit<LayerEnd, 'target'>, ranOn: string | undefined): LayerEnd | Promise<LayerEnd> {
    const current = (): RuleRequest => (target === start ? request : ruleRequest(target));
    if (hasBeforeFiles) {
      if (rules.rewritesVaryFor('beforeFiles', current())) end.perVisitor = true;
      const rewrite = rules.rewrite('beforeFiles', current());
      if (rewrite) return landed(rewrite.destination, target, end, ranOn);
    }
    if (!hasAfterFiles && !hasFallback) return through(end, target);
    // The route table is looked up only when a later rewrite could apply to this path.
    if (!rules.mayRewrite('afterFiles', current()) && !rules.mayRewrite('fallback', current())) return through(end, target);
    const kind = probe(current().path);
    if (kind === 'page' || kind === 'file') return through(end, target);
    if (hasAfterFiles) {
      if (rules.rewritesVaryFor('afterFiles', current())) end.perVisitor = true;
      const rewrite = rules.rewrite('afterFiles', current());
      if (rewrite) return landed(rewrite.destination, target, end, ranOn);
    }
    if (kind === 'dynamic') return through(end, target);
    if (hasFallback) {
      if (rules.rewritesVaryFor('fallback', current())) end.perVisitor = true;
      const rewrite = rules.rewrite('fallback', current());
      if (rewrite) return landed(rewrite.destination, target, end, ranOn);
    }
    return through(end, target);
  }

  /** RoutingLayer.outside: `basePath: false` redirects, then a middleware without a matcher (its redirect or own answer); else nothing. */
  function outside(start: Target): LayerEnd | undefined | Promise<LayerEnd | undefined> {
    if (!routing.basePath) return undefined;
    const found = rules.redirectOutside(ruleRequest(start));
    if (found) return { target: start, perVisitor: found.variesPerVisitor, answer: redirectTo(found.location, found.statusCode, found.variesPerVisitor) };
    const ran = middleware?.runOutside(start.path, start.search.toString(), start.request);
    if (!ran) return undefined;
    const answered = (result: MiddlewareResult): LayerEnd | undefined => {
      // Only an answer counts outside the basePath: going on (or a rewrite) meets no page there.
      if (result.kind !== 'redirect' && result.kind !== 'response') return undefined;
      const end = afterMiddleware(result, start, { perVisitor: true });
      return end instanceof Promise || !('perVisitor' in end) ? undefined : end;
    };
    return ran instanceof Promise ? ran.then(answered) : answered(ran);
  }

  function mayApply(target: Target): boolean {
    if (!active) return false;
    const request = ruleRequest(target);
    return rules.mayApply(request) || (middleware?.mayMatch(request) ?? false);
  }

  return { run, outside, mayApply };
}

