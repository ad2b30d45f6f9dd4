/**
 * The route stage: a target's path to a page route, its params and its locale. Answers
 * itself when the path is malformed (400) or matches no page (404). The default locale
 * spelled out (`/en/about`) is the page in that locale, as the pages router serves it. API routes are matched
 * apart (`routeApi`): by the path as it is, no locale prefix, against API routes alone.
 */
import type { ManifestRoute } from '../../../contract/manifest';
import type { ApiModule, PageModule } from '../../../web/runtime/shared/page-types';
import { splitLocaleSegments, type LocaleSettings } from '../../../web/runtime/shared/locale-prefix';
import { MalformedPathError, matchRoute, splitPath } from '../../../web/runtime/shared/route-match';
import { serverError, type ApiCall, type Outcome, type PageRequest, type Target } from './outcome';

/** What the route stage matches against: the manifest's routes (in precedence order) and their modules by pattern. */
export interface RouteTable {
  /** Pages alone. */
  routes: readonly ManifestRoute[];
  pages: Readonly<Record<string, PageModule>>;
  /** API routes alone, in precedence order. */
  apiRoutes?: readonly ManifestRoute[];
  apis?: Readonly<Record<string, ApiModule>>;
  locales: LocaleSettings;
}

/** The decoded segments of the target's path, or the 400 answer when they cannot be decoded. */
function segmentsOf(target: Target, defaultLocale: string): string[] | Outcome {
  try {
    // A path without an escape is its own decoding (most are): split only, no decoder call per
    // segment. Here rather than in splitPath, which ships to the browser (issue 35).
    return target.path.indexOf('%') === -1 ? target.path.split('/').filter(Boolean) : splitPath(target.path);
  } catch (error) {
    if (error instanceof MalformedPathError) return { kind: 'error', statusCode: 400, locale: defaultLocale, asPath: '/' };
    throw error;
  }
}

/**
 * The API route the target asks for, or the 404 (400) answer.
 *
 * @example
 * routeApi(target('/api/users/7', 'api'), table); // { route: /api/users/[id], params: { id: '7' }, … }
 */
export function routeApi(target: Target, table: RouteTable): ApiCall | Outcome {
  const { defaultLocale } = table.locales;
  const parts = segmentsOf(target, defaultLocale);
  if (!Array.isArray(parts)) return parts;
  const match = matchRoute(table.apiRoutes ?? [], parts);
  let module: ApiModule | undefined;
  try {
    module = match ? table.apis?.[match.route.pattern] : undefined;
  } catch (error) {
    // The route's module threw as it loaded: its requests fail, the function's others answer, as in the pages router.
    return serverError(error, target.request, defaultLocale, match!.route);
  }
  if (!match || !module) return { kind: 'notFound', locale: defaultLocale, asPath: target.path };
  return { route: match.route, module, params: match.params, search: target.search, request: target.request };
}

/** Characters encodeURIComponent leaves as they are: a segment of only these is its own encoding (most are). */
const UNESCAPED = /^[A-Za-z0-9\-_.!~*'()]*$/;
const encodePathSegment = (segment: string) => (UNESCAPED.test(segment) ? segment : encodeURIComponent(segment));

/** Paths the pages router answers 404 whatever the routes: its error pages and special files (`/500` is a page's when no `pages/500` exists). */
const RESERVED_PAGES = new Set(['404', '_error', '_app', '_document']);

/** The page the target asks for, or the answer when there is none. */
export function routeRequest(target: Target, table: RouteTable): PageRequest | Outcome {
  const { locales } = table;
  const parts = segmentsOf(target, locales.defaultLocale);
  if (!Array.isArray(parts)) return parts;
  // An app without i18n has no locale prefixes: `/en/news` is no page there, as in the pages router.
  const { locale, parts: rest } = locales.locales.length > 1 || (locales as { i18n?: true }).i18n ? splitLocaleSegments(parts, locales) : { locale: locales.defaultLocale, parts };
  const path = '/' + rest.map(encodePathSegment).join('/');
  const { search } = target;
  // The pages router's own page names are no page of a dynamic route (`pages/[slug].js` asked for `/404`).
  if (rest.length === 1 && RESERVED_PAGES.has(rest[0]!)) return { kind: 'notFound', locale, asPath: path };
  const match = matchRoute(table.routes, rest);
  const module = match ? table.pages[match.route.pattern] : undefined;
  if (!match || !module) return { kind: 'notFound', locale, asPath: path };
  const visited = target.visited && visitedPath(target.visited.path, locales);
  const page: PageRequest = { format: target.format, route: match.route, module, params: match.params, locale, path, search, request: target.request };
  return visited === undefined ? page : { ...page, visited: { path: visited, search: target.visited!.search } };
}

/** The path a rewrite was asked for, spelled as page paths are (segments re-encoded, no locale prefix); undefined when malformed. */
function visitedPath(path: string, locales: LocaleSettings): string | undefined {
  try {
    return '/' + splitLocaleSegments(splitPath(path), locales).parts.map(encodeURIComponent).join('/');
  } catch (error) {
    if (error instanceof MalformedPathError) return undefined;
    throw error;
  }
}
