/**
 * Which methods a page takes, as in the pages router: a getServerSideProps page any (a form
 * posts to its own page; the page reads the method and body from `ctx.req`), a static page
 * GET and HEAD alone (405 with `Allow` and the 405 page otherwise). Page data
 * (`/_app/data/…`) is GET and HEAD whatever the page; API routes take every method, their
 * handler decides.
 */
import type { ManifestRoute } from '../../../contract/manifest';
import type { Outcome, PageRequest } from './outcome';

/** The methods static pages and page data answer: the `Allow` of their 405. */
export const PAGE_METHODS = 'GET, HEAD';

/**
 * GET or HEAD: what every path takes.
 *
 * @example
 * isReadMethod('HEAD'); // true
 * isReadMethod('POST'); // false
 */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Whether a route answers a method on a page request (not page data).
 *
 * @example
 * pageTakesMethod({ kind: 'ssr' }, 'POST');    // true: a form posts to its own page
 * pageTakesMethod({ kind: 'static' }, 'POST'); // false: 405
 */
export function pageTakesMethod(route: Pick<ManifestRoute, 'kind'>, method: string): boolean {
  return route.kind === 'ssr' || route.kind === 'api' || isReadMethod(method);
}

/**
 * The 405 for a page that does not take the request's method, or undefined.
 *
 * @example
 * refuseMethod(postToAboutPage); // { kind: 'error', statusCode: 405, headers: { allow: 'GET, HEAD' }, … }
 */
export function refuseMethod(page: PageRequest): Outcome | undefined {
  if (pageTakesMethod(page.route, page.request.method)) return undefined;
  return { kind: 'error', statusCode: 405, route: page.route, locale: page.locale, asPath: page.path, headers: { allow: PAGE_METHODS } };
}
