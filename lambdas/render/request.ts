/**
 * The request stage: what a request asks for (a page, or a page's data) and the answers
 * that need no route: 405 for methods pages do not take, a data URL of another build,
 * the framework's own `/_app/` paths.
 */
import type { Manifest } from '../../contract/manifest';
import { APP_PREFIX, DATA_PREFIX, parseDataUrl } from '../../contract/urls';
import type { CoreRequest } from '../shared/http';
import type { Format, Outcome, Target } from './outcome';

/** Page data under `/_app/data/` is JSON, whatever happens to the request; everything else is HTML. */
export function formatOf(request: CoreRequest): Format {
  return request.path.startsWith(DATA_PREFIX) ? 'json' : 'html';
}

/** The methods pages answer. */
export const PAGE_METHODS = 'GET, HEAD';

/**
 * The target to route, or the answer when the request needs none.
 *
 * @example
 * readRequest({ method: 'GET', path: '/_app/data/b1/fr/about.json', rawQuery: '', headers: {} }, 'json', manifest);
 * // { format: 'json', path: '/fr/about', search, request } when manifest.buildId is 'b1'
 */
export function readRequest(request: CoreRequest, format: Format, manifest: Pick<Manifest, 'buildId' | 'config'>): Target | Outcome {
  const { defaultLocale } = manifest.config;
  // API routes (the reserved `api` outcome) will take any method: when they come, this
  // check moves after route matching and applies to pages alone.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { kind: 'error', statusCode: 405, locale: defaultLocale, asPath: request.path, headers: { allow: PAGE_METHODS } };
  }
  let path = request.path;
  if (format === 'json') {
    const data = parseDataUrl(request.path);
    if (!data || data.buildId !== manifest.buildId) return { kind: 'unknownBuild' };
    path = data.pagePath;
  } else if (path.startsWith(APP_PREFIX)) {
    // The framework's own paths are never pages.
    return { kind: 'notFound', locale: defaultLocale, asPath: request.path };
  }
  return { format, path, search: new URLSearchParams(request.rawQuery), request };
}
