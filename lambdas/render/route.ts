/**
 * The route stage: a target's path to a page route, its params and its locale. Answers
 * itself when the path is malformed (400), spells out the default locale (308 to the
 * unprefixed URL: one URL per page), or matches no page (404).
 */
import type { ManifestRoute } from '../../contract/manifest';
import type { PageModule } from '../../web/runtime/shared/page-types';
import { splitLocaleSegments, type LocaleSettings } from '../../web/runtime/shared/locale-prefix';
import { MalformedPathError, matchRoute, splitPath } from '../../web/runtime/shared/route-match';
import { NO_STORE } from './cache-control';
import type { Outcome, PageRequest, Target } from './outcome';

/** What the route stage matches against: the manifest's routes (in precedence order) and their modules by pattern. */
export interface RouteTable {
  routes: readonly ManifestRoute[];
  pages: Readonly<Record<string, PageModule>>;
  locales: LocaleSettings;
}

/** The page the target asks for, or the answer when there is none. */
export function routeRequest(target: Target, table: RouteTable): PageRequest | Outcome {
  const { locales } = table;
  let parts: string[];
  try {
    parts = splitPath(target.path);
  } catch (error) {
    if (error instanceof MalformedPathError) return { kind: 'error', statusCode: 400, locale: locales.defaultLocale, asPath: '/' };
    throw error;
  }
  const { locale, parts: rest, prefixed } = splitLocaleSegments(parts, locales);
  const path = '/' + rest.map(encodeURIComponent).join('/');
  const { search } = target;
  if (prefixed && locale === locales.defaultLocale) {
    return { kind: 'redirect', destination: path + (search.size ? `?${search}` : ''), statusCode: 308, cacheControl: NO_STORE };
  }
  const match = matchRoute(table.routes, rest);
  const module = match ? table.pages[match.route.pattern] : undefined;
  if (!match || !module) return { kind: 'notFound', locale, asPath: path };
  return { format: target.format, route: match.route, module, params: match.params, locale, path, search, request: target.request };
}
