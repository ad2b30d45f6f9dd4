/**
 * The path → origin table of the distribution (**contract**). The CDK stack turns it into CloudFront
 * cache behaviours and the local server routes requests with it, so what runs locally is
 * what CloudFront does.
 */

export type OriginId = 'assets' | 'render' | 'image';

export type CacheMode =
  /** Content-hashed files: cached for a year, never revalidated. */
  | 'immutable'
  /** Whatever the origin's `Cache-Control` says. */
  | 'origin'
  /** Keyed on `url`, `w`, `q` and the negotiated format. */
  | 'image';

export interface EdgeBehaviour {
  /** CloudFront path pattern (`*` any characters, `?` one); `*` alone is the default behaviour. */
  pathPattern: string;
  origin: OriginId;
  /** Asked when `origin` answers 403/404 (CloudFront origin failover). */
  failoverOrigin?: OriginId;
  cache: CacheMode;
  /**
   * Whether the viewer-request function (viewer-request.cf.js) runs first. Only paths that
   * can reach a Lambda need it; plain S3 paths skip it (and its per-request charge).
   * @default false
   */
  viewerRequest?: boolean;
}

/** CloudFront allows 75 behaviours per distribution by default; keep well under. */
export const MAX_BEHAVIOURS = 60;

/**
 * Behaviours in CloudFront's order (first match wins, default last). Public files get one
 * behaviour per top-level folder (`/photos/*`) and one per extension of top-level files
 * (`/*.png`), so a site with thousands of public files still needs only a few.
 */
export function edgeBehaviours(publicFiles: readonly string[]): EdgeBehaviour[] {
  const fixed: EdgeBehaviour[] = [
    { pathPattern: '/_app/static/*', origin: 'assets', cache: 'immutable' },
    { pathPattern: '/_app/data/*', origin: 'assets', failoverOrigin: 'render', cache: 'origin', viewerRequest: true },
    { pathPattern: '/_app/image', origin: 'image', cache: 'image', viewerRequest: true },
  ];
  const patterns = new Set<string>();
  for (const file of publicFiles) {
    const parts = file.split('/').filter(Boolean);
    if (parts.length > 1) patterns.add(`/${parts[0]}/*`);
    else {
      const name = parts[0] ?? '';
      const dot = name.lastIndexOf('.');
      patterns.add(dot > 0 ? `/*${name.slice(dot)}` : `/${name}`);
    }
  }
  const publicBehaviours = [...patterns].sort().map((pathPattern): EdgeBehaviour => ({ pathPattern, origin: 'assets', cache: 'origin' }));
  const all = [...fixed, ...publicBehaviours, { pathPattern: '*', origin: 'render', cache: 'origin', viewerRequest: true } as EdgeBehaviour];
  if (all.length > MAX_BEHAVIOURS) {
    throw new Error(
      `public/ needs ${publicBehaviours.length} CloudFront behaviours (limit ${MAX_BEHAVIOURS - fixed.length - 1}): move top-level files into folders, one behaviour serves each folder.`,
    );
  }
  return all;
}

/** CloudFront path-pattern matching: case-sensitive, `*` matches any run of characters (slashes too), `?` one. */
export function matchPathPattern(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(path);
}

/** The behaviour CloudFront would pick for a request path. */
export function selectBehaviour(behaviours: readonly EdgeBehaviour[], path: string): EdgeBehaviour {
  return behaviours.find((b) => matchPathPattern(b.pathPattern, path)) ?? behaviours[behaviours.length - 1]!;
}
