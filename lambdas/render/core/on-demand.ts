/**
 * On-demand revalidation: `res.revalidate('/path')` in an API route, and the operators'
 * `stratus revalidate <path>…` (which invokes the function directly). The page is rendered
 * again now, under the fleet-wide lease (static-pages.ts), written to the shared store, and
 * then removed from CloudFront's cache with its page data (ports/, `Invalidations`), so the next
 * visitor anywhere gets the new version.
 */
import { StratusError } from '../../../contract/errors';
import { dataUrl } from '../../../contract/urls';
import { localizePath, withLocalePrefix } from '../../../web/runtime/shared/locale-prefix';
import type { Invalidations } from '../ports/ports';
import type { PageRequest } from './outcome';
import { routeRequest, type RouteTable } from './route';
import type { StaticPages } from '../static/static-pages';

/** A path `res.revalidate` cannot revalidate: what was asked and why. */
export class RevalidateError extends StratusError {
  constructor(message: string) {
    super('REVALIDATE_PATH_INVALID', message);
    this.name = 'RevalidateError';
  }
}

export interface OnDemandOptions {
  table: RouteTable;
  pages: StaticPages;
  invalidations: Invalidations;
  buildId: string;
}

/** The page a revalidation path names; throws RevalidateError when it names none that is static. */
function pageOf(urlPath: string, table: RouteTable): PageRequest {
  if (urlPath.includes('?') || urlPath.includes('#')) throw new RevalidateError(`res.revalidate('${urlPath}'): give the path alone, without a query or fragment.`);
  const page = routeRequest({ format: 'html', path: urlPath, search: new URLSearchParams(), request: { method: 'GET', path: urlPath, rawQuery: '', headers: {} } }, table);
  if ('kind' in page) {
    const why = page.kind === 'error' ? 'the path is malformed' : 'no page matches it';
    throw new RevalidateError(`res.revalidate('${urlPath}'): ${why}.`);
  }
  if (page.route.kind === 'ssr') throw new RevalidateError(`res.revalidate('${urlPath}'): ${page.route.file} has getServerSideProps and is rendered for every request; there is nothing to revalidate.`);
  return page;
}

/**
 * @example
 * const revalidate = createOnDemand({ table, pages, invalidations, buildId });
 * await revalidate('/posts/first'); // rendered, stored, and /posts/first + /_app/data/<buildId>/posts/first.json invalidated
 */
export function createOnDemand(options: OnDemandOptions): (urlPath: string) => Promise<void> {
  const { table, pages, invalidations, buildId } = options;
  return async (urlPath) => {
    const page = pageOf(urlPath, table);
    const dynamic = page.route.segments.some((s) => s.type !== 'static');
    if (dynamic && page.route.fallback === false && (await pages.lookup(page)) === 'missing') {
      throw new RevalidateError(`res.revalidate('${urlPath}'): ${page.route.file} has fallback: false and getStaticPaths did not list this path.`);
    }
    await pages.revalidate(page);
    const pageUrl = localizePath(page.path, page.locale, table.locales);
    const prefix = page.locale === table.locales.defaultLocale ? '' : `/${page.locale}`;
    const paths = [pageUrl, dataUrl(buildId, prefix, page.path)];
    // The default locale's page is served spelled out too (`/en/news`), as the pages router serves it.
    if (!prefix && table.locales.locales.length > 1) paths.push(withLocalePrefix(page.path, page.locale), dataUrl(buildId, `/${page.locale}`, page.path));
    await invalidations.invalidate(paths);
  };
}
