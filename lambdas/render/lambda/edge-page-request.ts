/**
 * A page request CloudFront sent to the bucket first: the edge function asked for the page's
 * copy under `/_app/pages/…` and put the visitor's path and query in `x-stratus-page`; when
 * the bucket had none, CloudFront sent the same request here (origin failover). The render
 * core answers for the path the visitor asked for, as if the bucket had never been tried.
 */
import { EDGE_PAGE_HEADER, PAGES_PREFIX } from '../../../contract/urls';
import type { CoreRequest } from '../../shared/http';

/**
 * The request as the visitor made it, when the edge sent it to the bucket first; the request
 * itself otherwise. The header counts only on a request for a bucket key of pages (the edge
 * function sets both together and drops any a visitor sends).
 *
 * @example
 * visitorRequest({ method: 'GET', path: '/_app/pages/b1/en/about.html', rawQuery: '', headers: { 'x-stratus-page': '/about?x=1' } }, '');
 * // { method: 'GET', path: '/about', rawQuery: 'x=1', headers: {} }
 */
export function visitorRequest(request: CoreRequest, basePath: string): CoreRequest {
  const asked = request.headers[EDGE_PAGE_HEADER];
  if (asked === undefined) return request;
  const headers: Record<string, string> = Object.assign(Object.create(null), request.headers);
  delete headers[EDGE_PAGE_HEADER];
  if (!request.path.startsWith(basePath + PAGES_PREFIX) || !asked.startsWith('/')) return { ...request, headers };
  const query = asked.indexOf('?');
  return { ...request, headers, path: query < 0 ? asked : asked.slice(0, query), rawQuery: query < 0 ? '' : asked.slice(query + 1) };
}
