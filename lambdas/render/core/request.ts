/**
 * The request stage: what a request asks for (a page, a page's data, or an API route) and
 * the answers that need no route: 405 for page data asked with a method other than GET or
 * HEAD, a data URL of another build or of an API route, the framework's own `/_app/` paths. Pages and API
 * routes have their methods checked once matched (methods.ts), since that depends on the route.
 */
import { isApiPath, type Manifest } from '../../../contract/manifest';
import { APP_PREFIX, DATA_PREFIX, parseDataUrl } from '../../../contract/urls';
import { splitLocale } from '../../../web/runtime/shared/locale-prefix';
import type { CoreRequest } from '../../shared/http';
import { isReadMethod, PAGE_METHODS } from './methods';
import type { Format, Outcome, Target } from './outcome';

export { PAGE_METHODS } from './methods';

/**
 * Page data under `/_app/data/` is JSON and `/api/…` an API route, whatever happens to the
 * request; everything else is HTML.
 */
export function formatOf(request: CoreRequest): Format {
  if (request.path.startsWith(DATA_PREFIX)) return 'json';
  return isApiPath(request.path) ? 'api' : 'html';
}

/**
 * The target to route, or the answer when the request needs none.
 *
 * @example
 * readRequest({ method: 'GET', path: '/_app/data/b1/fr/about.json', rawQuery: '', headers: {} }, 'json', manifest);
 * // { format: 'json', path: '/fr/about', search, request } when manifest.buildId is 'b1'
 */
export function readRequest(request: CoreRequest, format: Format, manifest: Pick<Manifest, 'buildId' | 'config'>): Target | Outcome {
  const { defaultLocale } = manifest.config;
  let path = request.path;
  if (format === 'json') {
    if (!isReadMethod(request.method)) {
      return { kind: 'error', statusCode: 405, locale: defaultLocale, asPath: request.path, headers: { allow: PAGE_METHODS } };
    }
    const data = parseDataUrl(request.path);
    if (!data || data.buildId !== manifest.buildId) return { kind: 'unknownBuild' };
    path = data.pagePath;
    // An API route has no page data (a Link to one, a redirect of the client's may land on one): the client loads it in full, as the pages router's client does.
    if (isApiPath(splitLocale(path, manifest.config).path)) return { kind: 'notPageData' };
  } else if (path.startsWith(APP_PREFIX)) {
    // The framework's own paths are never pages.
    return { kind: 'notFound', locale: defaultLocale, asPath: request.path };
  }
  return { format, path, search: new URLSearchParams(request.rawQuery), request };
}
