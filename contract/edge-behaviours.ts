/**
 * The path → origin table of the distribution (**contract**). The CDK stack turns it into CloudFront
 * cache behaviours and the local server routes requests with it, so what runs locally is
 * what CloudFront does. Each behaviour's allowed methods and cache key are derived here too,
 * for both sides to read (test/infra/local-parity.test.ts holds the template to them).
 */
import type { ResolvedConfig } from './config';
import { isApiPath, type Manifest } from './manifest';
import { hasRoutingRules } from './routing';
import { DRAFT_COOKIE, EDGE_PAGE_HEADER, LOCALE_COOKIE } from './urls';

/**
 * Where a behaviour's requests go: the bucket; the render function (pages, page data), its
 * answers sent whole (a buffered Function URL); the same render code behind a streaming
 * Function URL (API routes, whose answers may leave as they are written); the image function.
 */
export type OriginId = 'assets' | 'render' | 'stream' | 'image';

export type CacheMode =
  /** Content-hashed files: cached for a year, never revalidated. */
  | 'immutable'
  /** Whatever the origin's `Cache-Control` says. */
  | 'origin'
  /** Keyed on `url`, `w`, `q` and the negotiated format. */
  | 'image'
  /** Never cached: API routes answer each request themselves. */
  | 'never';

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
  /**
   * A public behaviour taking more than its files (a folder, `/photos/*`, or an extension,
   * `/*.png`): the bucket's file first, the render function on 403/404 (`failoverOrigin`),
   * so a path there that is no file is the app's (its 404 page, a rewrite, a page). Its
   * viewer-request function is the one without the bucket-first page lookup
   * (`edgeConfigOf(…, buildId)` without a build id): that lookup would ask the bucket for a
   * page instead of the file itself.
   * @default false
   */
  filesFirst?: boolean;
  /**
   * Whether the body signer (infra/edge/body-signer.edge.js, a Lambda@Edge origin-request
   * function) runs before the origin: the behaviours whose requests may carry a body to a
   * private Function URL, which takes one only with its SHA-256 in `x-amz-content-sha256`.
   * @default false
   */
  bodySigner?: boolean;
  /**
   * The bucket's files here are answered with SANDBOXED_FILE_HEADERS
   * (contract/security-headers.ts): a public-file behaviour that serves SVGs and no HTML.
   * @default false
   */
  sandboxed?: boolean;
}

/** Files a browser renders as a page of the site: a behaviour serving one of these is never sandboxed. */
const HTML_FILE = /\.(?:html?|xhtml?)$/i;
const SVG_FILE = /\.svgz?$/i;

/**
 * Which requests may carry a body to the render function. Both come from the build
 * (`bodyRoutesOf`); a path kind that takes none keeps its 405 at the edge and no signer.
 */
export interface BodyRoutes {
  /** The app has API routes (`pages/api/**`): `/api/*` takes every method. */
  readonly api: boolean;
  /**
   * Pages take bodies: the app has a `getServerSideProps` page, which takes every method as
   * in the pages router (a form posts to its own page), or middleware, which sees every
   * method on the paths it matches (an OAuth `form_post` callback, a webhook or a proxy it
   * answers or rewrites). The edge cannot tell one page from another, so every page path
   * passes every method; a static page answers 405 itself.
   */
  readonly pageBodies: boolean;
}

/** Where API routes live; never under a locale prefix. */
export const API_PATH = '/api';

/** The paths of API routes: one rule, kept with the manifest's route kinds. */
export { isApiPath };

/**
 * The body routes of a build: API routes by their kind or pattern (`pages/api/**` →
 * `/api/...`), page bodies by the presence of a `getServerSideProps` page or of middleware,
 * unless the config says pages take none (`pageBodies: false`).
 */
export function bodyRoutesOf(manifest: Pick<Manifest, 'routes'> & { config?: Pick<ResolvedConfig, 'pageBodies' | 'routing'> }): BodyRoutes {
  const api = manifest.routes.some(isApiRoute);
  const pageBodies = manifest.config?.pageBodies !== false && pageBodiesWanted(manifest) !== undefined;
  return { api, pageBodies };
}

const isApiRoute = (route: Manifest['routes'][number]) => route.kind === 'api' || isApiPath(route.pattern);

/**
 * What makes page paths take bodies when the config does not refuse them: a `getServerSideProps`
 * page, else middleware; undefined when neither is there (the build summary says which).
 */
export function pageBodiesWanted(manifest: Pick<Manifest, 'routes'> & { config?: Pick<ResolvedConfig, 'routing'> }): 'server pages' | 'middleware' | undefined {
  if (manifest.routes.some((route) => route.kind === 'ssr' && !isApiRoute(route))) return 'server pages';
  return manifest.config?.routing?.middleware ? 'middleware' : undefined;
}

/** What the routing layer changes in the table (contract/routing.ts). */
export interface EdgeRouting {
  /** The site's `basePath`: every pattern but the default starts with it. @default '' */
  readonly basePath?: string;
  /**
   * Page data goes to the render function, not the bucket first: redirects, rewrites and
   * middleware must see data requests (a soft navigation) as they see pages, and data that
   * `res.revalidate` or draft mode changes is the render function's, not the build's.
   * @default false
   */
  readonly dataThroughRender?: boolean;
}

/**
 * The routing part of a build's table. Page data goes through the render function when
 * something can change it after the build: rules or middleware (a soft navigation must meet
 * them), or API routes (`res.revalidate` regenerates a page and its data, draft mode serves
 * other data); otherwise the bucket's copy from the build is the answer, read first.
 */
export function edgeRoutingOf(manifest: Pick<Manifest, 'config' | 'routes'>): EdgeRouting {
  const { routing } = manifest.config;
  return { basePath: routing?.basePath ?? '', dataThroughRender: hasRoutingRules(routing) || bodyRoutesOf(manifest).api };
}

/** Every kind of body route on: the most behaviours a build can need (the build's quota check). */
export const ALL_BODY_ROUTES: BodyRoutes = { api: true, pageBodies: true };

/** CloudFront allows 75 behaviours per distribution by default; keep well under. */
export const MAX_BEHAVIOURS = 60;

/** The fixed behaviours a build can have at most (static, data, image, `/api`, `/api/*`) and the default: counted whatever the body routes, so that every reader of the table makes the same choice below. */
const MOST_FIXED = 6;

/** Characters a file name may have to be spelled as a CloudFront path pattern (a safe subset of those patterns take; no wildcard). */
const PLAIN_PATTERN = /^[A-Za-z0-9_.$~'@:+-]+$/;

/**
 * The public-file pattern of each file: a file in a folder is served by its top-level
 * folder's (`/photos/*`); a top-level file by its own path (`/robots.txt`), which takes no
 * other path, while all of them fit in the quota; past that (or for a name a pattern cannot
 * spell), by its extension (`/*.txt`), which also takes every other path ending so.
 */
function publicPatterns(publicFiles: readonly string[]): Map<string, string> {
  const patternOf = new Map<string, string>();
  const grouped: string[] = [];
  const shared = new Set<string>();
  for (const file of publicFiles) {
    const parts = file.split('/').filter(Boolean);
    const name = parts[0] ?? '';
    const dot = name.lastIndexOf('.');
    if (parts.length > 1) shared.add(`/${name}/*`), patternOf.set(file, `/${name}/*`);
    else if (dot <= 0) shared.add(`/${name}`), patternOf.set(file, `/${name}`);
    else grouped.push(file);
  }
  const exact = MOST_FIXED + shared.size + grouped.length <= MAX_BEHAVIOURS;
  for (const file of grouped) {
    const name = file.split('/').filter(Boolean)[0]!;
    // CloudFront takes path patterns of up to 255 characters (the basePath goes in front).
    patternOf.set(file, exact && PLAIN_PATTERN.test(name) && name.length <= 200 ? `/${name}` : `/*${name.slice(name.lastIndexOf('.'))}`);
  }
  return patternOf;
}

/**
 * Behaviours in CloudFront's order (first match wins, default last). Public files get one
 * behaviour per top-level folder (`/photos/*`) and one per top-level file (`/robots.txt`),
 * or, when the top-level files would pass the quota, one per extension (`/*.png`), so a site
 * with thousands of public files still needs only a few; a folder's or an extension's
 * behaviour asks the bucket first and the render function when the bucket has no such file
 * (docs/DECISIONS.md, "Public folders fall back to the app"). A path no behaviour takes reaches
 * the render function: a page or rewrite source ending in `.txt` beside `public/robots.txt`
 * too (docs/DECISIONS.md, "Public files by their own path"). API routes
 * get their own behaviours (`/api`, `/api/*`: every method, never cached, signed bodies, the
 * streaming origin) ahead of the public files, so `/api/x.json` is never a file. The signer runs on the
 * default behaviour only when pages take bodies, since it runs on every cache miss there.
 */
export function edgeBehaviours(publicFiles: readonly string[], bodies: BodyRoutes = ALL_BODY_ROUTES, routing: EdgeRouting = {}): EdgeBehaviour[] {
  const base = routing.basePath ?? '';
  // API routes go to the streaming Function URL: an answer written as it goes leaves as it is written.
  const api = (pathPattern: string): EdgeBehaviour => ({ pathPattern, origin: 'stream', cache: 'never', viewerRequest: true, bodySigner: true });
  const data: EdgeBehaviour = routing.dataThroughRender
    ? { pathPattern: `${base}/_app/data/*`, origin: 'render', cache: 'origin', viewerRequest: true }
    : { pathPattern: `${base}/_app/data/*`, origin: 'assets', failoverOrigin: 'render', cache: 'origin', viewerRequest: true };
  const fixed: EdgeBehaviour[] = [
    { pathPattern: `${base}/_app/static/*`, origin: 'assets', cache: 'immutable' },
    data,
    { pathPattern: `${base}/_app/image`, origin: 'image', cache: 'image', viewerRequest: true },
    ...(bodies.api ? [api(base + API_PATH), api(`${base}${API_PATH}/*`)] : []),
  ];
  // Each pattern, and whether it serves SVGs (`svg`) and HTML pages (`html`).
  const patterns = new Map<string, { svg: boolean; html: boolean }>();
  for (const [file, pattern] of publicPatterns(publicFiles)) {
    const seen = patterns.get(pattern) ?? { svg: false, html: false };
    seen.svg ||= SVG_FILE.test(file);
    seen.html ||= HTML_FILE.test(file);
    patterns.set(pattern, seen);
  }
  const publicBehaviours = [...patterns.keys()].sort().map((pathPattern): EdgeBehaviour => {
    const { svg, html } = patterns.get(pathPattern)!;
    const sandboxed = svg && !html ? { sandboxed: true } : {};
    // A pattern with a wildcard takes paths that are no file: those go on to the render function.
    const filesFirst = pathPattern.includes('*') ? { failoverOrigin: 'render' as const, viewerRequest: true, filesFirst: true } : {};
    return { pathPattern: base + pathPattern, origin: 'assets', cache: 'origin', ...filesFirst, ...sandboxed };
  });
  const pages: EdgeBehaviour = { pathPattern: '*', origin: 'render', cache: 'origin', viewerRequest: true, ...(bodies.pageBodies ? { bodySigner: true } : {}) };
  const all = [...fixed, ...publicBehaviours, pages];
  if (all.length > MAX_BEHAVIOURS) {
    throw new Error(
      `public/ needs ${publicBehaviours.length} CloudFront behaviours (limit ${MAX_BEHAVIOURS - fixed.length - 1}): move top-level files into folders, one behaviour serves each folder.`,
    );
  }
  return all;
}

/** CloudFront path-pattern matching: case-sensitive, `*` matches any run of characters (slashes too), `?` one. */
/** Compiled path patterns: the local server matches every request against the table. */
const compiledPatterns = new Map<string, RegExp>();

export function matchPathPattern(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  let regex = compiledPatterns.get(pattern);
  if (!regex) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    regex = new RegExp(`^${source}$`);
    compiledPatterns.set(pattern, regex);
  }
  return regex.test(path);
}

/** The behaviour CloudFront would pick for a request path. */
export function selectBehaviour(behaviours: readonly EdgeBehaviour[], path: string): EdgeBehaviour {
  return behaviours.find((b) => matchPathPattern(b.pathPattern, path)) ?? behaviours[behaviours.length - 1]!;
}

/** CloudFront's allowed-methods sets (a behaviour takes one of them). */
export const GET_HEAD = ['GET', 'HEAD'] as const;
export const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'] as const;
export type HttpMethod = (typeof ALL_METHODS)[number];

/**
 * The methods the edge lets through to an origin, by path kind; the viewer-request function
 * answers any other with 405 and `Allow` (it keeps its own copy of this rule;
 * test/infra/edge/shared-rules.test.ts holds the two equal). API routes take every method,
 * pages too when some page can (`pageBodies`), the framework's own paths GET and HEAD.
 */
export function edgeMethods(path: string, bodies: BodyRoutes): readonly HttpMethod[] {
  if (bodies.api && isApiPath(path)) return ALL_METHODS;
  if (path.startsWith('/_app/')) return GET_HEAD;
  return bodies.pageBodies ? ALL_METHODS : GET_HEAD;
}

/**
 * The methods CloudFront lets through to a behaviour; it answers any other with 403 itself,
 * before the viewer-request function runs. The bucket takes GET and HEAD, and so does an
 * origin group (a failover origin), as CloudFront requires:
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/high_availability_origin_failover.html
 * A behaviour that reaches only a function allows all, so that the viewer-request function,
 * not CloudFront's bare 403, answers a POST (405 with `Allow`).
 */
export function allowedMethods(behaviour: EdgeBehaviour): readonly HttpMethod[] {
  return behaviour.origin !== 'assets' && !behaviour.failoverOrigin ? ALL_METHODS : GET_HEAD;
}

/** The image function's parameters, the only query strings an image response varies on. */
export const IMAGE_QUERY_KEYS = ['url', 'w', 'q'] as const;

/** What CloudFront's cache key holds besides the path (it also forwards these to the origin). */
export interface CacheKey {
  /** `'all'`, or the names kept (`[]`: none). */
  readonly queryStrings: 'all' | readonly string[];
  /** Lower-case header names. */
  readonly headers: readonly string[];
  readonly cookies: readonly string[];
}

/** The cache keys in use; the stack makes one shared cache policy of each (policies count against a quota). */
export const CACHE_KEYS = {
  /** Content-hashed files: the path names the content. */
  static: { queryStrings: [], headers: [], cookies: [] },
  /** Public files: the path alone; a query string must not split the cache. */
  file: { queryStrings: [], headers: [], cookies: [] },
  /**
   * Pages and page data: pages read the query, and `/` answers by the visitor's chosen
   * locale; a draft-mode visitor's requests key apart, so the edge never answers them from
   * its copy (their answers are no-store, so nothing is kept under that key either). A page
   * request the edge function sends to the bucket first carries its path and query in
   * `x-stratus-page` instead (the bucket sees no query), so that header keys it.
   */
  page: { queryStrings: 'all', headers: [EDGE_PAGE_HEADER], cookies: [LOCALE_COOKIE, DRAFT_COOKIE] },
  /** Images: their parameters and the Accept the viewer-request function cut down to one format. */
  image: { queryStrings: IMAGE_QUERY_KEYS, headers: ['accept'], cookies: [] },
  /** API routes: nothing is cached, so nothing is keyed (CloudFront's managed CachingDisabled). */
  never: { queryStrings: [], headers: [], cookies: [] },
} as const satisfies Record<string, CacheKey>;

export type CacheKeyName = keyof typeof CACHE_KEYS;

/** Which cache key a behaviour uses: anything the render function may answer varies like a page. */
export function cacheKeyName(behaviour: EdgeBehaviour): CacheKeyName {
  if (behaviour.cache === 'immutable') return 'static';
  if (behaviour.cache === 'image') return 'image';
  if (behaviour.cache === 'never') return 'never';
  return behaviour.origin === 'render' || behaviour.failoverOrigin === 'render' ? 'page' : 'file';
}

export function cacheKeyOf(behaviour: EdgeBehaviour): CacheKey {
  return CACHE_KEYS[cacheKeyName(behaviour)];
}
