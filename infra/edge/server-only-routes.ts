/**
 * The page routes whose answers are never in the bucket (getServerSideProps and
 * getInitialProps pages: kind `ssr`), for the viewer-request function: a request for one of
 * them goes straight to the render function, rather than to the bucket first and the
 * function on the bucket's 403 (CloudFront's origin failover), which costs every
 * server-rendered request a round trip to S3 (issue 35). A request sent to the function
 * that the bucket could have answered is still answered right (the function serves every
 * page), only slower: so a server route that could match a path a bucket page answers
 * (a static or getStaticProps page: `/ssr/about` beside `/ssr/[id]`) is left out.
 *
 * The edge's form of a pattern: `/` and its segments joined by `/` (`/` alone for the root),
 * static ones as `encodeURIComponent` writes them (what the function's page key holds), `:`
 * for a dynamic segment, `::` for a catch-all (one or more), `:::` for an optional catch-all
 * (zero or more). `:` is never part of an encoded segment.
 */
import type { ManifestRoute, RouteSegment } from '../../contract/manifest';

type Route = Pick<ManifestRoute, 'kind' | 'segments'>;

const isCatchAll = (segment: RouteSegment | undefined) => segment?.type === 'catchAll' || segment?.type === 'optionalCatchAll';

/** Whether some path could match both patterns (conservative: a catch-all on either side with agreeing prefixes counts as yes). */
export function mayOverlap(a: readonly RouteSegment[], b: readonly RouteSegment[]): boolean {
  for (let i = 0; ; i++) {
    const [x, y] = [a[i], b[i]];
    if (isCatchAll(x) || isCatchAll(y)) return true;
    if (x === undefined || y === undefined) return x === y;
    if (x.type === 'static' && y.type === 'static' && x.value !== y.value) return false;
  }
}

/** A pattern in the edge's form (see above). */
export function edgePattern(segments: readonly RouteSegment[]): string {
  return '/' + segments
    .map((segment) => {
      switch (segment.type) {
        case 'static':
          return encodeURIComponent(segment.value);
        case 'dynamic':
          return ':';
        case 'catchAll':
          return '::';
        case 'optionalCatchAll':
          return ':::';
      }
    })
    .join('/');
}

/**
 * The server-only page routes of a build, in the edge's form, in the manifest's order.
 *
 * @example
 * serverOnlyRoutes(manifest.routes); // ['/ssr/:', '/docs/::'] for pages/ssr/[id].tsx and pages/docs/[...path].tsx
 */
export function serverOnlyRoutes(routes: readonly Route[]): string[] {
  const inBucket = routes.filter((route) => route.kind === 'static' || route.kind === 'ssg');
  return routes
    .filter((route) => route.kind === 'ssr' && !inBucket.some((page) => mayOverlap(route.segments, page.segments)))
    .map((route) => edgePattern(route.segments));
}
