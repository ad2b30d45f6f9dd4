/**
 * The routing layer's rules as an app writes them (`redirects()`, `rewrites()`, `headers()`,
 * `basePath`, `trailingSlash` in its config) and as the build records them in the manifest
 * (**contract**: the render function and the local server read the resolved form).
 * The rule shape is the pages router's: https://nextjs.org/docs/pages/api-reference/config/next-config-js/redirects
 *
 * @example
 * export default {
 *   async redirects() {
 *     return [{ source: '/blog/:slug', destination: '/posts/:slug', permanent: true }];
 *   },
 * } satisfies StratusConfig;
 */

/** A condition on the request: present (and matching `value`, a regex, when given). */
export type RouteCondition =
  | { type: 'header' | 'cookie' | 'query'; key: string; value?: string }
  | { type: 'host'; key?: undefined; value: string };

interface RuleCommon {
  /** Path pattern: `/blog/:slug`, `/docs/:path*`, `/a/:b+`, `/c/:d?`, `/post/:id(\\d+)`. */
  source: string;
  has?: RouteCondition[];
  missing?: RouteCondition[];
  /** `false`: the source is matched without the `basePath` (and a redirect's destination gets none). */
  basePath?: false;
  /** `false`: the source is matched as written, locale prefix included. */
  locale?: false;
}

export interface Redirect extends RuleCommon {
  /** A path with the source's params (`/posts/:slug`), a query, or another origin (`https://…`). */
  destination: string;
  /** 308 when true, 307 when false; or give `statusCode`. */
  permanent?: boolean;
  statusCode?: 301 | 302 | 303 | 307 | 308;
}

export interface Rewrite extends RuleCommon {
  /** The path (with params) to serve instead, or another origin's URL to proxy. */
  destination: string;
}

export interface HeaderRule extends RuleCommon {
  headers: { key: string; value: string }[];
}

export interface RewriteGroups {
  /** After redirects and middleware, before pages and public files. */
  beforeFiles: Rewrite[];
  /** After pages without params and public files, before dynamic routes. */
  afterFiles: Rewrite[];
  /** When nothing else matched. */
  fallback: Rewrite[];
}

/** A redirect as the build records it: its status settled. */
export interface ResolvedRedirect extends Omit<Redirect, 'permanent' | 'statusCode'> {
  statusCode: 301 | 302 | 303 | 307 | 308;
}

/** The routing layer of a build; absent from the manifest when the app uses none of it. */
export interface ResolvedRouting {
  /** `''`, or the path the site is mounted under (`/docs`). */
  basePath: string;
  /** True: `/about/` is the canonical URL and `/about` answers 308 to it; false: the other way round. */
  trailingSlash: boolean;
  /** True (`skipTrailingSlashRedirect`): both spellings answer, none redirected; URLs keep the slash as written. */
  skipTrailingSlashRedirect?: true;
  redirects: ResolvedRedirect[];
  rewrites: RewriteGroups;
  headers: HeaderRule[];
  /** The app has a `middleware.ts`. */
  middleware: boolean;
}

/** True when a build's routing layer changes anything for a request. */
export function hasRoutingRules(routing: ResolvedRouting | undefined): routing is ResolvedRouting {
  if (!routing) return false;
  const { rewrites } = routing;
  return (
    routing.middleware ||
    routing.redirects.length + routing.headers.length + rewrites.beforeFiles.length + rewrites.afterFiles.length + rewrites.fallback.length > 0
  );
}
