/**
 * The route stage: a target's path to a page route, its params and its locale. Answers
 * itself when the path is malformed (400), spells out the default locale (308 to the
 * unprefixed URL: one URL per page), or matches no page (404). API routes are matched
 * apart (`routeApi`): by the path as it is, no locale prefix, against API routes alone.
 */
import type { ManifestRoute } from '../../../contract/manifest';
import type { ApiModule, PageModule } from '../../../web/runtime/shared/page-types';
import { splitLocaleSegments, type LocaleSettings } from '../../../web/runtime/shared/locale-prefix';
import { MalformedPathError, matchRoute, splitPath } from '../../../web/runtime/shared/route-match';
import { NO_STORE } from '../../shared/cache-control';
import type { ApiCall, Outcome, PageRequest, Target } from './outcome';

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
    return splitPath(target.path);
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
  const module = match ? table.apis?.[match.route.pattern] : undefined;
  if (!match || !module) return { kind: 'notFound', locale: defaultLocale, asPath: target.path };
  return { route: match.route, module, params: match.params, search: target.search, request: target.request };
}

/** The page the target asks for, or the answer when there is none. */
export function routeRequest(target: Target, table: RouteTable): PageRequest | Outcome {
  const { locales } = table;
  const parts = segmentsOf(target, locales.defaultLocale);
  if (!Array.isArray(parts)) return parts;
  const { locale, parts: rest, prefixed } = splitLocaleSegments(parts, locales);
  const path = '/' + rest.map(encodeURIComponent).join('/');
  const { search } = target;
  if (prefixed && locale === locales.defaultLocale) {
    return { kind: 'redirect', destination: path + (search.size ? `?${search}` : ''), statusCode: 308, cacheControl: NO_STORE };
  }
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
