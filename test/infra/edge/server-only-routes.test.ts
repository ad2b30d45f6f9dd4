/**
 * Server-rendered pages go straight to the render function: the viewer-request function
 * skips the bucket (and the origin failover behind it) for paths only a getServerSideProps
 * or getInitialProps page answers, and keeps asking the bucket first wherever a bucket page
 * (static, getStaticProps) could be the answer.
 */
import fc from 'fast-check';
import type { ManifestRoute, PageKind, RouteSegment } from '../../../contract/manifest';
import { mayOverlap, serverOnlyRoutes } from '../../../infra/edge/server-only-routes';
import { evaluateViewerRequest, isFunctionResponse, viewerRequestCode, type CloudFrontFunctionEvent, type EdgeConfig } from '../../../infra/edge/viewer-request';
import { compareRoutes, matchRoute, parseRoutePattern, splitPath } from '../../../web/runtime/shared/route-match';

type Route = Pick<ManifestRoute, 'kind' | 'segments' | 'pattern'>;
const route = (pattern: string, kind: PageKind): Route => ({ pattern, kind, segments: parseRoutePattern(pattern) });

const PAGES = { buildId: 'B1', bucketOrigin: 'assets', renderOrigin: 'render' };

function edgeFor(routes: readonly Route[], extra: Partial<EdgeConfig> = {}) {
  const config: EdgeConfig = { locales: ['en', 'fr'], defaultLocale: 'en', imageFormats: ['image/webp'], i18n: true, pages: PAGES, serverRoutes: serverOnlyRoutes(routes), ...extra };
  const run = evaluateViewerRequest(viewerRequestCode(config));
  /** Where the function sends `GET uri`: the bucket first (an origin group), the render function, or nowhere (it answered itself). */
  return (uri: string): 'bucket' | 'function' | 'answered' => {
    const event: CloudFrontFunctionEvent = { version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '127.0.0.1' }, request: { method: 'GET', uri, querystring: {}, headers: { host: { value: 'example.com' } }, cookies: {} } };
    const { result, originGroup } = run(event);
    if (isFunctionResponse(result)) return 'answered';
    return originGroup ? 'bucket' : 'function';
  };
}

const APP = [
  route('/', 'ssg'),
  route('/about', 'static'),
  route('/ssr/[id]', 'ssr'),
  route('/posts/[slug]', 'ssg'),
  route('/posts/[slug]/comments', 'ssr'),
  route('/docs/[...path]', 'ssr'),
  route('/shop/[[...filters]]', 'ssr'),
  route('/news/[id]', 'ssr'),
  route('/news/today', 'static'),
  route('/api/items/[id]', 'api'),
];

describe('serverOnlyRoutes', () => {
  test('lists the server pages no bucket page can shadow, in the edge form', () => {
    expect(serverOnlyRoutes(APP)).toEqual(['/ssr/:', '/posts/:/comments', '/docs/::', '/shop/:::']);
  });

  test('a server page at the root, or named with characters a URL escapes, is written as the page key spells it', () => {
    expect(serverOnlyRoutes([route('/', 'ssr')])).toEqual(['/']);
    expect(serverOnlyRoutes([route('/été/[id]', 'ssr')])).toEqual([`/${encodeURIComponent('été')}/:`]);
  });

  test('a catch-all on either side overlaps whatever agrees before it', () => {
    const segments = (pattern: string): RouteSegment[] => parseRoutePattern(pattern);
    expect(mayOverlap(segments('/a/[...x]'), segments('/a/b/c'))).toBe(true);
    expect(mayOverlap(segments('/b/[...x]'), segments('/a/b/c'))).toBe(false);
    expect(mayOverlap(segments('/a/[id]'), segments('/a/b/c'))).toBe(false);
    expect(mayOverlap(segments('/[[...all]]'), segments('/'))).toBe(true);
  });
});

describe('the viewer-request function with the server routes', () => {
  const sentTo = edgeFor(APP);

  test('server pages go to the render function at once, in every locale', () => {
    for (const uri of ['/ssr/1', '/fr/ssr/1', '/en/ssr/1', '/docs/a/b', '/shop', '/fr/shop/x/y', '/posts/a/comments']) expect({ uri, to: sentTo(uri) }).toEqual({ uri, to: 'function' });
  });

  test('pages a bucket copy may answer still ask the bucket first, and so do paths no route names', () => {
    for (const uri of ['/', '/fr', '/about', '/posts/a', '/news/today', '/news/1', '/nothing/here', '/ssr/1/2']) expect({ uri, to: sentTo(uri) }).toEqual({ uri, to: 'bucket' });
  });

  test('without the list (an older config, or one too big for the function), every page path tries the bucket first', () => {
    const withoutList = edgeFor(APP, { serverRoutes: undefined });
    expect(withoutList('/ssr/1')).toBe('bucket');
  });

  test('a skipped path is always one the router gives to a server page or to no page (generated route tables and paths)', () => {
    const segment = fc.oneof(
      fc.constantFrom('a', 'b', 'index', 'été').map((value): RouteSegment => ({ type: 'static', value })),
      fc.constant<RouteSegment>({ type: 'dynamic', name: 'p' }),
    );
    const pattern = fc.tuple(fc.array(segment, { maxLength: 3 }), fc.constantFrom(undefined, 'catchAll', 'optionalCatchAll')).map(([segments, tail]) =>
      tail ? [...segments, { type: tail, name: 'rest' } as RouteSegment] : segments,
    );
    const routes = fc.uniqueArray(fc.tuple(pattern, fc.constantFrom<PageKind>('static', 'ssg', 'ssr')), { minLength: 1, maxLength: 6, selector: ([segments]) => JSON.stringify(segments.map((s) => (s.type === 'static' ? s.value : s.type))) });
    const path = fc.tuple(fc.constantFrom('', '/fr', '/en'), fc.array(fc.constantFrom('a', 'b', 'index', 'été', 'x'), { maxLength: 5 }));
    fc.assert(
      fc.property(routes, fc.array(path, { minLength: 1, maxLength: 8 }), (table, paths) => {
        const manifestRoutes = table.map(([segments, kind]) => ({ pattern: '', kind, segments })).sort(compareRoutes);
        const to = edgeFor(manifestRoutes);
        for (const [prefix, parts] of paths) {
          const uri = prefix + parts.map((part) => `/${encodeURIComponent(part)}`).join('') || '/';
          if (to(uri) !== 'function') continue;
          const matched = matchRoute(manifestRoutes, splitPath(`/${parts.join('/')}`));
          if (matched && matched.route.kind !== 'ssr') throw new Error(`${uri} skipped the bucket, but the router gives it to a ${matched.route.kind} page`);
        }
      }),
      { seed: 3501, numRuns: 150 },
    );
  });
});
