/**
 * A static route's paths, as the pages router reads what getStaticPaths returns: the build
 * prerenders them (cli/builder/steps/prerender.ts), and `stratus dev`, which prerenders
 * nothing, asks on each request whether the path is one of them (static-pages.ts).
 */
import { showsLocales, type LocaleConfig } from '../../../contract/config';
import type { Fallback, ManifestRoute } from '../../../contract/manifest';
import { buildPath, matchRoute, matchSegments, missingValue, splitPath } from '../../../web/runtime/shared/route-match';
import { splitLocale } from '../../../web/runtime/shared/locale-prefix';
import type { PageModule } from '../../../web/runtime/shared/page-types';

type Config = LocaleConfig;
/** Makes the error thrown for a wrong return (the build's BuildError, which names the file). */
type Fail = (message: string) => Error;

/** An optional catch-all given as null or false is the route's root, as the pages router reads it. */
function withEmptyOptionals(route: ManifestRoute, params: Record<string, unknown>): Record<string, unknown> {
  const optional = route.segments.find((s) => s.type === 'optionalCatchAll');
  if (!optional || (params[optional.name] !== null && params[optional.name] !== false)) return params;
  return { ...params, [optional.name]: [] };
}

/**
 * A path given as a string, read as the pages router reads it: a trailing slash dropped, a
 * locale prefix taken as the path's locale (else the default locale); it must be one of
 * the route's paths.
 */
function stringPath(route: ManifestRoute, entry: string, config: Config, fail: Fail): { path: string; locale: string } {
  const { locales, defaultLocale } = config;
  const trimmed = entry.length > 1 ? entry.replace(/\/+$/, '') || '/' : entry;
  const { locale, path: inner, prefixed } = splitLocale(trimmed, { locales, defaultLocale });
  const local = prefixed ? inner : trimmed;
  let parts: string[] | undefined;
  try {
    parts = splitPath(local);
  } catch {
    parts = undefined;
  }
  if (!local.startsWith('/') || !parts || !matchSegments(route.segments, parts)) {
    throw fail(`${route.file}: getStaticPaths returned "${entry}", which is not a path of ${route.pattern}; return paths such as ${route.pattern.replace(/\[+(?:\.\.\.)?([^\]]+)\]+/g, 'a')} or { params }.`);
  }
  // Spelled as page paths are everywhere else (each segment as encodeURIComponent writes it): one key per page.
  return { path: '/' + parts.map(encodeURIComponent).join('/'), locale: prefixed ? locale : defaultLocale };
}

/**
 * A static route's paths, per locale, and its `fallback`: from getStaticPaths or the route
 * itself. `routes`: the app's, to refuse a path another page serves (left out, not checked);
 * `fail` makes the error for what getStaticPaths returned wrong.
 */
export async function staticPathsOf(route: ManifestRoute, module: PageModule, config: Config, routes: readonly ManifestRoute[] | undefined, fail: Fail): Promise<{ fallback: Fallback; paths: { path: string; locale: string }[] }> {
  const { locales, defaultLocale } = config;
  const dynamic = route.segments.some((s) => s.type !== 'static');
  if (!dynamic) return { fallback: false, paths: locales.map((locale) => ({ path: buildPath(route.segments, {})!.path, locale })) };
  if (!module.getStaticPaths) return { fallback: false, paths: [] }; // dynamic page without data: rendered on request
  // Without i18n both undefined, as the pages router gives them (showsLocales, contract/config.ts); paths still go under the default locale.
  const result = await module.getStaticPaths(showsLocales(config) ? { locales, defaultLocale } : { locales: undefined, defaultLocale: undefined });
  if (!result || !Array.isArray(result.paths)) {
    throw fail(`${route.file}: getStaticPaths must return { paths: [...], fallback }, got ${JSON.stringify(result)}`);
  }
  if (result.fallback !== false && result.fallback !== true && result.fallback !== 'blocking') {
    throw fail(`${route.file}: getStaticPaths returned fallback ${JSON.stringify(result.fallback)}; use false, true or 'blocking'.`);
  }
  const paths = result.paths.map((entry) => {
    if (typeof entry === 'string') return stringPath(route, entry, config, fail);
    const extra = entry && typeof entry === 'object' ? Object.keys(entry).filter((key) => key !== 'params' && key !== 'locale') : [];
    if (extra.length > 0) {
      throw fail(`${route.file}: getStaticPaths returned a path with the keys [${extra.join(', ')}]: put the route's parameters under params, as { params: { ${route.segments.filter((s) => s.type !== 'static').map((s) => `${(s as { name: string }).name}: …`).join(', ')} } }.`);
    }
    const params = withEmptyOptionals(route, entry.params ?? {});
    const built = buildPath(route.segments, params);
    if (!built) throw fail(`${route.file}: getStaticPaths returned params ${JSON.stringify(entry.params)}: ${missingValue(route.segments, params)}`);
    return { path: built.path, locale: entry.locale ?? defaultLocale };
  });
  // A path another page serves (a static page wins over this one) would be rendered twice
  // into one file, and this page's copy never served: the pages router refuses it too.
  const pages = (routes ?? []).filter((r) => r.kind !== 'api');
  for (const { path: p, locale } of paths) {
    if (!locales.includes(locale)) {
      throw fail(`${route.file}: getStaticPaths returned locale "${locale}", which is not in stratus.config locales.`);
    }
    const owner = matchRoute(pages, splitPath(p))?.route;
    if (owner && owner.pattern !== route.pattern) {
      throw fail(`${route.file}: getStaticPaths returned ${p}, which ${owner.file} serves (it takes precedence over ${route.pattern}); remove ${p} from the paths, or the other page.`);
    }
  }
  // The same path listed twice is rendered once, as the pages router does.
  const seen = new Set<string>();
  const unique = paths.filter((p) => !seen.has(`${p.locale} ${p.path}`) && seen.add(`${p.locale} ${p.path}`));
  return { fallback: result.fallback, paths: unique };
}

