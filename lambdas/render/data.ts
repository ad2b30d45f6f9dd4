/**
 * The data stage: what a matched page answers. Server pages run getServerSideProps on
 * every request; static pages come from the store (rendered again when stale, or first
 * rendered as `fallback` allows). The answer is props, notFound or a redirect, the same
 * outcome whether the request wants the page or its data.
 */
import type { ResolvedConfig } from '../../contract/config';
import { mergeQuery, searchToQuery } from '../../web/runtime/shared/route-match';
import { NO_STORE, staticCacheControl } from './cache-control';
import { readDataResult } from './data-result';
import type { Outcome, PageRequest, Query } from './outcome';
import { serverContext } from './server-context';
import type { StaticPages } from './static-pages';

/** Search params and route params together, params winning: a null-prototype object, since the names are the visitor's. */
function queryOf(page: PageRequest): Query {
  return mergeQuery(searchToQuery(page.search), page.params);
}

async function serverData(page: PageRequest, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): Promise<Outcome> {
  const query = queryOf(page);
  const result = await readDataResult(page.route.file, 'getServerSideProps', await page.module.getServerSideProps!(serverContext(page, query, config)));
  if (result.type === 'props') return { kind: 'render', page, props: result.props, query, isFallback: false };
  if (result.type === 'notFound') return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path };
  return { kind: 'redirect', route: page.route, destination: result.destination, statusCode: result.statusCode, cacheControl: NO_STORE };
}

async function staticData(page: PageRequest, pages: StaticPages): Promise<Outcome> {
  const found = await pages.lookup(page);
  if (found === 'missing') return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path };
  // A `fallback: true` path not rendered yet: the shell now, its data (rendered then) next.
  if (found === 'fallback') return { kind: 'render', page, props: {}, query: { ...page.params }, isFallback: true };
  if ('type' in found) {
    return { kind: 'redirect', route: page.route, destination: found.destination, statusCode: found.statusCode, cacheControl: staticCacheControl(found.revalidate) };
  }
  if (found.notFound) return { kind: 'notFound', route: page.route, locale: page.locale, asPath: page.path };
  return { kind: 'static', page, stored: found };
}

/** The data stage over the app's static pages and config. Throws what data functions throw. */
export function createDataStage(pages: StaticPages, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): (page: PageRequest) => Promise<Outcome> {
  return (page) => (page.route.kind === 'ssr' ? serverData(page, config) : staticData(page, pages));
}
